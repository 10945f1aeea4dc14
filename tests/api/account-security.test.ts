import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { UserStatus, UserType } from '../../domain/codes.ts';
import { IMAGE_WIDTHS, variantUrl } from '../../domain/images.ts';
import { PageTag } from '../../domain/page-tags.ts';
import { passwordResets, users } from '../../server/db/schema.ts';
import { uploadFile } from '../../server/images/store.ts';
import { readOutbox } from '../../server/lib/mailer.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/*
 * Sessions and recovery (issue §2): what ends a session, the admin's block and delete, the
 * forgot-password link, per-user limits and the deletion of replaced pictures.
 */

type Session = { id: number; token: string; name: string; userType: number };

let counter = 0;
const individual = (overrides: Record<string, unknown> = {}) => ({
  name: 'سامي العلي',
  email: `sami${Date.now().toString(36)}${(counter += 1)}@example.ps`,
  mobile: '0599111222',
  ssn: '123456782',
  addressState: 2,
  addressCity: 13,
  addressInfo: 'شارع الإرسال',
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  ...overrides,
});

function client(t: TestApp) {
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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
  const signUp = async (form = individual(), kind: 'Customer' | 'Compony' = 'Customer') => {
    const response = await send('POST', `/api/User/${kind}SignUp`, { payload: form });
    expect(response.statusCode, response.body).toBe(200);
    return { form, session: body<Session>(response).data };
  };
  const login = (email: string, password: string) =>
    send('POST', '/api/User/UserLogin', { payload: { email, password } });
  /** Any call that needs a session: 200 while it lasts, 401 after. */
  const profileWith = (token: string, kind: 'Customer' | 'Company' = 'Customer') =>
    send('GET', `/api/User/${kind}ProfileInfo`, { token });
  return { send, signUp, login, profileWith };
}

/** The last mail to `to`: the link goes out in the background, so it may take a moment. */
async function lastMail(t: TestApp, to: string, after = '') {
  return vi.waitFor(
    async () => {
      const mail = (await readOutbox(t.config.outboxDir))
        .filter((entry) => entry.to === to && entry.sentAt > after)
        .at(-1);
      if (!mail) throw new Error(`no mail to ${to} yet`);
      return mail;
    },
    { timeout: 5000, interval: 50 },
  );
}

const linkIn = (text: string) =>
  /(https?:\/\/\S+\/reset_password\?token=([A-Za-z0-9_-]+))/.exec(text);

describe.each(drivers)('sessions and recovery on %s', (driver) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(driver, {
      env: { AUTH_RATE_LIMIT: '1000', SITE_URL: 'https://market.example.ps' },
    });
    api = client(t);
    const admin = await createSeller(t.database.db, { name: 'Admin', userType: UserType.admin });
    adminToken = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends the old sessions on ChangePassword, and the token it answers works', async () => {
    const { form, session } = await api.signUp();
    const otherDevice = body<Session>(await api.login(form.email, form.password)).data.token;
    const changed = await api.send('PUT', '/api/User/ChangePassword', {
      token: session.token,
      payload: {
        userId: session.id,
        oldPassword: form.password,
        newPassword: 'Next@4567',
        confirmPassword: 'Next@4567',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = body<Session>(changed).data;
    expect(fresh).toMatchObject({ id: session.id, userType: UserType.normal, name: form.name });
    expect(fresh.token).not.toBe(session.token);

    for (const old of [session.token, otherDevice]) {
      const refused = await api.profileWith(old);
      expect(refused.statusCode).toBe(401);
      expect(body(refused).message).toBe('قم بتسجيل الدخول مجدداً');
    }
    expect((await api.profileWith(fresh.token)).statusCode).toBe(200);
  });

  it('closes the open hub connection of a session that ended', async () => {
    const { form, session } = await api.signUp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/hubs/notifications?access_token=${session.token}`,
    );
    const messages: string[] = [];
    socket.on('message', (data) => messages.push(String(data)));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send('{"protocol":"json","version":1}\u001e');
    await vi.waitFor(() => expect(messages).toContain('{}\u001e'));
    const closed = new Promise((resolve) => socket.once('close', resolve));

    await api.send('PUT', '/api/User/ChangePassword', {
      token: session.token,
      payload: { oldPassword: form.password, newPassword: 'Next@4567' },
    });
    await closed;
    expect(messages.some((message) => message.includes('"type":7'))).toBe(true);
    await vi.waitFor(() => expect(t.app.hub.connectionCount(session.id)).toBe(0));
  });

  it('lets only an admin block or delete accounts (403 for others)', async () => {
    const { session: customer } = await api.signUp();
    const { session: company } = await api.signUp(
      individual({ ssn: undefined, licenseNumber: 'L-1' }),
      'Compony',
    );
    for (const token of [customer.token, company.token]) {
      const calls = [
        api.send('PUT', '/api/User/ChangeStatusCustomer', {
          token,
          payload: { userId: customer.id, statusId: UserStatus.blocked },
        }),
        api.send('PUT', '/api/User/ChangeStatusCompany', {
          token,
          payload: { userId: company.id, statusId: UserStatus.blocked },
        }),
        api.send('DELETE', `/api/User/DeleteCustomer?Id=${customer.id}`, { token }),
        api.send('DELETE', `/api/User/DeleteCompany?Id=${company.id}`, { token }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
    }
    const anonymous = await api.send('DELETE', `/api/User/DeleteCustomer?Id=${customer.id}`);
    expect(anonymous.statusCode).toBe(401);
    expect((await api.profileWith(customer.token)).statusCode).toBe(200);
    expect((await api.profileWith(company.token, 'Company')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account or one of the other kind, 400 for an unknown status', async () => {
    const { session: company } = await api.signUp(
      individual({ ssn: undefined, licenseNumber: 'L-2' }),
      'Compony',
    );
    const wrongKind = await api.send('PUT', '/api/User/ChangeStatusCustomer', {
      token: adminToken,
      payload: { userId: company.id, statusId: UserStatus.blocked },
    });
    expect(wrongKind.statusCode).toBe(404);
    const unknown = await api.send('DELETE', '/api/User/DeleteCompany?Id=99999999', {
      token: adminToken,
    });
    expect(unknown.statusCode).toBe(404);
    const badStatus = await api.send('PUT', '/api/User/ChangeStatusCompany', {
      token: adminToken,
      payload: { userId: company.id, statusId: 71 },
      lang: 'en',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(body(badStatus).message).toBe('That is not a user status.');
    expect((await api.profileWith(company.token, 'Company')).statusCode).toBe(200);
  });

  it('blocking a seller ends their sessions, refuses their sign-in and purges their pages', async () => {
    const { form, session } = await api.signUp(
      individual({ ssn: undefined, licenseNumber: 'L-3' }),
      'Compony',
    );
    const vehicle = await createVehicle(t.database.db, t.bus, { ownerId: session.id }, 1);
    const purged: string[] = [];
    const stop = t.bus.subscribe('purge', (event) => purged.push(...event.tags));
    try {
      const blocked = await api.send('PUT', '/api/User/ChangeStatusCompany', {
        token: adminToken,
        payload: { userId: session.id, statusId: UserStatus.blocked },
      });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(body(blocked).data).toEqual({ userId: session.id, statusId: UserStatus.blocked });
    } finally {
      stop();
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, session.id));
    expect(row!.statusId).toBe(UserStatus.blocked);
    expect((await api.profileWith(session.token, 'Company')).statusCode).toBe(401);
    expect((await api.login(form.email, form.password)).statusCode).toBe(403);
    expect(purged).toEqual(
      expect.arrayContaining([
        PageTag.seller(session.id),
        PageTag.sellers,
        PageTag.home,
        PageTag.vehicle(vehicle.id),
      ]),
    );

    // Unblocked, the account signs in again, but the sessions from before stay ended.
    await api.send('PUT', '/api/User/ChangeStatusCompany', {
      token: adminToken,
      payload: { userId: session.id, statusId: UserStatus.active },
    });
    expect((await api.profileWith(session.token, 'Company')).statusCode).toBe(401);
    const again = await api.login(form.email, form.password);
    expect(again.statusCode).toBe(200);
    expect((await api.profileWith(body<Session>(again).data.token, 'Company')).statusCode).toBe(
      200,
    );
  });

  it('deleting an account ends its sessions, purges its pages and frees its email', async () => {
    const { form, session } = await api.signUp();
    const purged: string[] = [];
    const stop = t.bus.subscribe('purge', (event) => purged.push(...event.tags));
    try {
      const deleted = await api.send('DELETE', `/api/User/DeleteCustomer?Id=${session.id}`, {
        token: adminToken,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
    } finally {
      stop();
    }
    expect(purged).toEqual(expect.arrayContaining([PageTag.seller(session.id), PageTag.sellers]));
    const [row] = await t.database.db.select().from(users).where(eq(users.id, session.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await api.profileWith(session.token)).statusCode).toBe(401);
    expect((await api.login(form.email, form.password)).statusCode).toBe(401);
    const twice = await api.send('DELETE', `/api/User/DeleteCustomer?Id=${session.id}`, {
      token: adminToken,
    });
    expect(twice.statusCode).toBe(404);
    await api.signUp({ ...form, name: 'حساب جديد' });
  });

  it('GetNewPassword answers the same for unknown emails, keeps the password and mails a link', async () => {
    const { form, session } = await api.signUp();
    const known = await api.send(
      'GET',
      `/api/User/GetNewPassword?email=${encodeURIComponent(form.email.toUpperCase())}`,
      { lang: 'en' },
    );
    const unknown = await api.send('GET', '/api/User/GetNewPassword?email=nobody%40example.ps', {
      lang: 'en',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(body(known).message).toBe('We sent a link to set a new password to your email');

    const mail = await lastMail(t, form.email);
    expect(mail.subject).toBe('Set a new password');
    const link = linkIn(mail.text);
    expect(link?.[1]).toMatch(/^https:\/\/market\.example\.ps\/en\/reset_password\?token=/);
    expect(mail.text).toContain('30 minutes');
    // Only a hash is stored.
    const stored = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, session.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(link![2]);
    // The password stays until the link is used, and so do the sessions.
    expect((await api.login(form.email, form.password)).statusCode).toBe(200);
    expect((await api.profileWith(session.token)).statusCode).toBe(200);
    expect(await readOutbox(t.config.outboxDir)).not.toContainEqual(
      expect.objectContaining({ to: 'nobody@example.ps' }),
    );

    // In Arabic by default, with the link to the Arabic page.
    const sentAt = mail.sentAt;
    await api.send('GET', `/api/User/GetNewPassword?email=${encodeURIComponent(form.email)}`);
    const arabic = await lastMail(t, form.email, sentAt);
    expect(arabic.subject).toBe('تعيين كلمة مرور جديدة');
    expect(linkIn(arabic.text)?.[1]).toMatch(/^https:\/\/market\.example\.ps\/reset_password\?/);
  });

  it('a reset link sets the password once, ending every session; not twice, not with a bad token', async () => {
    const { form, session } = await api.signUp();
    await api.send('GET', `/api/User/GetNewPassword?email=${encodeURIComponent(form.email)}`);
    const token = linkIn((await lastMail(t, form.email)).text)![2]!;
    const reset = (payload: Record<string, unknown>, lang = 'en') =>
      api.send('POST', '/api/User/ResetPassword', { payload, lang });

    const mismatch = await reset({ token, newPassword: 'Fresh@123', confirmPassword: 'Other' });
    expect(mismatch.statusCode).toBe(400);
    expect(body(mismatch).message).toBe('The new password does not match its confirmation');
    const empty = await reset({ token, newPassword: ' ', confirmPassword: ' ' }, 'ar');
    expect(body(empty).message).toBe('أدخل كلمة المرور الجديدة');
    const bad = await reset({
      token: 'x'.repeat(43),
      newPassword: 'Fresh@123',
      confirmPassword: 'Fresh@123',
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/not valid, was already used or has expired/);

    const used = await reset({ token, newPassword: 'Fresh@123', confirmPassword: 'Fresh@123' });
    expect(used.statusCode, used.body).toBe(200);
    expect(body(used).message).toBe('Your new password is set. Sign in with it.');
    expect((await api.profileWith(session.token)).statusCode).toBe(401);
    expect((await api.login(form.email, form.password)).statusCode).toBe(401);
    expect((await api.login(form.email, 'Fresh@123')).statusCode).toBe(200);

    const again = await reset(
      { token, newPassword: 'Again@123', confirmPassword: 'Again@123' },
      'ar',
    );
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toMatch(/^رابط تعيين كلمة المرور غير صالح/);
    expect((await api.login(form.email, 'Fresh@123')).statusCode).toBe(200);
  });

  it('a reset link stops working after 30 minutes, and when a newer one is asked for', async () => {
    const { form, session } = await api.signUp();
    const ask = async () => {
      const before = new Date().toISOString();
      await api.send('GET', `/api/User/GetNewPassword?email=${encodeURIComponent(form.email)}`);
      return linkIn((await lastMail(t, form.email, before)).text)![2]!;
    };
    const reset = (token: string) =>
      api.send('POST', '/api/User/ResetPassword', {
        payload: { token, newPassword: 'Later@123', confirmPassword: 'Later@123' },
      });

    const first = await ask();
    const [row] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, session.id));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.1);

    const second = await ask();
    expect((await reset(first)).statusCode).toBe(400);

    // Thirty minutes later:
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, session.id));
    expect((await reset(second)).statusCode).toBe(400);
    expect((await api.login(form.email, form.password)).statusCode).toBe(200);
  });

  it('SendUserNewPassword (admin) mails a new password and ends the old sessions', async () => {
    const { form, session } = await api.signUp();
    const response = await api.send('PUT', '/api/User/SendUserNewPassword', {
      token: adminToken,
      payload: { userId: session.id },
      lang: 'en',
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await lastMail(t, form.email);
    const password = /: (\S+)\n/.exec(mail.text)![1]!;
    expect((await api.profileWith(session.token)).statusCode).toBe(401);
    expect((await api.login(form.email, password)).statusCode).toBe(200);
    expect((await api.login(form.email, form.password)).statusCode).toBe(401);
  });

  it("deletes a replaced profile picture's files, the JPEG and every WebP variant", async () => {
    const { session } = await api.signUp();
    const upload = async (colour: string) => {
      const png = await sharp({
        create: { width: 400, height: 400, channels: 3, background: colour },
      })
        .png()
        .toBuffer();
      const response = await api.send('PUT', '/api/User/UpdateCustomerImage', {
        token: session.token,
        payload: { id: session.id, image: `data:image/png;base64,${png.toString('base64')}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      return body<{ image: string }>(response).data.image;
    };
    const files = (image: string) =>
      [image, ...IMAGE_WIDTHS.map((width) => variantUrl(image, width))].map((publicPath) =>
        uploadFile(t.config.uploadsDir, publicPath)!,
      );

    const first = await upload('#3a7');
    expect(files(first).every((file) => existsSync(file))).toBe(true);
    const second = await upload('#a37');
    expect(files(first).some((file) => existsSync(file))).toBe(false);
    expect(files(second).every((file) => existsSync(file))).toBe(true);
  });
});

describe('per-user limits', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: {
        AUTH_RATE_LIMIT: '1000',
        PASSWORD_CHANGE_LIMIT: '2',
        PROFILE_UPDATE_LIMIT: '2',
        FAVOURITE_TOGGLE_LIMIT: '3',
        HUB_NEGOTIATE_LIMIT: '2',
      },
    });
    api = client(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const tooMany = {
    ar: 'عدد كبير من الطلبات، الرجاء الانتظار قليلاً ثم المحاولة مجدداً',
    en: 'Too many requests. Please wait a moment and try again.',
  };

  it('answers 429 in Arabic and English after N password changes, counting per user', async () => {
    const { session } = await api.signUp();
    const { session: other } = await api.signUp();
    const wrongGuess = (token: string, lang?: string) =>
      api.send('PUT', '/api/User/ChangePassword', {
        token,
        payload: { oldPassword: 'wrong', newPassword: 'Next@123' },
        lang,
      });
    for (let i = 0; i < 2; i++) expect((await wrongGuess(session.token)).statusCode).toBe(400);
    const arabic = await wrongGuess(session.token);
    expect(arabic.statusCode).toBe(429);
    expect(body(arabic)).toEqual({ success: false, message: tooMany.ar, data: null });
    expect(Number(arabic.headers['retry-after'])).toBeGreaterThan(0);
    const english = await wrongGuess(session.token, 'en');
    expect(english.statusCode).toBe(429);
    expect(body(english).message).toBe(tooMany.en);
    // Another account from the same address has its own budget.
    expect((await wrongGuess(other.token)).statusCode).toBe(400);
  });

  it('shares one budget between profile and picture updates', async () => {
    const { form, session } = await api.signUp();
    const update = () =>
      api.send('PUT', '/api/User/CustomerProfileUpdate', {
        token: session.token,
        payload: { ...form, id: session.id },
        lang: 'en',
      });
    expect((await update()).statusCode).toBe(200);
    const picture = await api.send('PUT', '/api/User/UpdateCustomerImage', {
      token: session.token,
      payload: { id: session.id, image: '' },
    });
    expect(picture.statusCode).toBe(400);
    const limited = await update();
    expect(limited.statusCode).toBe(429);
    expect(body(limited).message).toBe(tooMany.en);
  });

  it('limits favourite toggles and hub negotiations per user', async () => {
    const { session } = await api.signUp();
    const seller = await createSeller(t.database.db, { name: 'Seller' });
    const vehicle = await createVehicle(t.database.db, t.bus, { ownerId: seller.id }, 1);
    const toggle = () =>
      api.send('GET', `/api/Vehicle/ToggleVehicleFavorite?vehicleId=${vehicle.id}`, {
        token: session.token,
        lang: 'en',
      });
    for (let i = 0; i < 3; i++) expect((await toggle()).statusCode).toBe(200);
    const toggled = await toggle();
    expect(toggled.statusCode).toBe(429);
    expect(body(toggled).message).toBe(tooMany.en);

    const negotiate = (lang?: string) =>
      api.send('POST', '/hubs/notifications/negotiate?negotiateVersion=1', {
        token: session.token,
        lang,
      });
    for (let i = 0; i < 2; i++) expect((await negotiate()).statusCode).toBe(200);
    const refused = await negotiate();
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toBe(tooMany.ar);
  });
});
