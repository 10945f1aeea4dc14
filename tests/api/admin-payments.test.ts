import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, PaymentMethod, PaymentStatus, UserType } from '../../domain/codes.ts';
import { auditLog, notifications, paymentMovements } from '../../server/db/schema.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The admin's review of payment movements (Payment, authorised calls). */
describe.each(drivers)('the admin payments on %s', (driver) => {
  let t: TestApp;
  const tokens = { admin: '', seller: '' };
  let sellerId = 0;
  let proof = '';
  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
    token: string | null = tokens.admin,
  ) =>
    t.app.inject({
      method,
      url: `/api/Payment/${url}`,
      headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { PAYMENT_RATE_LIMIT: '1000' } });
    const db = t.database.db;
    const admin = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    const seller = await createSeller(db, { name: 'Payer', userType: UserType.normal });
    sellerId = seller.id;
    tokens.admin = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    tokens.seller = await t.app.tokens.sign({
      id: seller.id,
      userType: UserType.normal,
      name: 'S',
    });
    const image = await sharp({
      create: { width: 300, height: 400, channels: 3, background: { r: 200, g: 200, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    proof = `data:image/jpeg;base64,${image.toString('base64')}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const paySite = async () => {
    const answer = await call(
      'POST',
      'CreatePaymentMovements',
      {
        paymentMethod: PaymentMethod.bank,
        paidname: 'سارة يوسف',
        paidEmail: 'sara@example.ps',
        amount: 80,
        payingBilImage: proof,
        currency: Currency.NIS,
        description: 'اشتراك',
      },
      tokens.seller,
    );
    expect(answer.statusCode).toBe(200);
    return body<{ id: number }>(answer).data.id;
  };

  it('is the payments permission’s, and lists every payment searchable by payer', async () => {
    const id = await paySite();
    expect((await call('GET', 'GetPaymentMovements', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', 'GetPaymentMovements', undefined, tokens.seller)).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', 'UpdatePaymentMovementStatus', { id, statusId: 30 }, tokens.seller))
        .statusCode,
    ).toBe(403);
    const list = body<{ data: { id: number; forWhat: string; userId: number }[] }>(
      await call('GET', 'GetPaymentMovements?search=sara&statusId=29'),
    ).data.data;
    expect(list).toEqual([expect.objectContaining({ id, forWhat: 'site', userId: sellerId })]);
  });

  it('accepts, then refunds, telling the payer each time; refuses other moves', async () => {
    const id = await paySite();
    expect(
      (await call('PUT', 'UpdatePaymentMovementStatus', { id, statusId: PaymentStatus.refunded }))
        .statusCode,
    ).toBe(409);
    const accepted = await call('PUT', 'UpdatePaymentMovementStatus', {
      id,
      statusId: PaymentStatus.accepted,
      messageReplay: 'وصلت الحوالة',
    });
    expect(accepted.statusCode).toBe(200);
    expect(body<{ statusId: number }>(accepted).data.statusId).toBe(PaymentStatus.accepted);
    const refunded = await call('PUT', 'UpdatePaymentMovementStatus', {
      id,
      statusId: PaymentStatus.refunded,
    });
    expect(refunded.statusCode).toBe(200);
    expect(
      (await call('PUT', 'UpdatePaymentMovementStatus', { id, statusId: PaymentStatus.refunded }))
        .statusCode,
    ).toBe(409);
    expect(
      (await call('PUT', 'UpdatePaymentMovementStatus', { id, statusId: 95 })).statusCode,
    ).toBe(400);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sellerId));
    expect(told.map((row) => row.message).join(' ')).toContain('وصلت الحوالة');
    expect(told).toHaveLength(2);
    expect(told.map((row) => row.link)).toEqual([
      '/profile/payment_operation',
      '/profile/payment_operation',
    ]);
    const [row] = await t.database.db
      .select()
      .from(paymentMovements)
      .where(eq(paymentMovements.id, id));
    expect(row?.statusId).toBe(PaymentStatus.refunded);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((entry) => entry.after)).toEqual([
      { statusId: 30, messageReplay: 'وصلت الحوالة' },
      { statusId: 33, messageReplay: '' },
    ]);
  });
});
