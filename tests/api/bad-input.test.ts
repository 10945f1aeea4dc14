import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { UserType } from '../../domain/codes.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/** Issue "Bad input must never be a 500": the cases it names, one by one. */
describe.each(drivers)('bad input on %s', (driver) => {
  let t: TestApp;
  let customerToken: string;
  let customerEmail: string;
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { payload?: string; token?: string; lang?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload: options.payload,
      headers: {
        ...(options.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.lang ? { 'accept-language': options.lang } : {}),
      },
    });

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { AUTH_RATE_LIMIT: '1000' } });
    const customer = await createSeller(t.database.db, {
      name: 'Customer',
      userType: UserType.normal,
    });
    customerEmail = customer.email;
    customerToken = await t.app.tokens.sign({
      id: customer.id,
      userType: customer.userType,
      name: customer.name,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an id past int4 with 400 naming the field, in Arabic by default', async () => {
    const response = await send('GET', '/api/Vehicle/GetVehicle?id=2147483648');
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({
      success: false,
      message: 'قيمة id يجب أن تكون 2147483647 أو أقل',
      data: null,
    });
  });

  it('refuses an id past int4 in English when the caller asks for English', async () => {
    const response = await send('GET', '/api/Vehicle/GetVehicle?id=2147483648', { lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe('id must be 2147483647 or less.');
  });

  it.each([
    ['/api/Vehicle/GetVehiclesRandomly?seed=Infinity', 'seed must be a whole number.'],
    ['/api/Vehicle/GetVehiclesRandomly?page=-Infinity', 'page must be a whole number.'],
    ['/api/Vehicle/GetVehiclesRandomly?pageSize=Infinity', 'pageSize must be a whole number.'],
    [
      '/api/Vehicle/GetVehiclesRandomly?page=9223372036854775808',
      'page must be 2147483647 or less.',
    ],
    ['/api/Vehicle/GetVehiclesRandomly?priceTo=1e300', 'priceTo must be 999999999999.99 or less.'],
    ['/api/Vehicle/GetVehiclesRandomly?priceFrom=Infinity', 'priceFrom must be a number.'],
    ['/api/Vehicle/GetVehiclesRandomly?color=NaN', 'color must be a whole number.'],
  ])('refuses %s with 400', async (url, message) => {
    const response = await send('GET', url, { lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe(message);
  });

  it('refuses a city id past int4 on sign-up and on profile update', async () => {
    const form = JSON.stringify({ name: 'أحمد', addressState: 2, addressCity: 2147483648 });
    const signUp = await send('POST', '/api/User/CustomerSignUp', { payload: form, lang: 'en' });
    expect(signUp.statusCode).toBe(400);
    expect(body(signUp).message).toBe('addressCity must be 2147483647 or less.');
    const update = await send('PUT', '/api/User/CustomerProfileUpdate', {
      payload: form,
      token: customerToken,
      lang: 'en',
    });
    expect(update.statusCode).toBe(400);
  });

  it('never reads a list as one value: {"userId":[1]} is a 400', async () => {
    const response = await send('PUT', '/api/User/ChangePassword', {
      payload: JSON.stringify({ userId: [1], oldPassword: 'a', newPassword: 'b' }),
      token: customerToken,
      lang: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe('userId must be a whole number.');
    const query = await send('GET', '/api/Vehicle/GetUserVehicles?userId=1&userId=2');
    expect(query.statusCode).toBe(400);
  });

  it('says a text field given an object must be text, in both languages', async () => {
    const payload = JSON.stringify({ email: {}, password: 'Secret@123' });
    const en = await send('POST', '/api/User/UserLogin', { payload, lang: 'en' });
    expect(en.statusCode).toBe(400);
    expect(body(en).message).toBe('email must be text.');
    const ar = await send('POST', '/api/User/UserLogin', { payload });
    expect(body(ar).message).toBe('قيمة email يجب أن تكون نصاً');
  });

  it('names the expected type of a body that is not an object', async () => {
    const response = await send('POST', '/api/User/UserLogin', { payload: '[1]', lang: 'en' });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe('body must be a JSON object.');
  });

  it('refuses a NUL character in the sign-in email with 400', async () => {
    const response = await send('POST', '/api/User/UserLogin', {
      payload: JSON.stringify({ email: 'a\u0000b@example.ps', password: 'Secret@123' }),
      lang: 'en',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).message).toBe('email contains control characters that are not allowed.');
  });

  it('refuses NUL in searches and visits, and keeps line breaks in multi-line text', async () => {
    expect((await send('GET', '/api/User/GetSellers?name=a%00b')).statusCode).toBe(400);
    expect((await send('GET', '/api/User/GetNewPassword?email=a%00b')).statusCode).toBe(400);
    const visit = (fields: object) =>
      send('POST', '/api/Visit/RecordVisit', { payload: JSON.stringify(fields) });
    expect((await visit({ route: '/a\u0000b' })).statusCode).toBe(400);
    expect((await visit({ route: '/', userAgent: 'x\u0000' })).statusCode).toBe(400);
    expect((await visit({ route: '/a\nb' })).statusCode).toBe(400);
    expect((await visit({ route: '/vehicle/99999999999-far-past-int4' })).statusCode).toBe(200);
    const about = await send('PUT', '/api/User/CustomerProfileUpdate', {
      payload: JSON.stringify({ moreInfo: 'سطر\u0000' }),
      token: customerToken,
    });
    expect(about.statusCode).toBe(400);
    const profile = {
      name: 'Customer',
      email: customerEmail,
      mobile: '0599111222',
      ssn: '123456782',
      addressState: 2,
      addressCity: 15,
      addressInfo: 'Main street',
      moreInfo: 'line one\r\n\tline two',
    };
    const oneLine = await send('PUT', '/api/User/CustomerProfileUpdate', {
      payload: JSON.stringify({ ...profile, name: 'a\nb' }),
      token: customerToken,
      lang: 'en',
    });
    expect(body(oneLine).message).toBe('name contains control characters that are not allowed.');
    const multiLine = await send('PUT', '/api/User/CustomerProfileUpdate', {
      payload: JSON.stringify(profile),
      token: customerToken,
    });
    expect(multiLine.statusCode, multiLine.body).toBe(200);
    expect(body<{ moreInfo: string }>(multiLine).data.moreInfo).toBe('line one\r\n\tline two');
  });

  it('turns a value the database refuses into a 400, on this driver', async () => {
    const app = await buildApp({ config: t.config, database: t.database, bus: t.bus });
    app.get('/probe/:kind', async (request) => {
      const { kind } = request.params as { kind: string };
      const value = kind === 'int' ? sql`${2147483648}::int4` : sql`${'a\u0000b'}::text`;
      await t.database.db.execute(sql`select ${value}`);
      return 'stored';
    });
    try {
      for (const kind of ['int', 'nul']) {
        const response = await app.inject({
          method: 'GET',
          url: `/probe/${kind}`,
          headers: { 'accept-language': 'en' },
        });
        expect(response.statusCode).toBe(400);
        expect(body(response)).toEqual({
          success: false,
          message: 'One of the values sent is not valid or is out of range.',
          data: null,
        });
      }
    } finally {
      await app.close();
    }
  });

  it('starts with every route, test hooks included, since each request value is bounded', async () => {
    // input-schemas refuses to register a route with an unbounded request value.
    const app = await buildApp({
      config: { ...t.config, testHooks: true },
      database: t.database,
      bus: t.bus,
    });
    try {
      await app.ready();
      const notify = await app.inject({
        method: 'POST',
        url: '/api/Test/Notify',
        payload: { userId: 2147483648, title: 't', message: 'm' },
      });
      expect(notify.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

  it.each(methods)('answers %s on an unknown /api path with the JSON 404 envelope', async (m) => {
    const response = await t.app.inject({ method: m, url: '/api/Vehicle/NoSuchCall' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    if (m !== 'HEAD') {
      expect(body(response)).toEqual({
        success: false,
        message: 'هذا المسار غير موجود في الواجهة البرمجية',
        data: null,
      });
    }
  });

  it('keeps the JSON 404 for unknown /api paths when the site answers every other GET', async () => {
    // The site plugin's page route matches GET and HEAD on any path, /api ones included.
    const app = await buildApp({ config: t.config, database: t.database, bus: t.bus });
    app.get('/*', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
    try {
      for (const url of ['/api', '/api/', '/api/NoSuchGroup/NoSuchCall']) {
        for (const method of methods) {
          const response = await app.inject({ method, url });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.headers['content-type'], method).toMatch(/^application\/json/);
        }
      }
      expect((await app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers a missing upload with a plain-text 404 and serves one that exists', async () => {
    for (const method of ['GET', 'HEAD', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/uploads/vehicle/missing.jpg' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers['content-type'], method).toMatch(/^text\/plain/);
      if (method !== 'HEAD') expect(response.body).toBe('Not found');
    }
    const dir = path.join(t.config.uploadsDir, 'vehicle');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'present.txt'), 'hello');
    const present = await t.app.inject({ method: 'GET', url: '/uploads/vehicle/present.txt' });
    expect(present.statusCode).toBe(200);
    expect(present.body).toBe('hello');
  });
});
