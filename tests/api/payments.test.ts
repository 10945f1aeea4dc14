import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, PaymentMethod, PaymentStatus, UserType } from '../../domain/codes.ts';
import { notifications, paymentMovements } from '../../server/db/schema.ts';
import { uploadFile } from '../../server/images/store.ts';
import { validationText } from '../../server/lib/messages.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

const receipt = (format: 'jpeg' | 'png' = 'png') =>
  sharp({ create: { width: 60, height: 90, channels: 3, background: '#dde4ee' } })
    [format]()
    .toBuffer();

interface Movement {
  id: number;
  amount: number;
  paidname: string;
  paidEmail: string;
  paymentMethod: number;
  paymentMethodName: string;
  payingBilImage: string;
  createdAt: string;
  description: string;
  currency: number;
  statusId: number;
  statusName: string;
}

describe.each(drivers)('the Payment calls on %s', (driver) => {
  let t: TestApp;
  let proof = '';
  const tokens = { me: '', other: '' };
  const ids = { me: 0, other: 0, admin: 0 };

  const payment = (values: Record<string, unknown> = {}) => ({
    paymentMethod: PaymentMethod.palPay,
    paidname: 'سارة يوسف',
    paidEmail: 'sara@example.ps',
    amount: 150.5,
    payingBilImage: proof,
    currency: Currency.NIS,
    description: 'اشتراك شهر',
    ...values,
  });

  const pay = (payload: object, options: { token?: string; lang?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Payment/CreatePaymentMovements',
      payload,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        'accept-language': options.lang ?? 'ar',
      },
    });

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { PAYMENT_RATE_LIMIT: '1000' } });
    const db = t.database.db;
    const me = await createSeller(db, { name: 'Payer', userType: UserType.normal });
    const other = await createSeller(db, { name: 'Other', userType: UserType.company });
    const admin = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    Object.assign(ids, { me: me.id, other: other.id, admin: admin.id });
    tokens.me = await t.app.tokens.sign({ id: me.id, userType: me.userType, name: me.name });
    tokens.other = await t.app.tokens.sign({
      id: other.id,
      userType: other.userType,
      name: other.name,
    });
    proof = `data:image/png;base64,${(await receipt()).toString('base64')}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a payment without a token: pending, proof stored readable, every admin told', async () => {
    const answer = await pay(payment(), { lang: 'en' });
    expect(answer.statusCode).toBe(200);
    const created = body<{ id: number }>(answer);
    expect(created.message).toBe('Your payment was sent. The site team will review it.');
    const [row] = await t.database.db
      .select()
      .from(paymentMovements)
      .where(eq(paymentMovements.id, created.data.id));
    expect(row).toMatchObject({
      userId: null,
      amount: 150.5,
      currencyId: Currency.NIS,
      paidName: 'سارة يوسف',
      paymentMethodId: PaymentMethod.palPay,
      statusId: PaymentStatus.pending,
      description: 'اشتراك شهر',
    });
    expect(row!.payingBillImage).toMatch(/^\/uploads\/bill\/\d{4}\/[\w-]+\.jpg$/);
    const file = uploadFile(t.config.uploadsDir, row!.payingBillImage)!;
    expect(existsSync(file)).toBe(true);
    expect((await sharp(file).metadata()).format).toBe('jpeg');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ids.admin));
    expect(told.some((n) => n.message.includes(`رقم ${created.data.id}`))).toBe(true);
    expect(told.at(-1)!.link).toBe('/admin/payments');

    const arabic = body(await pay(payment()));
    expect(arabic.message).toBe('تم إرسال الدفعة بنجاح، وستتم مراجعتها من قبل الإدارة');
  });

  it('links the payment to the sender of a valid token, and ignores a bad one', async () => {
    const linked = body<{ id: number }>(await pay(payment(), { token: tokens.me })).data;
    const anonymous = body<{ id: number }>(await pay(payment(), { token: 'not.a.token' })).data;
    const rows = await t.database.db.select().from(paymentMovements);
    expect(rows.find((r) => r.id === linked.id)!.userId).toBe(ids.me);
    expect(rows.find((r) => r.id === anonymous.id)!.userId).toBeNull();
  });

  it('answers the checks of spec §5 in their order, in both languages', async () => {
    const steps: [Record<string, unknown>, Parameters<typeof validationText>[1]][] = [
      [
        { paymentMethod: 0, paidname: '', paidEmail: '', amount: 0, payingBilImage: '' },
        'payment_check_method',
      ],
      [{ paymentMethod: PaymentMethod.creditCard }, 'payment_check_method'],
      [{ paidname: '  ', paidEmail: '', amount: 0, payingBilImage: '' }, 'payment_check_name'],
      [{ paidEmail: '', amount: 0, payingBilImage: '' }, 'payment_check_email'],
      [{ amount: 0, payingBilImage: '' }, 'payment_check_amount'],
      [{ payingBilImage: '' }, 'payment_check_proof'],
      [{ paidEmail: 'not-an-email' }, 'validation_email_invalid'],
    ];
    for (const [values, key] of steps) {
      for (const lang of ['ar', 'en'] as const) {
        const answer = await pay(payment(values), { lang });
        expect(answer.statusCode, key).toBe(400);
        expect(body(answer).message).toBe(validationText(lang, key));
      }
    }
    const missing = await pay({});
    expect(body(missing).message).toBe(validationText('ar', 'payment_check_method'));
  });

  it('refuses an amount that is not above 0, not a number, or has three decimals', async () => {
    for (const amount of [0, 12.345]) {
      const answer = await pay(payment({ amount }), { lang: 'en' });
      expect(answer.statusCode).toBe(400);
      expect(body(answer).message).toBe('Enter the amount paid');
    }
    for (const amount of [-5, 'abc', null]) {
      const answer = await pay(payment({ amount }), { lang: 'en' });
      expect(answer.statusCode).toBe(400);
      expect(body(answer).message).toMatch(/amount/);
    }
  });

  it('refuses a proof that is not a JPEG or PNG by content, a bad currency, a long note', async () => {
    const before = (await t.database.db.select().from(paymentMovements)).length;
    const text = Buffer.from('this is a text file, not a receipt').toString('base64');
    const textProof = await pay(payment({ payingBilImage: `data:image/png;base64,${text}` }), {
      lang: 'en',
    });
    expect(textProof.statusCode).toBe(400);
    expect(body(textProof).message).toBe(
      'The transfer receipt is not a valid image: use a JPEG or PNG.',
    );
    const webp = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#fff' },
    })
      .webp()
      .toBuffer();
    expect((await pay(payment({ payingBilImage: webp.toString('base64') }))).statusCode).toBe(400);
    const jpeg = (await receipt('jpeg')).toString('base64');
    expect((await pay(payment({ payingBilImage: jpeg }))).statusCode).toBe(200);

    const currency = await pay(payment({ currency: 95 }), { lang: 'en' });
    expect(currency.statusCode).toBe(400);
    expect(body(currency).message).toBe('Choose the currency: NIS, USD or JOD.');
    const usd = await pay(payment({ currency: Currency.USD }));
    expect(usd.statusCode).toBe(200);
    expect((await pay(payment({ description: 'x'.repeat(501) }))).statusCode).toBe(400);
    const after = (await t.database.db.select().from(paymentMovements)).length;
    expect(after).toBe(before + 2);
  });

  it("lists the caller's own movements only, newest first, paged; needs a token", async () => {
    for (const amount of [10, 20, 30]) await pay(payment({ amount }), { token: tokens.other });
    const list = (token: string, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/Payment/GetUserPaymentMovements${query}`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
    const page = body<{ data: Movement[]; pagination: Record<string, number> }>(
      await list(tokens.other, '?page=1&pageSize=2'),
    ).data;
    expect(page.pagination).toEqual({ currentPage: 1, pageCount: 2, pageSize: 2, rowCount: 3 });
    expect(page.data.map((m) => m.amount)).toEqual([30, 20]);
    expect(page.data[0]).toMatchObject({
      paidname: 'سارة يوسف',
      paidEmail: 'sara@example.ps',
      paymentMethod: PaymentMethod.palPay,
      paymentMethodName: expect.any(String),
      currency: Currency.NIS,
      statusId: PaymentStatus.pending,
      statusName: expect.any(String),
      description: 'اشتراك شهر',
    });
    expect(page.data[0]!.payingBilImage).toMatch(/^\/uploads\/bill\//);
    expect(Number.isNaN(Date.parse(page.data[0]!.createdAt))).toBe(false);

    const mine = body<{ data: Movement[] }>(await list(tokens.me)).data.data;
    expect(mine).toHaveLength(1);
    expect(mine.every((m) => m.amount === 150.5)).toBe(true);

    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/Payment/GetUserPaymentMovements',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the payment to the site is limited per client address', () => {
  it('answers 429 past PAYMENT_RATE_LIMIT a minute', async () => {
    const t = await createTestApp('pglite', { env: { PAYMENT_RATE_LIMIT: '2' } });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/Payment/CreatePaymentMovements',
          payload: {},
        });
        codes.push(answer.statusCode);
      }
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await t.close();
    }
  });
});
