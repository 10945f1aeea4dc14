import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status, UserType } from '../../domain/codes.ts';
import { createSeller, createVehicle } from '../api/fixtures.ts';
import { startSite, drivers, type Site } from './harness.ts';

/*
 * A seller's vehicle reaching the public pages over real HTTP, through the page cache: pending
 * (not public), accepted by the admin (its page, the lists, the gallery and the sitemap at the
 * next request), sold (the page stays for shared links, marked sold, without contact, noindex).
 */
describe.each(drivers)('vehicle publication on %s', (driver) => {
  let site: Site;
  let seller: Awaited<ReturnType<typeof createSeller>>;
  let sellerToken: string;
  let adminToken: string;

  const api = (path: string, token: string, init: { method: string; body?: unknown }) =>
    site.fetch(`/api/Vehicle/${path}`, {
      method: init.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
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
    }
    expect(await text(gallery)).not.toContain('77,700');
    expect(await text(list)).not.toContain('77,700');
    expect(await text('/sitemap.xml')).not.toContain(page);
  });
});
