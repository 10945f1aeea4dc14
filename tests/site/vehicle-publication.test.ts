import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, Status, UserType } from '../../domain/codes.ts';
import { createSeller, createVehicle } from '../api/fixtures.ts';
import { startSite, drivers, type Site } from './harness.ts';

/*
 * A seller's vehicle reaching the public pages over real HTTP, through the page cache: pending
 * (not public), accepted by the admin (its page, the lists, the gallery and the sitemap at the
 * next request), edited (the pages show the change), deleted (404, gone from the lists), sold
 * (the page stays for shared links, marked sold, without contact, noindex).
 */

const picture = (width: number, height: number, shade = 0) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 30 * shade, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer()
    .then((bytes) => bytes.toString('base64'));
describe.each(drivers)('vehicle publication on %s', (driver) => {
  let site: Site;
  let seller: Awaited<ReturnType<typeof createSeller>>;
  let sellerToken: string;
  let adminToken: string;

  const api = (path: string, token: string, init: { method: string; body?: unknown }) =>
    site.fetch(`/api/Vehicle/${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const setStatus = (token: string, vehicleId: number, statusId: number, messageReplay = '') =>
    api('UpdateVehicleStatus', token, {
      method: 'PUT',
      body: { vehicleId, statusId, messageReplay },
    });
  const text = async (path: string) => (await site.fetch(path)).text();

  beforeAll(async () => {
    site = await startSite(driver);
    const { db } = site.database;
    seller = await createSeller(db, { name: 'Publication Motors' });
    const admin = await createSeller(db, { name: 'Reviewer', userType: UserType.admin });
    sellerToken = await site.app.tokens.sign({
      id: seller.id,
      userType: UserType.company,
      name: seller.name,
    });
    adminToken = await site.app.tokens.sign({
      id: admin.id,
      userType: UserType.admin,
      name: admin.name,
    });
  });
  afterAll(async () => {
    await site?.close();
  });

  it("shows a seller's new vehicle once accepted, then its edit, then nothing after its deletion", async () => {
    const photos = await Promise.all([0, 1, 2, 3, 4, 5].map((shade) => picture(64, 48, shade)));
    const draft = {
      brandIdFk: 1,
      modelIdFk: 101,
      year: 2020,
      numOfMeals: 42_000,
      bodyTypeIdCfk: 250,
      colorIdCFK: 200,
      paintedTypeIdCfk: 350,
      paintedStatusIdCfk: 400,
      specificationIdCfk: 300,
      price: 88_800,
      currency: Currency.NIS,
      gearTypeIdCfk: 450,
      oilTypeIdCfk: 500,
      image: await picture(350, 200),
      images: photos,
      bestThreeCategories: ['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد'],
      moreInfo: '<p>منشورة عبر <strong>الموقع</strong></p>',
      extinsionCategory: [{ extensionName: 'الترخيص', extentionValue: 'سنة' }],
    };
    const created = await api('CreateVehicle', sellerToken, { method: 'POST', body: draft });
    expect(created.status, await created.clone().text()).toBe(200);
    const { data: saved } = (await created.json()) as { data: { id: number; slug: string } };
    const page = `/vehicle/${saved.slug}`;
    const list = `/vehicles?ownerId=${seller.id}`;
    expect((await site.fetch(page)).status).toBe(404);
    expect(await text(list)).not.toContain('88,800');

    expect((await setStatus(adminToken, saved.id, Status.accepted)).status).toBe(200);
    const shown = await text(page);
    expect(shown).toContain('88,800');
    expect(shown).toContain('<strong>الموقع</strong>');
    expect(shown).toContain('الترخيص');
    expect(await text(list)).toContain('88,800');

    const edited = await api('UpdateVehicle', sellerToken, {
      method: 'PUT',
      body: { ...draft, id: saved.id, image: '', images: [], price: 86_500 },
    });
    expect(edited.status).toBe(200);
    const changed = await text(page);
    expect(changed).toContain('86,500');
    expect(changed).not.toContain('88,800');
    expect(await text(list)).toContain('86,500');
    expect(await text('/sitemap.xml')).toContain(page);

    const deleted = await api(`DeleteVehicle?Id=${saved.id}`, sellerToken, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await site.fetch(page)).status).toBe(404);
    expect(await text(list)).not.toContain('86,500');
    expect(await text('/sitemap.xml')).not.toContain(page);
  });

  it('publishes a pending vehicle when the admin accepts it, then keeps a sold one reachable', async () => {
    const vehicle = await createVehicle(site.database.db, site.bus, {
      ownerId: seller.id,
      statusId: Status.pending,
      price: 77_700,
    });
    const page = `/vehicle/${vehicle.slug}`;
    const gallery = `/gallary/${seller.slug}`;
    const list = `/vehicles?ownerId=${seller.id}`;
    expect((await site.fetch(page)).status).toBe(404);
    expect(await text('/sitemap.xml')).not.toContain(page);

    expect((await setStatus(adminToken, vehicle.id, Status.accepted, 'مرحباً')).status).toBe(200);
    const published = await site.fetch(page);
    expect(published.status).toBe(200);
    const html = await published.text();
    expect(html).toContain('77,700');
    expect(html).toContain('data-vehicle-contact');
    // The phone's contact bar, plain HTML.
    expect(html).toMatch(/<aside[^>]*\sdata-contact-bar[\s>]/);
    expect(html).not.toContain('noindex');
    expect(await text(gallery)).toContain('77,700');
    expect(await text(list)).toContain('77,700');
    expect(await text('/sitemap.xml')).toContain(page);

    expect((await setStatus(sellerToken, vehicle.id, Status.saled)).status).toBe(200);
    for (const [path, sold] of [
      [page, 'تم البيع'],
      [`/en${page}`, 'Sold'],
    ] as const) {
      const response = await site.fetch(path);
      expect(response.status, path).toBe(200);
      const soldHtml = await response.text();
      expect(soldHtml).toContain('<meta name="robots" content="noindex"');
      expect(soldHtml).toContain('data-vehicle-sold');
      expect(soldHtml).toContain(sold);
      expect(soldHtml).toContain('https://schema.org/SoldOut');
      expect(soldHtml).not.toContain('data-vehicle-contact');
      expect(soldHtml).not.toContain('dialog-contact-seller');
      expect(soldHtml).not.toMatch(/<aside[^>]*\sdata-contact-bar[\s>]/);
    }
    expect(await text(gallery)).not.toContain('77,700');
    expect(await text(list)).not.toContain('77,700');
    expect(await text('/sitemap.xml')).not.toContain(page);
  });
});
