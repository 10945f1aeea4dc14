import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentDetail, UserType } from '../../domain/codes.ts';
import { SlotConstant } from '../../domain/orders.ts';
import { uploadFile } from '../../server/images/store.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* UpdateConstant: the admin's settings, with a new QR code for a changed payment account. */
describe.each(drivers)('UpdateConstant on %s', (driver) => {
  let t: TestApp;
  let adminToken = '';
  let sellerToken = '';
  const update = (payload: object, token: string | null = adminToken) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/Category/UpdateConstant',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en' },
      payload,
    });
  const constantsNow = async () =>
    new Map(
      body<{ id: number; valueSt: string }[]>(
        await t.app.inject({ url: '/api/Category/GetConstants' }),
      ).data.map((row) => [row.id, row.valueSt]),
    );

  beforeAll(async () => {
    t = await createTestApp(driver);
    const admin = await createSeller(t.database.db, { name: 'Admin', userType: UserType.admin });
    const seller = await createSeller(t.database.db, { name: 'Seller' });
    adminToken = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    sellerToken = await t.app.tokens.sign({ id: seller.id, userType: UserType.company, name: 'S' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the admin’s alone and refuses unknown ids and values that are not numbers', async () => {
    expect((await update({ id: SlotConstant.main, value: '6' }, null)).statusCode).toBe(401);
    expect((await update({ id: SlotConstant.main, value: '6' }, sellerToken)).statusCode).toBe(403);
    expect((await update({ id: 99_999, value: '6' })).statusCode).toBe(404);
    const refused = await update({ id: SlotConstant.main, value: 'five' });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toMatch(/must be a number/);
    expect((await update({ id: 136, value: '20' })).statusCode).toBe(400);
    const saved = await update({ id: SlotConstant.main, value: ' 6 ' });
    expect(saved.statusCode).toBe(200);
    expect((await constantsNow()).get(SlotConstant.main)).toBe('6');
  });

  it('lists the constants with both names for the admin only', async () => {
    const list = (token: string | null) =>
      t.app.inject({
        url: '/api/Category/GetAdminConstants',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(sellerToken)).statusCode).toBe(403);
    const rows = body<{ id: number; nameEn: string }[]>(await list(adminToken)).data;
    expect(rows.find((row) => row.id === 141)?.nameEn).toBe('Shekels per US dollar');
  });

  it('draws a new QR code when a payment account changes', async () => {
    const before = (await constantsNow()).get(PaymentDetail.palPayQr)!;
    const answer = await update({ id: PaymentDetail.palPayAccount, value: '0597000111' });
    expect(answer.statusCode).toBe(200);
    const after = (await constantsNow()).get(PaymentDetail.palPayQr)!;
    expect(after).not.toBe(before);
    expect(after).toMatch(/^\/uploads\/qr\//);
    expect(existsSync(uploadFile(t.config.uploadsDir, after)!)).toBe(true);
  });
});
