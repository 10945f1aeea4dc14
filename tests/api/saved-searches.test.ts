import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, Status, UserType } from '../../domain/codes.ts';
import { SAVED_SEARCHES_MAX } from '../../server/db/repositories/saved-searches.ts';
import { notifications, savedSearches } from '../../server/db/schema.ts';
import { readOutbox } from '../../server/lib/mailer.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

interface Saved {
  id: number;
  name: string;
  query: string;
  notifyByEmail: boolean;
  createdAt: string;
  filters: string[];
}

/*
 * Saved searches (issue 12): a user keeps named filters of the vehicles list, sees only their
 * own, and is told (live, and by email when asked) when the admin accepts a vehicle matching one.
 */
describe.each(drivers)('saved searches on %s', (driver) => {
  let t: TestApp;
  let seller: { id: number; email: string };
  let buyer: { id: number; email: string };
  let other: { id: number; email: string };
  let buyerToken: string;
  let otherToken: string;
  let sellerToken: string;
  let adminToken: string;

  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    token: string | null,
    payload?: object,
    lang = 'en',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const create = (token: string, payload: object, lang = 'en') =>
    call('POST', '/api/User/CreateSavedSearch', token, payload, lang);
  const list = async (token: string) =>
    body<Saved[]>(await call('GET', '/api/User/GetSavedSearches', token)).data;
  const accept = (vehicleId: number) =>
    call('PUT', '/api/Vehicle/UpdateVehicleStatus', adminToken, {
      vehicleId,
      statusId: Status.accepted,
    });
  const notificationsOf = (userId: number) =>
    t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  beforeAll(async () => {
    t = await createTestApp(driver);
    seller = await createSeller(t.database.db, { name: 'Seller' });
    buyer = await createSeller(t.database.db, { name: 'Buyer', userType: UserType.normal });
    other = await createSeller(t.database.db, { name: 'Other', userType: UserType.normal });
    const admin = await createSeller(t.database.db, { name: 'Admin', userType: UserType.admin });
    buyerToken = await t.app.tokens.sign({
      id: buyer.id,
      userType: UserType.normal,
      name: 'Buyer',
    });
    otherToken = await t.app.tokens.sign({
      id: other.id,
      userType: UserType.normal,
      name: 'Other',
    });
    sellerToken = await t.app.tokens.sign({
      id: seller.id,
      userType: UserType.company,
      name: 'Seller',
    });
    adminToken = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'Admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session for every call', async () => {
    expect((await call('GET', '/api/User/GetSavedSearches', null)).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/User/CreateSavedSearch', null, {
          name: 'x',
          query: 'yearFrom=2001&yearTo=2005',
        })
      ).statusCode,
    ).toBe(401);
    expect((await call('DELETE', '/api/User/DeleteSavedSearch?id=1', null)).statusCode).toBe(401);
  });

  it('saves a normalised query, lists its own newest first and deletes only its own', async () => {
    const first = await create(buyerToken, {
      name: '  Toyota 2015-2020  ',
      query: '?page=3&seed=77&yearTo=2020&vehicleBrandId=1&yearFrom=2015&junk=1&sort=newest',
      notifyByEmail: true,
    });
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toBe('The search was saved.');
    const saved = body<Saved>(first).data;
    expect(saved).toMatchObject({
      name: 'Toyota 2015-2020',
      query: 'vehicleBrandId=1&yearFrom=2015&yearTo=2020&sort=newest',
      notifyByEmail: true,
    });
    // A model without its make, a range that does not apply: dropped.
    const second = body<Saved>(
      await create(buyerToken, {
        name: 'Cheap',
        query: 'priceTo=30000&vehicleModelId=5&yearFrom=2000',
      }),
    ).data;
    expect(second).toMatchObject({ query: 'priceTo=30000', notifyByEmail: false });
    // The filters in words, as the list page's chips say them, in the caller's language.
    expect(saved.filters).toEqual([
      expect.stringMatching(/^Make: \S/),
      'Year: 2015 – 2020',
      'Sort by: Newest first',
    ]);
    expect(second.filters).toEqual(['Price: ₪0 – ₪30,000']);
    const arabic = body<Saved[]>(
      await call('GET', '/api/User/GetSavedSearches', buyerToken, undefined, 'ar'),
    ).data;
    expect(arabic.find((row) => row.id === second.id)!.filters).toEqual([
      'السعر: 0\u00a0₪ – 30,000\u00a0₪',
    ]);

    // Choices the list's form does not offer are dropped, as the list page drops them: a code
    // that is no colour, a model of another make. Only those: nothing is left to save.
    const third = body<Saved>(
      await create(buyerToken, {
        name: 'White',
        query: 'color=1&bodyType=200&vehicleBrandId=1&vehicleModelId=999999&oilType=200',
      }),
    ).data;
    expect(third.query).toBe('vehicleBrandId=1');
    const white = body<Saved>(await create(buyerToken, { name: 'White', query: 'color=200' })).data;
    expect(white).toMatchObject({ query: 'color=200', filters: ['Colour: White'] });
    const unknown = await create(buyerToken, { name: 'None', query: 'color=1&stateId=999' });
    expect(unknown.statusCode).toBe(400);
    for (const id of [third.id, white.id]) {
      await call('DELETE', `/api/User/DeleteSavedSearch?id=${id}`, buyerToken);
    }

    expect((await list(buyerToken)).map((row) => row.id)).toEqual([second.id, saved.id]);
    expect(await list(otherToken)).toEqual([]);

    const stranger = await call('DELETE', `/api/User/DeleteSavedSearch?id=${saved.id}`, otherToken);
    expect(stranger.statusCode).toBe(404);
    expect(body(stranger).message).toBe('This saved search does not exist.');
    expect((await list(buyerToken)).map((row) => row.id)).toContain(saved.id);

    const mine = await call('DELETE', `/api/User/DeleteSavedSearch?id=${second.id}`, buyerToken);
    expect(mine.statusCode).toBe(200);
    expect((await list(buyerToken)).map((row) => row.id)).toEqual([saved.id]);
    expect(
      (await call('DELETE', `/api/User/DeleteSavedSearch?id=${second.id}`, buyerToken)).statusCode,
    ).toBe(404);
  });

  it('refuses a missing or long name, a query without filters and too many searches', async () => {
    const refusals: [object, string, string][] = [
      [{ name: '   ', query: 'yearFrom=2001&yearTo=2005' }, 'en', 'Give the saved search a name.'],
      [{ query: 'yearFrom=2001&yearTo=2005' }, 'en', 'Give the saved search a name.'],
      [
        { name: 'x'.repeat(101), query: 'yearFrom=2001&yearTo=2005' },
        'en',
        'Name must be at most 100 characters.',
      ],
      [{ name: 'All', query: '' }, 'en', 'Choose at least one filter before saving the search.'],
      [
        { name: 'All', query: 'page=2&seed=5&sort=newest&color=abc' },
        'en',
        'Choose at least one filter before saving the search.',
      ],
      [{ name: 'All', query: 'yearFrom=2010' }, 'ar', 'اختر فلتراً واحداً على الأقل قبل حفظ البحث'],
    ];
    for (const [payload, lang, message] of refusals) {
      const response = await create(otherToken, payload, lang);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(response).message).toBe(message);
    }
    // Surrounding spaces do not count towards the length.
    expect(
      (
        await create(otherToken, {
          name: ` ${'x'.repeat(100)} `,
          query: 'yearFrom=2001&yearTo=2005',
        })
      ).statusCode,
    ).toBe(200);
    for (let i = 1; i < SAVED_SEARCHES_MAX; i++) {
      expect(
        (await create(otherToken, { name: `S${i}`, query: `yearFrom=2000&yearTo=${2000 + i}` }))
          .statusCode,
      ).toBe(200);
    }
    const over = await create(otherToken, { name: 'One more', query: 'yearFrom=2000&yearTo=2099' });
    expect(over.statusCode).toBe(400);
    expect(body(over).message).toContain(String(SAVED_SEARCHES_MAX));
    await t.database.db.delete(savedSearches).where(eq(savedSearches.userId, other.id));
  });

  it('tells the owners of matching searches when the admin accepts a vehicle', async () => {
    // The buyer's search (by email) matches a make and a price in dollars; the other user's
    // (no email) a mileage range the vehicle is outside of; the seller's own search matches too.
    await t.database.db.delete(savedSearches);
    const matching = body<Saved>(
      await create(buyerToken, {
        name: 'Make 1 under $20k',
        query: `vehicleBrandId=1&priceFrom=1&priceTo=20000&priceCurrency=${Currency.USD}`,
        notifyByEmail: true,
      }),
    ).data;
    await create(otherToken, { name: 'Low mileage', query: 'mealsFrom=1&mealsTo=10000' });
    await create(sellerToken, { name: 'Mine', query: 'vehicleBrandId=1' });
    const buyerBefore = (await notificationsOf(buyer.id)).length;
    const otherBefore = (await notificationsOf(other.id)).length;
    const sellerBefore = (await notificationsOf(seller.id)).length;

    const vehicle = await createVehicle(t.database.db, t.bus, {
      ownerId: seller.id,
      statusId: Status.pending,
      price: 50_000,
      currencyId: Currency.NIS,
      meals: 90_000,
    });
    const live: { userId: number; notification: { link: string } }[] = [];
    t.bus.subscribe('notification', (event) => {
      live.push(event as (typeof live)[number]);
    });
    expect((await accept(vehicle.id)).statusCode).toBe(200);

    const told = await notificationsOf(buyer.id);
    expect(told).toHaveLength(buyerBefore + 1);
    expect(told.at(-1)).toMatchObject({
      title: 'مركبة جديدة تطابق بحثك',
      link: `/vehicles?${matching.query}`,
    });
    expect(told.at(-1)!.message).toContain('Make 1 under $20k');
    await expect
      .poll(() =>
        live.some(
          (e) => e.userId === buyer.id && e.notification.link === `/vehicles?${matching.query}`,
        ),
      )
      .toBe(true);
    // The seller is told of the acceptance only, not of a match with their own vehicle.
    const sellerTold = await notificationsOf(seller.id);
    expect(sellerTold).toHaveLength(sellerBefore + 1);
    expect(sellerTold.at(-1)!.title).not.toBe('مركبة جديدة تطابق بحثك');
    expect(await notificationsOf(other.id)).toHaveLength(otherBefore);

    await expect
      .poll(async () =>
        (await readOutbox(t.config.outboxDir)).filter((mail) => mail.to === buyer.email),
      )
      .toHaveLength(1);
    const [mail] = (await readOutbox(t.config.outboxDir)).filter((mail) => mail.to === buyer.email);
    expect(mail!.subject).toContain('Make 1 under $20k');
    expect(mail!.text).toContain(`/vehicles?${matching.query}`);
    expect(mail!.text).toContain(`/en/vehicles?${matching.query}`);
    expect((await readOutbox(t.config.outboxDir)).some((m) => m.to === other.email)).toBe(false);
  });

  it('tells nobody of a vehicle that matches no search, or of a vehicle accepted again', async () => {
    await t.database.db.delete(savedSearches);
    await create(buyerToken, { name: 'Make 2', query: 'vehicleBrandId=2' });
    await create(otherToken, { name: 'Newish', query: 'yearFrom=2020&yearTo=2030' });
    const before =
      (await notificationsOf(buyer.id)).length + (await notificationsOf(other.id)).length;
    const vehicle = await createVehicle(t.database.db, t.bus, {
      ownerId: seller.id,
      statusId: Status.pending,
      year: 2018,
    });
    expect((await accept(vehicle.id)).statusCode).toBe(200);
    const after =
      (await notificationsOf(buyer.id)).length + (await notificationsOf(other.id)).length;
    expect(after).toBe(before);

    // Accepting an already accepted vehicle (a new reply) is not a new match.
    await create(buyerToken, { name: 'Make 1', query: 'vehicleBrandId=1' });
    const count = (await notificationsOf(buyer.id)).length;
    expect((await accept(vehicle.id)).statusCode).toBe(200);
    expect(await notificationsOf(buyer.id)).toHaveLength(count);
  });
});
