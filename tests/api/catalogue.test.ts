import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementType, Currency, Status, UserType } from '../../domain/codes.ts';
import { eq } from 'drizzle-orm';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import { constants, vehicles } from '../../server/db/schema.ts';
import { BodyType, Colour, GearType, OilType } from '../../server/db/seed/reference.ts';
import { announce, createSeller, createVehicle, feature } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

type Card = {
  id: number;
  slug: string;
  year: number;
  price: number;
  meals: number;
  brandId: number;
  modelId: number;
  brandName: string;
  modelName: string;
  currency: number;
  ownerId: number;
  statusId: number;
};
type Pagination = { currentPage: number; pageCount: number; pageSize: number; rowCount: number };
type Search = { vehicles: { data: Card[]; pagination: Pagination }; seed: number };

describe.each(drivers)('public catalogue calls on %s', (driver) => {
  let t: TestApp;
  const get = (url: string, lang?: string) =>
    t.app.inject({ url, headers: lang ? { 'accept-language': lang } : {} });
  const search = async (query: string) => {
    const response = await get(`/api/Vehicle/GetVehiclesRandomly?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return body<Search>(response).data;
  };
  const ids = {} as Record<string, number>;
  let gaza: Awaited<ReturnType<typeof createSeller>>;
  let ramallah: Awaited<ReturnType<typeof createSeller>>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const { db } = t.database;
    gaza = await createSeller(db, { name: 'معرض غزة', addressStateId: 1, addressCityId: 1 });
    ramallah = await createSeller(db, {
      name: 'Ramallah Motors',
      userType: UserType.normal,
      addressStateId: 2,
      addressCityId: 15,
    });
    const make = (name: string, values: Parameters<typeof createVehicle>[2]) =>
      createVehicle(db, t.bus, values).then((vehicle) => (ids[name] = vehicle.id));
    await make('corolla2018', {
      ownerId: gaza.id,
      brandId: 1,
      modelId: 101,
      year: 2018,
      price: 60_000,
      meals: 80_000,
      colorId: Colour.white,
      bodyTypeId: BodyType.sedan,
      gearTypeId: GearType.automatic,
      oilTypeId: OilType.petrol,
    });
    await make('camry2021', {
      ownerId: gaza.id,
      brandId: 1,
      modelId: 102,
      year: 2021,
      price: 25_000,
      currencyId: Currency.USD,
      meals: 30_000,
      colorId: Colour.black,
      bodyTypeId: BodyType.sedan,
      gearTypeId: GearType.automatic,
      oilTypeId: OilType.hybrid,
    });
    await make('hyundai2012', {
      ownerId: ramallah.id,
      brandId: 2,
      modelId: 201,
      year: 2012,
      price: 15_000,
      currencyId: Currency.JOD,
      meals: 210_000,
      colorId: Colour.white,
      bodyTypeId: BodyType.hatchback,
      gearTypeId: GearType.manual,
      oilTypeId: OilType.diesel,
    });
    await make('kia2016', {
      ownerId: ramallah.id,
      brandId: 3,
      modelId: 301,
      year: 2016,
      price: 48_000,
      meals: 120_000,
      colorId: Colour.silver,
      bodyTypeId: BodyType.suv,
      gearTypeId: GearType.automatic,
      oilTypeId: OilType.petrol,
    });
    await make('pending', {
      ownerId: ramallah.id,
      brandId: 1,
      modelId: 101,
      statusId: Status.pending,
    });
    await make('rejected', {
      ownerId: ramallah.id,
      brandId: 1,
      modelId: 101,
      statusId: Status.failed,
    });
    await make('deleted', { ownerId: gaza.id, brandId: 1, modelId: 101 });
    await vehicleRepository(db, t.bus).remove(ids.deleted!);
    for (let i = 0; i < 20; i++) {
      await make(`filler${i}`, {
        ownerId: i % 2 ? gaza.id : ramallah.id,
        brandId: 4 + (i % 3),
        modelId: (4 + (i % 3)) * 100 + 1,
        year: 2005 + i,
        price: 10_000 + i * 1000,
        meals: 50_000 + i,
      });
    }
    await feature(db, gaza.id, ids.camry2021!);
    await feature(db, gaza.id, ids.corolla2018!, { from: -10, to: -2 }); // ended
    await announce(db, gaza.id, AnnouncementType.main);
    await announce(db, gaza.id, AnnouncementType.vertical);
    await announce(db, ramallah.id, AnnouncementType.horizontal);
    await announce(db, ramallah.id, AnnouncementType.horizontal, { statusId: Status.pending });
    await announce(db, ramallah.id, AnnouncementType.main, { from: 3, to: 6 }); // not started
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists only accepted vehicles, with the pagination of the spec', async () => {
    const all = await search('page=1&pageSize=100');
    expect(all.vehicles.pagination).toEqual({
      currentPage: 1,
      pageCount: 1,
      pageSize: 100,
      rowCount: 24,
    });
    const listed = all.vehicles.data.map((card) => card.id);
    for (const hidden of ['pending', 'rejected', 'deleted'])
      expect(listed).not.toContain(ids[hidden]);
    expect(all.vehicles.data.every((card) => card.statusId === Status.accepted)).toBe(true);
  });

  it('defaults to pages of 6', async () => {
    const first = await search('');
    expect(first.vehicles.data).toHaveLength(6);
    expect(first.vehicles.pagination).toMatchObject({
      currentPage: 1,
      pageSize: 6,
      pageCount: 4,
      rowCount: 24,
    });
  });

  it('walks every page of one shuffle showing each vehicle exactly once', async () => {
    const { seed } = await search('pageSize=5');
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const result = await search(`pageSize=5&page=${page}&seed=${seed}`);
      seen.push(...result.vehicles.data.map((card) => card.id));
    }
    expect(seen).toHaveLength(24);
    expect(new Set(seen).size).toBe(24);
  });

  it('shuffles: different seeds give different orders, one seed always the same', async () => {
    const order = async (seed: number) =>
      (await search(`pageSize=24&seed=${seed}`)).vehicles.data.map((card) => card.id).join();
    expect(await order(11)).toBe(await order(11));
    const orders = new Set(await Promise.all([1, 2, 3, 4, 5].map((seed) => order(seed))));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('filters by make and model', async () => {
    const toyota = await search('vehicleBrandId=1&pageSize=50');
    expect(toyota.vehicles.data.map((card) => card.id).sort()).toEqual(
      [ids.corolla2018, ids.camry2021].sort(),
    );
    const corolla = await search('vehicleBrandId=1&vehicleModelId=101');
    expect(corolla.vehicles.data.map((card) => card.id)).toEqual([ids.corolla2018]);
  });

  it('treats zero as no filter', async () => {
    const result = await search(
      'vehicleBrandId=0&vehicleModelId=0&color=0&stateId=0&yearFrom=0&yearTo=0&pageSize=50',
    );
    expect(result.vehicles.pagination.rowCount).toBe(24);
  });

  it("filters by the seller and by the seller's state", async () => {
    const inGaza = await search(`stateId=1&pageSize=50`);
    expect(inGaza.vehicles.data.every((card) => card.ownerId === gaza.id)).toBe(true);
    expect(inGaza.vehicles.pagination.rowCount).toBe(12);
    const bySeller = await search(`ownerId=${ramallah.id}&pageSize=50`);
    expect(bySeller.vehicles.data.every((card) => card.ownerId === ramallah.id)).toBe(true);
  });

  it('filters by colour, body, gear and fuel codes', async () => {
    const white = await search(`color=${Colour.white}`);
    expect(white.vehicles.data.map((card) => card.id).sort()).toEqual(
      [ids.corolla2018, ids.hyundai2012].sort(),
    );
    const manualDiesel = await search(`gearType=${GearType.manual}&oilType=${OilType.diesel}`);
    expect(manualDiesel.vehicles.data.map((card) => card.id)).toEqual([ids.hyundai2012]);
    const suv = await search(`bodyType=${BodyType.suv}`);
    expect(suv.vehicles.data.map((card) => card.id)).toEqual([ids.kia2016]);
  });

  it('applies a year range only when both years exceed 1000', async () => {
    const range = await search('yearFrom=2016&yearTo=2018&vehicleBrandId=1');
    expect(range.vehicles.data.map((card) => card.id)).toEqual([ids.corolla2018]);
    const oneEnd = await search('yearFrom=2016&pageSize=50');
    expect(oneEnd.vehicles.pagination.rowCount).toBe(24);
    const small = await search('yearFrom=999&yearTo=2010&pageSize=50');
    expect(small.vehicles.pagination.rowCount).toBe(24);
  });

  it('applies price and mileage ranges only when from is less than to', async () => {
    const priced = await search('priceFrom=40000&priceTo=60000&pageSize=50');
    expect(priced.vehicles.data.map((card) => card.id).sort()).toEqual(
      [ids.corolla2018, ids.kia2016].sort(),
    );
    const reversed = await search('priceFrom=60000&priceTo=40000&pageSize=50');
    expect(reversed.vehicles.pagination.rowCount).toBe(24);
    const equal = await search('priceFrom=50000&priceTo=50000&pageSize=50');
    expect(equal.vehicles.pagination.rowCount).toBe(24);
    const meals = await search('mealsFrom=100000&mealsTo=300000&pageSize=50');
    expect(meals.vehicles.data.map((card) => card.id).sort()).toEqual(
      [ids.hyundai2012, ids.kia2016].sort(),
    );
    const mealsReversed = await search('mealsFrom=300000&mealsTo=100000&pageSize=50');
    expect(mealsReversed.vehicles.pagination.rowCount).toBe(24);
  });

  it('compares prices across currencies in shekels, in the currency the filter names', async () => {
    const idsOf = (result: Search) => result.vehicles.data.map((card) => card.id).sort();
    // At 3.70 and 5.20: the camry is 92,500 ₪, the hyundai 78,000 ₪.
    const shekels = await search('priceFrom=75000&priceTo=95000&pageSize=50');
    expect(idsOf(shekels)).toEqual([ids.camry2021, ids.hyundai2012].sort());
    const dollars = await search('priceFrom=20000&priceTo=26000&priceCurrency=87&pageSize=50');
    expect(idsOf(dollars)).toEqual([ids.camry2021, ids.hyundai2012].sort());
    const dinars = await search('priceFrom=14000&priceTo=16000&priceCurrency=88&pageSize=50');
    expect(idsOf(dinars)).toEqual([ids.hyundai2012]);
    // A number in one currency never matches the same number in another.
    const raw = await search('priceFrom=14000&priceTo=16000&pageSize=50');
    expect(idsOf(raw)).not.toContain(ids.hyundai2012);
    // A price on either bound is in, converted or not.
    const onBound = async (price: number, currency: string, id: number) => {
      for (const [from, to] of [
        [price, price + 1],
        [price - 1, price],
      ]) {
        const found = await search(`priceFrom=${from}&priceTo=${to}${currency}&pageSize=50`);
        expect(idsOf(found), `${from}–${to}${currency}`).toEqual([id]);
      }
    };
    await onBound(92_500, '', ids.camry2021);
    await onBound(78_000, '', ids.hyundai2012);
    await onBound(25_000, '&priceCurrency=87', ids.camry2021);
    await onBound(15_000, '&priceCurrency=88', ids.hyundai2012);

    const { db } = t.database;
    await db.update(constants).set({ valueSt: '3' }).where(eq(constants.id, 141));
    try {
      const cheaperDollar = await search('priceFrom=74000&priceTo=76000&pageSize=50');
      expect(idsOf(cheaperDollar)).toEqual([ids.camry2021]);
      const rates = body<{ id: number; rateToIls: number }[]>(
        await get('/api/Category/GetCurrency'),
      ).data;
      expect(rates.map(({ id, rateToIls }) => [id, rateToIls]).sort()).toEqual([
        [86, 1],
        [87, 3],
        [88, 5.2],
      ]);
    } finally {
      await db.update(constants).set({ valueSt: '3.70' }).where(eq(constants.id, 141));
    }
  });

  it('sorts by price in shekels, year, distance and publication when asked', async () => {
    const rates: Record<number, number> = { 86: 1, 87: 3.7, 88: 5.2 };
    const all = async (sort: string) =>
      (await search(`sort=${sort}&pageSize=50`)).vehicles.data.map((card) => ({
        ...card,
        shekels: card.price * rates[card.currency]!,
      }));
    const ascending = await all('price-asc');
    expect(ascending).toHaveLength(24);
    const prices = ascending.map((card) => card.shekels);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = await all('price-desc');
    expect(descending[0]!.id).toBe(ids.camry2021);
    const years = (await all('year-desc')).map((card) => card.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const meals = (await all('distance-asc')).map((card) => card.meals);
    expect(meals).toEqual([...meals].sort((a, b) => a - b));

    // Newest is the latest accepted, whatever the order of creation.
    await t.database.db
      .update(vehicles)
      .set({ publishedAt: new Date(Date.now() + 60_000) })
      .where(eq(vehicles.id, ids.hyundai2012!));
    expect((await all('newest'))[0]!.id).toBe(ids.hyundai2012);
    // One sort pages consistently.
    const first = await search('sort=year-desc&pageSize=5&page=1');
    const second = await search('sort=year-desc&pageSize=5&page=2');
    expect(first.vehicles.data.at(-1)!.year).toBeGreaterThanOrEqual(second.vehicles.data[0]!.year);

    for (const bad of ['sort=cheapest', 'priceCurrency=89', 'priceCurrency=USD']) {
      const response = await get(`/api/Vehicle/GetVehiclesRandomly?${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('answers an empty page when nothing matches', async () => {
    const none = await search('vehicleBrandId=1&yearFrom=2000&yearTo=2001');
    expect(none.vehicles).toEqual({
      data: [],
      pagination: { currentPage: 1, pageCount: 0, pageSize: 6, rowCount: 0 },
    });
  });

  it.each([
    ['pageSize=101', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['vehicleBrandId=abc', 'vehicleBrandId'],
    ['yearFrom=twenty', 'yearFrom'],
    ['color=-3', 'color'],
    ['seed=x', 'seed'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const response = await get(`/api/Vehicle/GetVehiclesRandomly?${query}`, 'en');
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, data: null });
    expect(body(response).message).toContain(field);
  });

  it("gives a vehicle's details with its images, specs and similar vehicles", async () => {
    const response = await get(`/api/Vehicle/GetVehicle?id=${ids.corolla2018}`, 'en');
    expect(response.statusCode).toBe(200);
    const detail = body<Record<string, unknown> & Card>(response).data;
    expect(detail).toMatchObject({
      id: ids.corolla2018,
      brandName: 'Toyota',
      modelName: 'Corolla',
      year: 2018,
      price: 60_000,
      currency: Currency.NIS,
      meals: 80_000,
      colorId: Colour.white,
      color: 'White',
      gearType: expect.stringMatching(/automatic/i),
      oilType: expect.stringMatching(/petrol|gasoline/i),
      ownerName: 'معرض غزة',
      ownerStateName: 'Gaza Strip',
      description: '<p>سيارة بحالة ممتازة</p>',
      bestThreeCategories: ['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد'],
      image360: '',
    });
    expect(detail.slug).toBe(`${ids.corolla2018}-toyota-corolla-2018`);
    expect(detail.vehicleImages).toHaveLength(6);
    const similar = detail.cardOfVehicle as Card[];
    expect(similar.length).toBeGreaterThan(0);
    expect(similar[0]!.id).toBe(ids.camry2021);
    expect(similar.map((card) => card.id)).not.toContain(ids.corolla2018);
    expect(similar.map((card) => card.id)).not.toContain(ids.pending);
  });

  it('counts photos on every card, and a vehicle page its publication day and views', async () => {
    const data = await search('page=1&pageSize=50');
    const corolla = data.vehicles.data.find((card) => card.id === ids.corolla2018) as
      (Card & { imageCount: number }) | undefined;
    expect(corolla?.imageCount).toBe(6);
    const repository = vehicleRepository(t.database.db, t.bus);
    const [row] = await t.database.db
      .select({ createdAt: vehicles.createdAt, publishedAt: vehicles.publishedAt })
      .from(vehicles)
      .where(eq(vehicles.id, ids.corolla2018));
    const detail = await repository.detail(ids.corolla2018, 'ar');
    expect(detail?.imageCount).toBe(6);
    expect(detail?.publishedAt).toBe((row!.publishedAt ?? row!.createdAt).toISOString());

    const views = async () => (await repository.detail(ids.corolla2018, 'ar'))?.viewCount;
    const before = (await views())!;
    const visit = (route: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Visit/RecordVisit',
        payload: { ip: '', userAgent: 'test', route },
      });
    await visit(`/vehicle/${ids.corolla2018}-toyota-corolla-2018`);
    await visit(`/en/vehicle/${ids.corolla2018}-toyota-corolla-2018`);
    // Another vehicle's page and a gallery do not count.
    await visit(`/vehicle/${ids.camry2021}-toyota-camry-2021`);
    await visit(`/gallary/${gaza.id}-x`);
    expect(await views()).toBe(before + 2);
  });

  it.each(['pending', 'rejected', 'deleted'])('answers 404 for a %s vehicle', async (name) => {
    const response = await get(`/api/Vehicle/GetVehicle?id=${ids[name]}`);
    expect(response.statusCode).toBe(404);
    expect(body(response).message).toBe('المركبة غير موجودة أو غير متاحة للعرض');
  });

  it('answers 404 for a vehicle that never existed and 400 for a bad id', async () => {
    expect((await get('/api/Vehicle/GetVehicle?id=99999')).statusCode).toBe(404);
    expect((await get('/api/Vehicle/GetVehicle?id=abc')).statusCode).toBe(400);
    expect((await get('/api/Vehicle/GetVehicle')).statusCode).toBe(400);
  });

  it("gives a seller's gallery with their public vehicles, 12 a page", async () => {
    const response = await get(`/api/Vehicle/GetUserVehicles?userId=${gaza.id}`, 'en');
    expect(response.statusCode).toBe(200);
    const gallery = body<{
      name: string;
      image: string;
      addressStateId: number;
      addressCityId: number;
      AddressInfo: string;
      mobile: string;
      vehicles: { data: Card[]; pagination: Pagination };
    }>(response).data;
    expect(gallery).toMatchObject({
      name: 'معرض غزة',
      addressStateId: 1,
      addressCityId: 1,
      AddressInfo: 'Main street',
      mobile: '0599000000',
    });
    expect(gallery.vehicles.pagination).toEqual({
      currentPage: 1,
      pageCount: 1,
      pageSize: 12,
      rowCount: 12,
    });
    expect(gallery.vehicles.data.every((card) => card.ownerId === gaza.id)).toBe(true);
    expect(gallery.vehicles.data.map((card) => card.id)).not.toContain(ids.deleted);
    const second = body<{ vehicles: { data: Card[] } }>(
      await get(`/api/Vehicle/GetUserVehicles?userId=${gaza.id}&page=2&pageSize=5`),
    ).data;
    expect(second.vehicles.data).toHaveLength(5);
  });

  it('answers 404 for a gallery of no seller, and for the admin', async () => {
    expect((await get('/api/Vehicle/GetUserVehicles?userId=99999')).statusCode).toBe(404);
    const admin = body<{ users: { data: { id: number }[] } }>(
      await get('/api/User/GetSellers?pageSize=100'),
    ).data;
    expect(admin.users.data.map((seller) => seller.id)).not.toContain(1);
    expect((await get('/api/Vehicle/GetUserVehicles?userId=1')).statusCode).toBe(404);
    expect((await get('/api/Vehicle/GetUserVehicles?userId=1&pageSize=500')).statusCode).toBe(400);
  });

  it('lists sellers by name with pagination, 3 a page by default', async () => {
    const all = body<{
      users: { data: { id: number; name: string; slug: string }[]; pagination: Pagination };
    }>(await get('/api/User/GetSellers')).data;
    expect(all.users.pagination).toMatchObject({ currentPage: 1, pageSize: 3, rowCount: 2 });
    const found = body<{ users: { data: { id: number; name: string; email?: string }[] } }>(
      await get(`/api/User/GetSellers?name=${encodeURIComponent('ramallah')}`),
    ).data;
    expect(found.users.data.map((seller) => seller.id)).toEqual([ramallah.id]);
    expect(found.users.data[0]).not.toHaveProperty('email');
    expect(found.users.data[0]).not.toHaveProperty('passwordHash');
    const arabic = body<{ users: { data: { id: number }[] } }>(
      await get(`/api/User/GetSellers?name=${encodeURIComponent('غزة')}`),
    ).data;
    expect(arabic.users.data.map((seller) => seller.id)).toEqual([gaza.id]);
    const wildcard = body<{ users: { data: unknown[] } }>(
      await get('/api/User/GetSellers?name=%25'),
    ).data;
    expect(wildcard.users.data).toEqual([]);
    expect((await get('/api/User/GetSellers?pageSize=101')).statusCode).toBe(400);
    expect((await get('/api/User/GetSellers?page=-2')).statusCode).toBe(400);
  });

  it('narrows the sellers to a governorate and a city', async () => {
    const ids = async (query: string) =>
      body<{ users: { data: { id: number }[] } }>(
        await get(`/api/User/GetSellers?${query}`),
      ).data.users.data.map((seller) => seller.id);
    expect(await ids('stateId=1')).toEqual([gaza.id]);
    expect(await ids('stateId=2')).toEqual([ramallah.id]);
    expect(await ids('stateId=1&cityId=1')).toEqual([gaza.id]);
    expect(await ids('stateId=2&cityId=1')).toEqual([]);
    expect(await ids(`stateId=2&name=${encodeURIComponent('غزة')}`)).toEqual([]);
    expect((await get('/api/User/GetSellers?stateId=0')).statusCode).toBe(400);
    expect((await get('/api/User/GetSellers?cityId=x')).statusCode).toBe(400);
  });

  it('lists the featured vehicles whose star order is active', async () => {
    const stars = body<Card[]>(await get('/api/Order/GetStarActiveVehicles')).data;
    expect(stars.map((card) => card.id)).toEqual([ids.camry2021]);
  });

  it('lists the active announcements of each kind', async () => {
    const kinds = {
      GetActiveMainAnnouncements: AnnouncementType.main,
      GetActiveVerticalAnnouncements: AnnouncementType.vertical,
      GetActiveHorizontalAnnouncements: AnnouncementType.horizontal,
    };
    for (const [name, kind] of Object.entries(kinds)) {
      const response = await get(`/api/Order/${name}`);
      expect(response.statusCode).toBe(200);
      const list = body<{ announcementType: number; image: string }[]>(response).data;
      expect(list).toHaveLength(1);
      expect(list[0]!.announcementType).toBe(kind);
      expect(list[0]!.image).toMatch(/^\/uploads\//);
    }
  });

  it('hides a vehicle from every list once it is no longer accepted', async () => {
    const repository = vehicleRepository(t.database.db, t.bus);
    await repository.setStatus(ids.kia2016!, Status.failed);
    expect((await get(`/api/Vehicle/GetVehicle?id=${ids.kia2016}`)).statusCode).toBe(404);
    expect((await search(`bodyType=${BodyType.suv}`)).vehicles.data).toEqual([]);
    // A sold vehicle leaves the lists too, but its page stays for links already shared.
    await repository.setStatus(ids.kia2016!, Status.saled);
    expect((await search(`bodyType=${BodyType.suv}`)).vehicles.data).toEqual([]);
    const sold = await get(`/api/Vehicle/GetVehicle?id=${ids.kia2016}`);
    expect(sold.statusCode).toBe(200);
    expect(body<{ statusId: number }>(sold).data.statusId).toBe(Status.saled);
    await repository.setStatus(ids.kia2016!, Status.accepted);
    expect((await get(`/api/Vehicle/GetVehicle?id=${ids.kia2016}`)).statusCode).toBe(200);
  });

  it('stores a description cleaned of scripts and handlers, whatever the write path', async () => {
    const vehicle = await createVehicle(t.database.db, t.bus, {
      ownerId: gaza.id,
      description: '<p onclick="steal()">نظيفة</p><script>alert(1)</script>',
    });
    const detail = body<{ description: string }>(
      await get(`/api/Vehicle/GetVehicle?id=${vehicle.id}`),
    ).data;
    expect(detail.description).toBe('<p>نظيفة</p>');
    await vehicleRepository(t.database.db, t.bus).update(vehicle.id, {
      description: '<img src=x onerror=alert(1)><p>ok</p>',
    });
    const updated = body<{ description: string }>(
      await get(`/api/Vehicle/GetVehicle?id=${vehicle.id}`),
    ).data;
    expect(updated.description).toBe('<p>ok</p>');
    await vehicleRepository(t.database.db, t.bus).remove(vehicle.id);
  });

  it('publishes a purge of the vehicle, its seller and the lists on every write', async () => {
    const purges: string[][] = [];
    const stop = t.bus.subscribe('purge', ({ tags }) => purges.push(tags));
    await vehicleRepository(t.database.db, t.bus).update(ids.hyundai2012!, { price: 14_000 });
    stop();
    expect(purges).toHaveLength(1);
    expect(purges[0]).toEqual(
      expect.arrayContaining([
        `vehicle:${ids.hyundai2012}`,
        `seller:${ramallah.id}`,
        'home',
        'vehicles',
      ]),
    );
  });
});
