import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '../../domain/codes.ts';
import { auditLog, notifications, users } from '../../server/db/schema.ts';
import { readOutbox } from '../../server/lib/mailer.ts';
import { readSmsOutbox } from '../../server/lib/sms.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The admin's notifications, emails and SMS (NotificationMessage, authorised calls). */
describe.each(drivers)('the admin messages on %s', (driver) => {
  let t: TestApp;
  let gateway: Server;
  const received: unknown[] = [];
  let failNext = false;
  const tokens = { admin: '', seller: '' };
  let sellerId = 0;
  const post = (url: string, payload: object, token: string | null = tokens.admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/NotificationMessage/${url}`,
      headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });

  beforeAll(async () => {
    // A local SMS gateway: records what it is sent, fails when asked to.
    gateway = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        if (failNext) {
          failNext = false;
          response.writeHead(502).end();
          return;
        }
        received.push({ contentType: request.headers['content-type'], body: JSON.parse(text) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    t = await createTestApp(driver, { env: { SMS_URL: `http://127.0.0.1:${port}/send` } });
    const db = t.database.db;
    const admin = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    const seller = await createSeller(db, { name: 'Seller', mobile: '0599765432' });
    await createSeller(db, { name: 'Second seller', userType: UserType.normal });
    sellerId = seller.id;
    tokens.admin = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    tokens.seller = await t.app.tokens.sign({
      id: seller.id,
      userType: UserType.company,
      name: 'S',
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  it('refuses the calls without a token and to a seller', async () => {
    for (const url of ['CreateNotification', 'SendEmail', 'SendSMS']) {
      const payload = { title: 'x', subject: 'x', body: 'y', message: 'y', userId: sellerId };
      expect((await post(url, payload, null)).statusCode).toBe(401);
      expect((await post(url, payload, tokens.seller)).statusCode).toBe(403);
    }
  });

  it('notifies one user or every seller, kept for the bell', async () => {
    const missing = await post('CreateNotification', { title: 'Hi', body: 'Hello' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Choose one user, or an audience: sellers or everyone.');
    expect(
      (await post('CreateNotification', { title: '', body: 'Hello', userId: sellerId })).statusCode,
    ).toBe(400);
    expect(
      (await post('CreateNotification', { title: 'Hi', body: 'Hello', userId: 999_999 }))
        .statusCode,
    ).toBe(404);

    const one = await post('CreateNotification', { title: 'Hi', body: 'Hello', userId: sellerId });
    expect(body<{ recipients: number }>(one).data.recipients).toBe(1);
    const mine = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sellerId));
    expect(mine.map((row) => row.message)).toEqual(['Hello']);

    const sellers = await post('CreateNotification', {
      title: 'Maintenance',
      body: 'Tonight',
      audience: 'sellers',
    });
    const sellerCount = (await t.database.db.select().from(users)).filter(
      (user) => user.userType !== UserType.admin,
    ).length;
    expect(body<{ recipients: number }>(sellers).data.recipients).toBe(sellerCount);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'CreateNotification'));
    expect(entry?.after).toMatchObject({ title: 'Hi', userId: sellerId, recipients: 1 });
  });

  it('emails through the outbox when no SMTP server is set', async () => {
    const sent = await post('SendEmail', {
      subject: 'Your listing',
      body: 'Please add photos',
      userId: sellerId,
    });
    expect(sent.statusCode).toBe(200);
    const outbox = await readOutbox(t.config.outboxDir);
    expect(outbox.at(-1)).toMatchObject({ subject: 'Your listing', text: 'Please add photos' });
  });

  it('sends SMS through the HTTP gateway, and says so when the gateway fails', async () => {
    const sent = await post('SendSMS', { message: 'رمز التحقق 1234', userId: sellerId });
    expect(sent.statusCode).toBe(200);
    expect(received).toEqual([
      {
        contentType: 'application/json',
        body: { to: '0599765432', message: 'رمز التحقق 1234' },
      },
    ]);
    failNext = true;
    const failed = await post('SendSMS', { message: 'again', userId: sellerId });
    expect(failed.statusCode).toBe(503);
    expect(body(failed).message).toBe('The SMS could not be sent. Please try later.');
    expect(await readSmsOutbox(t.config.smsOutboxDir)).toEqual([]);
  });
});

describe('SMS without a gateway', () => {
  it('writes to the SMS outbox', async () => {
    const t = await createTestApp('pglite');
    try {
      const admin = await createSeller(t.database.db, { name: 'Admin', userType: UserType.admin });
      const seller = await createSeller(t.database.db, { name: 'Seller', mobile: '0598111222' });
      const token = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/NotificationMessage/SendSMS',
        headers: { authorization: `Bearer ${token}` },
        payload: { message: 'مرحباً', userId: seller.id },
      });
      expect(sent.statusCode).toBe(200);
      expect(await readSmsOutbox(t.config.smsOutboxDir)).toEqual([
        expect.objectContaining({ to: '0598111222', message: 'مرحباً' }),
      ]);
    } finally {
      await t.close();
    }
  });
});
