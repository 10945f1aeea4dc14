import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, PaymentMethod, UserType } from '../../domain/codes.ts';
import { auditLog } from '../../server/db/schema.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The admin's events (create, edit, cancel) and the ticket purchases list. */
describe.each(drivers)('the admin events on %s', (driver) => {
  let t: TestApp;
  const tokens = { admin: '', seller: '' };
  let poster = '';
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    token: string | null = tokens.admin,
  ) =>
    t.app.inject({
      method,
      url: `/api/Tickets/${url}`,
      headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  const event = () => ({
    titleAr: 'معرض السيارات',
    titleEn: 'Car show',
    placeAr: 'رام الله',
    placeEn: 'Ramallah',
    descriptionAr: '<p>معرض <script>x()</script></p>',
    descriptionEn: '<p>Show</p>',
    startsAt: new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString(),
    ticketPrice: 25,
    currencyId: Currency.NIS,
    seats: 100,
    image: poster,
  });

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { PAYMENT_RATE_LIMIT: '1000' } });
    const admin = await createSeller(t.database.db, { name: 'Admin', userType: UserType.admin });
    const seller = await createSeller(t.database.db, { name: 'Seller' });
    tokens.admin = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    tokens.seller = await t.app.tokens.sign({
      id: seller.id,
      userType: UserType.company,
      name: 'S',
    });
    const image = await sharp({
      create: { width: 320, height: 180, channels: 3, background: '#224466' },
    })
      .jpeg()
      .toBuffer();
    poster = `data:image/jpeg;base64,${image.toString('base64')}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused without a token and to a seller', async () => {
    for (const [method, url, payload] of [
      ['GET', 'GetAdminEvents'],
      ['GET', 'GetTicketPurchases'],
      ['POST', 'CreateEvent', event()],
      ['PUT', 'UpdateEvent', { id: 1, ...event() }],
      ['PUT', 'CancelEvent', { id: 1 }],
    ] as const) {
      expect((await call(method, url, payload, null)).statusCode, url).toBe(401);
      expect((await call(method, url, payload, tokens.seller)).statusCode, url).toBe(403);
    }
  });

  it('creates, edits and cancels an event; a cancelled event sells nothing', async () => {
    expect((await call('POST', 'CreateEvent', { ...event(), image: '' })).statusCode).toBe(400);
    expect((await call('POST', 'CreateEvent', { ...event(), startsAt: 'soon' })).statusCode).toBe(
      400,
    );
    const created = await call('POST', 'CreateEvent', event());
    expect(created.statusCode).toBe(200);
    const { id, slug } = body<{ id: number; slug: string }>(created).data;
    expect(slug).toBe(`${id}-car-show`);
    const page = body<{ description: string; canceled: boolean }>(
      await t.app.inject({ url: `/api/Tickets/GetEvent?id=${id}` }),
    ).data;
    expect(page.description).not.toContain('script');
    expect(page.canceled).toBe(false);

    const edited = await call('PUT', 'UpdateEvent', { id, ...event(), image: undefined, seats: 3 });
    expect(edited.statusCode).toBe(200);

    const buy = (quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Tickets/CreateTicketPurchase',
        headers: { 'accept-language': 'en' },
        payload: {
          eventId: id,
          quantity,
          buyerName: 'ليلى حسن',
          email: 'layla@example.ps',
          mobile: '0599123456',
          payingBilImage: poster,
          paymentMethod: PaymentMethod.bank,
        },
      });
    expect((await buy(1)).statusCode).toBe(200);
    const purchases = body<{ data: { buyerName: string; billImage: string }[] }>(
      await call('GET', 'GetTicketPurchases?search=layla'),
    ).data.data;
    expect(purchases).toEqual([expect.objectContaining({ buyerName: 'ليلى حسن' })]);
    expect(purchases[0]!.billImage).toMatch(/^\/uploads\/bill\//);

    expect((await call('PUT', 'CancelEvent', { id })).statusCode).toBe(200);
    const refused = await buy(1);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe('This event was cancelled; its tickets are not on sale.');
    const after = body<{ canceled: boolean }>(
      await t.app.inject({ url: `/api/Tickets/GetEvent?id=${id}` }),
    ).data;
    expect(after.canceled).toBe(true);
    const upcoming = body<{ id: number }[]>(
      await t.app.inject({ url: '/api/Tickets/GetEvents' }),
    ).data;
    expect(upcoming.map((row) => row.id)).not.toContain(id);
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))
    ).map((row) => row.action);
    expect(actions).toEqual(['CreateEvent', 'UpdateEvent', 'CancelEvent']);
  });
});
