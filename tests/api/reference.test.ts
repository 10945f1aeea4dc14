import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../server/db/schema.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

type Lookup = { id: number; name: string };

describe.each(drivers)('reference data on %s', (driver) => {
  let t: TestApp;
  const get = (url: string, lang?: string) =>
    t.app.inject({ url, headers: lang ? { 'accept-language': lang } : {} });

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  const lookupCalls = [
    'GetBrands',
    'GetPaintedStatus',
    'GetSpecification',
    'GetOrderStatus',
    'GetVehicleStatus',
    'GetBodyType',
    'GetColor',
    'GetPaintedType',
    'GetGearType',
    'GetOilType',
    'GetCurrency',
    'GetUserType',
    'GetUserStatus',
    'GetSendMessageWays',
    'GetAnnouncementTypes',
    'GetStates',
  ];

  it.each(lookupCalls)(
    '%s answers a non-empty list of ids and names in the envelope',
    async (name) => {
      const response = await get(`/api/Category/${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      const envelope = body<Lookup[]>(response);
      expect(envelope.success).toBe(true);
      expect(typeof envelope.message).toBe('string');
      expect(envelope.data.length).toBeGreaterThan(0);
      for (const item of envelope.data) {
        expect(Number.isInteger(item.id)).toBe(true);
        expect(item.name.trim()).not.toBe('');
      }
    },
  );

  it.each(lookupCalls)('%s names follow Accept-Language, Arabic by default', async (name) => {
    const arabic = body<Lookup[]>(await get(`/api/Category/${name}`)).data;
    const english = body<Lookup[]>(await get(`/api/Category/${name}`, 'en-US,en;q=0.9')).data;
    expect(english.map((item) => item.id)).toEqual(arabic.map((item) => item.id));
    expect(arabic.some((item) => /[\u0600-\u06ff]/.test(item.name))).toBe(true);
    expect(english.every((item) => !/[\u0600-\u06ff]/.test(item.name))).toBe(true);
    const explicitArabic = body<Lookup[]>(await get(`/api/Category/${name}`, 'ar')).data;
    expect(explicitArabic).toEqual(arabic);
  });

  it('keeps the ids the spec fixes', async () => {
    const ids = async (name: string) =>
      body<Lookup[]>(await get(`/api/Category/${name}`)).data.map((item) => item.id);
    expect(await ids('GetUserType')).toEqual([70, 71, 72]);
    expect((await ids('GetCurrency')).sort()).toEqual([86, 87, 88]);
    expect(await ids('GetAnnouncementTypes')).toEqual([89, 90, 91]);
    expect(await ids('GetOrderStatus')).toEqual([95, 96, 97, 98, 99]);
    expect(await ids('GetVehicleStatus')).toEqual([95, 96, 97, 98, 99]);
    expect(await ids('GetStates')).toEqual([1, 2, 3]);
  });

  it('names the currencies in both languages', async () => {
    const english = body<Lookup[]>(await get('/api/Category/GetCurrency', 'en')).data;
    const byId = new Map(english.map((item) => [item.id, item.name]));
    expect(byId.get(86)).toMatch(/NIS|Shekel/i);
    expect(byId.get(87)).toMatch(/USD|Dollar/i);
    expect(byId.get(88)).toMatch(/JOD|Dinar/i);
  });

  it('gives each announcement kind its price per day', async () => {
    const kinds = body<{ id: number; name: string; value: number }[]>(
      await get('/api/Category/GetAnnouncementTypes'),
    ).data;
    for (const kind of kinds) expect(kind.value).toBeGreaterThan(0);
  });

  it('lists the payment account constants 107 to 114 as id and valueSt', async () => {
    const constants = body<{ id: number; valueSt: string }[]>(
      await get('/api/Category/GetConstants'),
    ).data;
    const ids = constants.map((item) => item.id);
    for (let id = 107; id <= 114; id++) expect(ids).toContain(id);
    for (const item of constants) {
      expect(Object.keys(item).sort()).toEqual(['id', 'valueSt']);
      expect(item.valueSt).not.toBe('');
    }
  });

  it('has 12 cities in Gaza Strip, 11 in the West Bank and 13 in the interior', async () => {
    const counts: number[] = [];
    for (const stateId of [1, 2, 3]) {
      const response = await get(`/api/Category/GetStateCities?StateId=${stateId}`);
      expect(response.statusCode).toBe(200);
      const cities = body<{ id: number; name: string; stateId: number }[]>(response).data;
      expect(cities.every((city) => city.stateId === stateId)).toBe(true);
      counts.push(cities.length);
    }
    expect(counts).toEqual([12, 11, 13]);
  });

  it('names real cities in both languages', async () => {
    const english = body<Lookup[]>(await get('/api/Category/GetStateCities?StateId=1', 'en')).data;
    const arabic = body<Lookup[]>(await get('/api/Category/GetStateCities?StateId=1', 'ar')).data;
    expect(english.map((city) => city.name)).toEqual(expect.arrayContaining(['Gaza', 'Rafah']));
    expect(arabic.map((city) => city.name)).toEqual(expect.arrayContaining(['غزة', 'رفح']));
  });

  it('answers an unknown state with an empty list and a clear message', async () => {
    const response = await get('/api/Category/GetStateCities?StateId=999', 'en');
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({ success: true, data: [] });
    expect(body(response).message).toMatch(/no state/i);
  });

  it.each([
    ['/api/Category/GetStateCities?StateId=abc', 'StateId'],
    ['/api/Category/GetStateCities', 'StateId'],
    ['/api/Category/GetStateCities?StateId=-1', 'StateId'],
    ['/api/Category/GetBrandModels?brandId=abc', 'brandId'],
    ['/api/Category/GetBrandModels?brandId=1.5', 'brandId'],
    ['/api/Category/GetBrandModels', 'brandId'],
    ['/api/Interfaces/GetInterfaceItem?id=x', 'id'],
  ])('refuses %s with a 400 naming %s, never a 500', async (url, field) => {
    const arabic = await get(url);
    expect(arabic.statusCode).toBe(400);
    expect(body(arabic)).toMatchObject({ success: false, data: null });
    expect(body(arabic).message).toContain(field);
    expect(body(arabic).message).toMatch(/[\u0600-\u06ff]/);
    const english = await get(url, 'en');
    expect(body(english).message).toContain(field);
    expect(body(english).message).not.toMatch(/[\u0600-\u06ff]/);
  });

  it('limits the models to the chosen make', async () => {
    const brands = body<Lookup[]>(await get('/api/Category/GetBrands', 'en')).data;
    const toyota = brands.find((brand) => brand.name === 'Toyota');
    expect(toyota).toBeDefined();
    const models = body<{ id: number; name: string; brandId: number }[]>(
      await get(`/api/Category/GetBrandModels?brandId=${toyota!.id}`, 'en'),
    ).data;
    expect(models.map((model) => model.name)).toContain('Corolla');
    expect(models.every((model) => model.brandId === toyota!.id)).toBe(true);
    const unknown = await get('/api/Category/GetBrandModels?brandId=99999', 'en');
    expect(unknown.statusCode).toBe(200);
    expect(body(unknown).data).toEqual([]);
    expect(body(unknown).message).toMatch(/no make/i);
  });

  it('lists the interface items with the three policy modals in both languages', async () => {
    type Item = {
      id: number;
      code: string;
      groupId: number;
      title: string;
      body: string;
      titleAr: string;
      titleEn: string;
      bodyAr: string;
      bodyEn: string;
    };
    const arabic = body<Item[]>(await get('/api/Interfaces/GetInterfacesItems')).data;
    const english = body<Item[]>(await get('/api/Interfaces/GetInterfacesItems', 'en')).data;
    for (const code of [
      'privacy_policy_modal',
      'terms_and_conditions_modal',
      'return_polices_modal',
    ]) {
      const item = arabic.find((entry) => entry.code === code);
      expect(item, code).toBeDefined();
      expect(item!.groupId).toBe(106);
      expect(item!.title).toBe(item!.titleAr);
      expect(item!.body).toBe(item!.bodyAr);
      expect(item!.bodyEn.length).toBeGreaterThan(20);
      const inEnglish = english.find((entry) => entry.code === code)!;
      expect(inEnglish.title).toBe(item!.titleEn);
      expect(inEnglish.body).toBe(item!.bodyEn);
    }
    expect(arabic.some((item) => item.groupId === 104)).toBe(true);
    expect(arabic.some((item) => item.groupId === 105)).toBe(true);

    const one = await get(`/api/Interfaces/GetInterfaceItem?id=${arabic[0]!.id}`, 'en');
    expect(one.statusCode).toBe(200);
    expect(body<Item>(one).data).toMatchObject({ id: arabic[0]!.id, title: arabic[0]!.titleEn });
  });

  it("answers a missing interface item with a 404 in the caller's language", async () => {
    const arabic = await get('/api/Interfaces/GetInterfaceItem?id=987654');
    expect(arabic.statusCode).toBe(404);
    expect(body(arabic)).toEqual({
      success: false,
      message: 'العنصر المطلوب غير موجود',
      data: null,
    });
    const english = await get('/api/Interfaces/GetInterfaceItem?id=987654', 'en');
    expect(body(english).message).toBe('The requested item was not found.');
  });

  it('gives the site contact info with a mobile and a located address', async () => {
    const response = await get('/api/User/GetWebSiteComunicationInfo', 'en');
    expect(response.statusCode).toBe(200);
    const contact = body<Record<string, unknown>>(response).data;
    expect(contact).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    expect(contact.mobile).toMatch(/^\+?\d{9,14}$/);
    expect(contact.addressStateId).toBeGreaterThan(0);
    expect(contact.addressCityId).toBeGreaterThan(0);
    expect(contact.addressCityName).not.toBe('');
    const arabic = body<Record<string, unknown>>(
      await get('/api/User/GetWebSiteComunicationInfo'),
    ).data;
    expect(arabic.name).toMatch(/[\u0600-\u06ff]/);
  });

  it("records a visit with the connection's ip, never the one in the body", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/Visit/RecordVisit',
      remoteAddress: '10.1.2.3',
      headers: { 'user-agent': 'HeaderAgent/1.0' },
      payload: {
        ip: '6.6.6.6',
        userAgent: 'Mozilla/5.0 test',
        route: '/en/vehicle/42-toyota-corolla',
      },
    });
    expect(response.statusCode).toBe(200);
    const { id } = body<{ id: number }>(response).data;
    const [row] = await t.database.db.select().from(visits).where(eq(visits.id, id));
    expect(row).toMatchObject({
      ip: '10.1.2.3',
      userAgent: 'Mozilla/5.0 test',
      route: '/en/vehicle/42-toyota-corolla',
      vehicleId: 42,
      sellerId: null,
    });
  });

  it('refuses a visit without a route, and an over-long one, and stores nothing', async () => {
    const before = (await t.database.db.select().from(visits)).length;
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/Visit/RecordVisit',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toContain('route');
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/Visit/RecordVisit',
      payload: { route: '/' + 'a'.repeat(3000) },
    });
    expect(long.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/Visit/RecordVisit',
      headers: { 'content-type': 'application/json' },
      payload: '{"route":',
    });
    expect(broken.statusCode).toBe(400);
    expect(body(broken).success).toBe(false);
    expect((await t.database.db.select().from(visits)).length).toBe(before);
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await get('/api/Category/GetNothing', 'en');
    expect(response.statusCode).toBe(404);
    expect(body(response)).toEqual({
      success: false,
      message: 'There is no such API call.',
      data: null,
    });
  });

  it('serves the OpenAPI document listing every call', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(JSON.parse(response.body).paths);
    for (const name of [...lookupCalls, 'GetConstants', 'GetBrandModels', 'GetStateCities']) {
      expect(paths).toContain(`/api/Category/${name}`);
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/Interfaces/GetInterfacesItems',
        '/api/Interfaces/GetInterfaceItem',
        '/api/User/GetWebSiteComunicationInfo',
        '/api/Visit/RecordVisit',
      ]),
    );
    const ui = await get('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
