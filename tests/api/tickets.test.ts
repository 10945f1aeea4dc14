import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, PaymentMethod, PaymentStatus, UserType } from '../../domain/codes.ts';
import {
  events,
  notifications,
  paymentMovements,
  ticketPurchases,
} from '../../server/db/schema.ts';
import { validationText } from '../../server/lib/messages.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

interface TicketEvent {
  id: number;
  slug: string;
  title: string;
  place: string;
  startsAt: string;
  ticketPrice: number;
  currency: number;
  seats: number;
  seatsLeft: number;
}

interface Purchase {
  sessionId: string;
  eventId: number;
  eventSlug: string;
  eventTitle: string;
  quantity: number;
  totalPrice: number;
  currency: number;
  statusId: number;
  statusName: string;
  ticketNumber: string;
  createdAt: string;
}

const DAY = 24 * 3600 * 1000;
let slugs = 0;

describe.each(drivers)('the Tickets calls on %s', (driver) => {
  let t: TestApp;
  let proof = '';
  const tokens = { admin: '', buyer: '' };
  let buyerId = 0;
  let adminId = 0;

  async function createEvent(values: Partial<typeof events.$inferInsert> = {}) {
    slugs++;
    const [row] = await t.database.db
      .insert(events)
      .values({
        slug: `event-${slugs}`,
        titleAr: `حفل ${slugs}`,
        titleEn: `Concert ${slugs}`,
        placeAr: 'رام الله',
        placeEn: 'Ramallah',
        startsAt: new Date(Date.now() + 10 * DAY),
        ticketPrice: 35.5,
        currencyId: Currency.NIS,
        image: '/uploads/misc/demo/event.jpg',
        seats: 50,
        ...values,
      })
      .returning();
    return row!;
  }

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { payload?: object; token?: string; lang?: string } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/Tickets/${url}`,
      payload: options.payload,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        'accept-language': options.lang ?? 'en',
      },
    });

  const order = (eventId: number, values: Record<string, unknown> = {}) => ({
    eventId,
    quantity: 2,
    buyerName: 'ليلى حسن',
    email: 'layla@example.ps',
    mobile: '0599123456',
    payingBilImage: proof,
    paymentMethod: PaymentMethod.bank,
    ...values,
  });
  const buy = (payload: object, token?: string) =>
    call('POST', 'CreateTicketPurchase', { payload, token });
  const setStatus = (sessionId: string, statusId: number, token = tokens.admin) =>
    call('PUT', 'UpdateTicketPurchaseStatus', { payload: { sessionId, statusId }, token });

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { PAYMENT_RATE_LIMIT: '1000' } });
    const db = t.database.db;
    const admin = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    adminId = admin.id;
    const buyer = await createSeller(db, { name: 'Buyer', userType: UserType.normal });
    buyerId = buyer.id;
    tokens.admin = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    tokens.buyer = await t.app.tokens.sign({ id: buyer.id, userType: UserType.normal, name: 'B' });
    const png = await sharp({
      create: { width: 40, height: 60, channels: 3, background: '#eeeeee' },
    })
      .png()
      .toBuffer();
    proof = png.toString('base64');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists upcoming events only, with the seats left, and answers one by id', async () => {
    const upcoming = await createEvent({ seats: 12 });
    const past = await createEvent({ startsAt: new Date(Date.now() - DAY) });
    const deleted = await createEvent({ deletedAt: new Date() });
    await buy(order(upcoming.id, { quantity: 3 }));

    const list = body<TicketEvent[]>(await call('GET', 'GetEvents')).data;
    const ids = list.map((e) => e.id);
    expect(ids).toContain(upcoming.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(deleted.id);
    const one = body<TicketEvent>(await call('GET', `GetEvent?id=${upcoming.id}`)).data;
    expect(one).toMatchObject({
      id: upcoming.id,
      slug: upcoming.slug,
      title: upcoming.titleEn,
      place: 'Ramallah',
      ticketPrice: 35.5,
      currency: Currency.NIS,
      seats: 12,
      seatsLeft: 9,
    });
    const arabic = body<TicketEvent>(
      await call('GET', `GetEvent?id=${upcoming.id}`, { lang: 'ar' }),
    ).data;
    expect(arabic.title).toBe(upcoming.titleAr);
    expect((await call('GET', `GetEvent?id=${deleted.id}`)).statusCode).toBe(404);
    expect((await call('GET', 'GetEvent?id=999999')).statusCode).toBe(404);
  });

  it('computes the total on the server and records the purchase with its payment', async () => {
    const event = await createEvent({ ticketPrice: 35.5 });
    const answer = await buy(
      { ...order(event.id, { quantity: 3 }), totalPrice: 1, amount: 1 },
      tokens.buyer,
    );
    expect(answer.statusCode).toBe(200);
    const created = body<{ sessionId: string; totalPrice: number; currency: number }>(answer);
    expect(created.data.totalPrice).toBe(106.5);
    expect(created.data.currency).toBe(Currency.NIS);
    expect(created.message).toMatch(/ticket order was recorded/);

    const [purchase] = await t.database.db
      .select()
      .from(ticketPurchases)
      .where(eq(ticketPurchases.sessionId, created.data.sessionId));
    expect(purchase).toMatchObject({
      quantity: 3,
      totalPrice: 106.5,
      statusId: PaymentStatus.pending,
      ticketNumber: null,
    });
    const [movement] = await t.database.db
      .select()
      .from(paymentMovements)
      .where(eq(paymentMovements.ticketPurchaseId, purchase!.id));
    expect(movement).toMatchObject({
      amount: 106.5,
      userId: buyerId,
      statusId: PaymentStatus.pending,
      paymentMethodId: PaymentMethod.bank,
    });
    expect(movement!.payingBillImage).toMatch(/^\/uploads\/bill\//);

    const read = body<Purchase>(
      await call('GET', `GetTicketPurchase?sessionId=${created.data.sessionId}`),
    ).data;
    expect(read).toMatchObject({
      sessionId: created.data.sessionId,
      eventId: event.id,
      eventSlug: event.slug,
      eventTitle: event.titleEn,
      quantity: 3,
      totalPrice: 106.5,
      statusId: PaymentStatus.pending,
      ticketNumber: '',
    });
    const success = await call('POST', 'TicketPaymentSuccess', {
      payload: { sessionId: created.data.sessionId },
    });
    expect(body<Purchase>(success).data).toEqual(read);
  });

  it('refuses bad purchases with clear messages and stores nothing', async () => {
    const event = await createEvent({ seats: 5 });
    const before = (await t.database.db.select().from(ticketPurchases)).length;
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ buyerName: ' ' }, 400, validationText('en', 'payment_check_name')],
      [{ email: '' }, 400, validationText('en', 'payment_check_email')],
      [{ email: 'nope' }, 400, validationText('en', 'validation_email_invalid')],
      [{ mobile: '05-99' }, 400, 'Enter a valid mobile number: digits only, at most 10.'],
      [
        { paymentMethod: PaymentMethod.creditCard },
        400,
        validationText('en', 'payment_check_method'),
      ],
      [{ payingBilImage: '' }, 400, validationText('en', 'payment_check_proof')],
      [
        { payingBilImage: Buffer.from('plain text').toString('base64') },
        400,
        'The transfer receipt is not a valid image: use a JPEG or PNG.',
      ],
      [{ eventId: 999999 }, 404, 'The event does not exist or is over.'],
      [{ quantity: 6 }, 409, 'Not enough seats left: 5 remaining.'],
      [{ quantity: 0 }, 400, 'quantity'],
    ];
    for (const [values, status, message] of refusals) {
      const answer = await buy(order(event.id, values));
      expect(answer.statusCode, message).toBe(status);
      expect(body(answer).message).toContain(message);
    }
    expect((await t.database.db.select().from(ticketPurchases)).length).toBe(before);
  });

  it('answers 404 with a clear message for an unknown session', async () => {
    const unknown = await call('GET', 'GetTicketPurchase?sessionId=no-such-session');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('No ticket purchase was found for this session.');
    const success = await call('POST', 'TicketPaymentSuccess', {
      payload: { sessionId: 'no-such-session' },
      lang: 'ar',
    });
    expect(success.statusCode).toBe(404);
    expect(body(success).message).toBe('لم يتم العثور على عملية شراء التذاكر');
    expect((await setStatus('no-such-session', 30)).statusCode).toBe(404);
  });

  it('lets only an admin confirm or refuse a purchase; refusal frees the seats', async () => {
    const event = await createEvent({ seats: 4 });
    const first = body<{ sessionId: string }>(await buy(order(event.id))).data.sessionId;
    const second = body<{ sessionId: string }>(await buy(order(event.id))).data.sessionId;

    expect((await setStatus(first, 30, tokens.buyer)).statusCode).toBe(403);
    expect((await setStatus(first, 30, '')).statusCode).toBe(401);
    expect((await setStatus(first, 29)).statusCode).toBe(400);

    const confirmed = body<Purchase>(await setStatus(first, 30)).data;
    expect(confirmed.statusId).toBe(PaymentStatus.accepted);
    expect(confirmed.ticketNumber).toMatch(new RegExp(`^T${event.id}-[A-Z0-9]{8}$`));
    const again = body<Purchase>(await setStatus(first, 30)).data;
    expect(again.ticketNumber).toBe(confirmed.ticketNumber);
    const [movement] = await t.database.db
      .select()
      .from(paymentMovements)
      .innerJoin(ticketPurchases, eq(ticketPurchases.id, paymentMovements.ticketPurchaseId))
      .where(eq(ticketPurchases.sessionId, first));
    expect(movement!.payment_movements.statusId).toBe(PaymentStatus.accepted);

    expect((await buy(order(event.id, { quantity: 1 }))).statusCode).toBe(409);
    const failed = body<Purchase>(await setStatus(second, 31)).data;
    expect(failed.statusId).toBe(PaymentStatus.failed);
    expect(failed.ticketNumber).toBe('');
    expect((await setStatus(second, 30)).statusCode).toBe(409);
    const left = body<TicketEvent>(await call('GET', `GetEvent?id=${event.id}`)).data.seatsLeft;
    expect(left).toBe(2);
    expect((await buy(order(event.id, { quantity: 2 }))).statusCode).toBe(200);
  });

  it("purges the event's page when its seats change and tells the admins", async () => {
    const event = await createEvent({});
    const purges: string[][] = [];
    const stop = t.bus.subscribe('purge', ({ tags }) => purges.push(tags));
    const bought = body<{ sessionId: string }>(await buy(order(event.id))).data;
    expect(purges.flat()).toContain(`event:${event.id}`);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, adminId));
    expect(told.at(-1)!.title).toBe('شراء تذاكر بانتظار مراجعة الدفعة');
    expect(told.at(-1)!.message).toContain('ليلى حسن');
    expect(told.at(-1)!.link).toBe('/admin/tickets');
    purges.length = 0;
    await setStatus(bought.sessionId, PaymentStatus.failed);
    stop();
    expect(purges.flat()).toContain(`event:${event.id}`);
  });

  it('never oversells the last seats to concurrent purchases', async () => {
    const event = await createEvent({ seats: 5 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => buy(order(event.id, { quantity: 1 }))),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const held = await t.database.db
      .select()
      .from(ticketPurchases)
      .where(eq(ticketPurchases.eventId, event.id));
    expect(held.reduce((sum, p) => sum + p.quantity, 0)).toBe(5);
    const left = body<TicketEvent>(await call('GET', `GetEvent?id=${event.id}`)).data.seatsLeft;
    expect(left).toBe(0);
  });
});
