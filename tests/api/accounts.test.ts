import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

type Session = { id: number; token: string; name: string; userType: number; isAdmin: boolean };

const individual = (overrides: Record<string, unknown> = {}) => ({
  name: 'أحمد الخليلي',
  email: `ahmad${Math.random().toString(36).slice(2, 8)}@example.ps`,
  mobile: '0599111222',
  ssn: '123456782',
  addressState: 2,
  addressCity: 13,
  addressInfo: 'شارع عين سارة',
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  ...overrides,
});

const dealership = (overrides: Record<string, unknown> = {}) => ({
  ...individual(),
  name: 'معرض النجمة',
  ssn: undefined,
  licenseNumber: 'L-55443',
  ...overrides,
});

describe.each(drivers)('accounts on %s', (driver) => {
  let t: TestApp;
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { payload?: unknown; token?: string; lang?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload: options.payload as object,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.lang ? { 'accept-language': options.lang } : {}),
      },
    });
  const signUp = async (
    payload: Record<string, unknown>,
    kind: 'Customer' | 'Compony' = 'Customer',
  ) => {
    const response = await send('POST', `/api/User/${kind}SignUp`, { payload });
    expect(response.statusCode, response.body).toBe(200);
    return body<Session>(response).data;
  };

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up an individual and answers a session, storing only a hash', async () => {
    const form = individual();
    const session = await signUp(form);
    expect(session).toMatchObject({
      id: expect.any(Number),
      name: form.name,
      userType: 71,
      isAdmin: false,
    });
    expect(session.token.split('.')).toHaveLength(3);
    const payload = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, session.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain(form.password);
    expect(JSON.stringify(session)).not.toContain('scrypt');
  });

  it('signs up a dealership with its licence number', async () => {
    const session = await signUp(dealership(), 'Compony');
    expect(session.userType).toBe(72);
    const profile = await send('GET', '/api/User/CompanyProfileInfo', { token: session.token });
    expect(body<{ licenseNumber: string }>(profile).data.licenseNumber).toBe('L-55443');
  });

  it('refuses a duplicate email whatever its case with 409, creating nothing', async () => {
    const form = individual();
    await signUp(form);
    const before = (await t.database.db.select().from(users)).length;
    const again = await send('POST', '/api/User/ComponySignUp', {
      payload: dealership({ email: form.email.toUpperCase() }),
      lang: 'en',
    });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({
      success: false,
      message: 'An account with this email already exists.',
    });
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it.each([
    [{ name: '' }, 'أدخل الإسم'],
    [{ name: '   ' }, 'أدخل الإسم'],
    [{ email: '' }, 'أدخل الإيميل'],
    [{ mobile: '' }, 'أدخل رقم الجوال'],
    [{ ssn: '' }, 'أدخل رقم الهوية'],
    [{ addressState: 0 }, 'إختر المحافظة'],
    [{ addressCity: 0 }, 'إختر المدينة'],
    [{ email: 'not-an-email' }, 'الرجاء إدخال إيميل صالح'],
    [{ email: 'a b@c.d' }, 'الرجاء إدخال إيميل صالح'],
    [{ mobile: '05991x1222' }, 'رقم الجوال يجب أن يتكون من أرقام فقط مع + اختيارية في البداية'],
    [{ ssn: '12345' }, 'رقم الهوية يجب أن يتكون من 9 أرقام'],
    [{ ssn: '12345678a' }, 'رقم الهوية يجب أن يتكون من 9 أرقام'],
    [{ addressState: 1, addressCity: 13 }, 'المدينة المختارة لا تتبع المحافظة المختارة'],
  ])('refuses %o with "%s" and creates nothing', async (change, message) => {
    const before = (await t.database.db.select().from(users)).length;
    const response = await send('POST', '/api/User/CustomerSignUp', {
      payload: individual(change),
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ success: false, message, data: null });
    expect((await t.database.db.select().from(users)).length).toBe(before);
  });

  it('checks the password and its confirmation after the other fields', async () => {
    const mismatch = await send('POST', '/api/User/CustomerSignUp', {
      payload: individual({ confirmPassword: 'Other@123' }),
      lang: 'en',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(body(mismatch).message).toMatch(/confirm/i);
    const dealer = await send('POST', '/api/User/ComponySignUp', {
      payload: dealership({ licenseNumber: '' }),
    });
    expect(body(dealer).message).toBe('أدخل رقم الترخيص');
  });

  it('logs in by email in any case, and refuses a wrong password the same way as an unknown email', async () => {
    const form = individual();
    const created = await signUp(form);
    const login = await send('POST', '/api/User/UserLogin', {
      payload: { email: ` ${form.email.toUpperCase()} `, password: form.password },
    });
    expect(login.statusCode).toBe(200);
    expect(body<Session>(login).data).toMatchObject({
      id: created.id,
      userType: 71,
      name: form.name,
    });
    const wrong = await send('POST', '/api/User/UserLogin', {
      payload: { email: form.email, password: 'nope' },
      lang: 'en',
    });
    const unknown = await send('POST', '/api/User/UserLogin', {
      payload: { email: 'nobody@example.ps', password: 'nope' },
      lang: 'en',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(body(wrong).message).toBe(body(unknown).message);
  });

  it("reads and updates only the caller's own profile", async () => {
    const mine = await signUp(individual());
    const other = await signUp(individual());
    const profile = await send('GET', `/api/User/CustomerProfileInfo?userId=${mine.id}`, {
      token: mine.token,
    });
    expect(profile.statusCode).toBe(200);
    expect(body(profile).data).not.toHaveProperty('passwordHash');
    const foreign = await send('GET', `/api/User/CustomerProfileInfo?userId=${other.id}`, {
      token: mine.token,
    });
    expect(foreign.statusCode).toBe(403);
    const update = await send('PUT', '/api/User/CustomerProfileUpdate', {
      token: mine.token,
      payload: { ...individual({ name: 'أحمد المعدل', mobile: '0599000111' }), id: other.id },
    });
    expect(update.statusCode).toBe(403);
    const [untouched] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(untouched!.name).toBe('أحمد الخليلي');
  });

  it("updates the profile with the spec's checks in order", async () => {
    const me = await signUp(individual());
    const missingAddress = await send('PUT', '/api/User/CustomerProfileUpdate', {
      token: me.token,
      payload: { ...individual({ addressInfo: '' }), id: me.id },
    });
    expect(missingAddress.statusCode).toBe(400);
    const good = await send('PUT', '/api/User/CustomerProfileUpdate', {
      token: me.token,
      payload: { ...individual({ name: 'اسم جديد', email: `new${me.id}@example.ps` }), id: me.id },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(body<{ name: string }>(good).data.name).toBe('اسم جديد');
  });

  it('keeps company tokens off customer calls and the reverse', async () => {
    const customer = await signUp(individual());
    const company = await signUp(dealership(), 'Compony');
    expect(
      (await send('GET', '/api/User/CustomerProfileInfo', { token: company.token })).statusCode,
    ).toBe(403);
    expect(
      (await send('GET', '/api/User/CompanyProfileInfo', { token: customer.token })).statusCode,
    ).toBe(403);
    expect(
      (
        await send('PUT', '/api/User/UpdateCompanyImage', {
          token: customer.token,
          payload: { image: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a missing, tampered or expired token with 401', async () => {
    const me = await signUp(individual());
    expect((await send('GET', '/api/User/CustomerProfileInfo')).statusCode).toBe(401);
    const [head, payload, signature] = me.token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
        sub: '1',
        userType: 70,
      }),
    ).toString('base64url');
    expect(
      (
        await send('GET', '/api/User/CustomerProfileInfo', {
          token: `${head}.${forged}.${signature}`,
        })
      ).statusCode,
    ).toBe(401);
    const otherKey = await new SignJWT({ userType: 71 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(me.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect(
      (await send('GET', '/api/User/CustomerProfileInfo', { token: otherKey })).statusCode,
    ).toBe(401);
    const expired = await new SignJWT({ userType: 71, name: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(me.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 100)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const response = await send('GET', '/api/User/CustomerProfileInfo', { token: expired });
    expect(response.statusCode).toBe(401);
    expect(body(response).message).toBe('قم بتسجيل الدخول مجدداً');
  });

  it('changes the password: the old one stops working, the new one works', async () => {
    const form = individual();
    const me = await signUp(form);
    const wrongOld = await send('PUT', '/api/User/ChangePassword', {
      token: me.token,
      payload: { userId: me.id, oldPassword: 'bad', newPassword: 'Next@456' },
    });
    expect(wrongOld.statusCode).toBe(400);
    const notEqual = await send('PUT', '/api/User/ChangePassword', {
      token: me.token,
      payload: {
        userId: me.id,
        oldPassword: form.password,
        newPassword: 'Next@456',
        confirmPassword: 'Other',
      },
    });
    expect(notEqual.statusCode).toBe(400);
    const changed = await send('PUT', '/api/User/ChangePassword', {
      token: me.token,
      payload: {
        userId: me.id,
        oldPassword: form.password,
        newPassword: 'Next@456',
        confirmPassword: 'Next@456',
      },
    });
    expect(changed.statusCode).toBe(200);
    const login = (password: string) =>
      send('POST', '/api/User/UserLogin', { payload: { email: form.email, password } });
    expect((await login(form.password)).statusCode).toBe(401);
    expect((await login('Next@456')).statusCode).toBe(200);
    const foreign = await send('PUT', '/api/User/ChangePassword', {
      token: body<Session>(changed).data.token,
      payload: { userId: me.id + 1000, oldPassword: 'Next@456', newPassword: 'x' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('stores a profile picture checked by its content, and refuses what is not an image', async () => {
    const me = await signUp(individual());
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#3a7' },
    })
      .png()
      .toBuffer();
    const good = await send('PUT', '/api/User/UpdateCustomerImage', {
      token: me.token,
      payload: { id: me.id, image: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(good.statusCode, good.body).toBe(200);
    const image = body<{ image: string }>(good).data.image;
    expect(image).toMatch(/^\/uploads\/profile\/.+\.jpg$/);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(after!.image).toBe(image);

    for (const bad of [
      Buffer.from('<svg onload="alert(1)"></svg>'),
      Buffer.from('GIF89a not really'),
      Buffer.from('%PDF-1.4 hello'),
    ]) {
      const response = await send('PUT', '/api/User/UpdateCustomerImage', {
        token: me.token,
        payload: { id: me.id, image: `data:image/jpeg;base64,${bad.toString('base64')}` },
      });
      expect(response.statusCode).toBe(400);
      expect(body(response).message).toContain('JPEG');
    }
    const empty = await send('PUT', '/api/User/UpdateCustomerImage', {
      token: me.token,
      payload: { id: me.id, image: '' },
    });
    expect(empty.statusCode).toBe(400);
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(unchanged!.image).toBe(image);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a clear message after too many attempts from one client', async () => {
    const t = await createTestApp('pglite', { env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const attempt = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/User/UserLogin',
          payload: { email: 'a@b.cd', password: 'x' },
          headers: { 'accept-language': 'en' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(body(limited)).toEqual({
        success: false,
        message: 'Too many requests. Please wait a moment and try again.',
        data: null,
      });
      const recovery = () =>
        t.app.inject({ method: 'GET', url: '/api/User/GetNewPassword?email=a%40b.cd' });
      for (let i = 0; i < 3; i++) expect((await recovery()).statusCode).toBe(200);
      expect((await recovery()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
