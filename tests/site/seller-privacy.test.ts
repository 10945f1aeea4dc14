import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status, UserStatus, UserType } from '../../domain/codes.ts';
import { sellerPageTags } from '../../server/db/repositories/sellers.ts';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import { users } from '../../server/db/schema.ts';
import { createSeller, createVehicle } from '../api/fixtures.ts';
import { startSite, drivers, type Site } from './harness.ts';

/*
 * Issue §2 (privacy) over HTTP, through the page cache: who the sellers directory and the
 * galleries show, and that blocking a seller takes their cached pages down at once. Run after
 * `npm run build`.
 */
describe.each(drivers)('seller privacy on the site on %s', (driver) => {
  let site: Site;
  const both = (path: string) => [path, `/en${path}`];
  const status = async (path: string) => (await site.fetch(path)).status;
  /** Fetches a page twice so that it is in the cache, and checks it is. */
  const cache = async (path: string) => {
    expect((await site.fetch(path)).status, path).toBe(200);
    expect((await site.fetch(path)).headers.get('x-cache'), path).toBe('HIT');
  };

  beforeAll(async () => {
    site = await startSite(driver);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('lists a dealership without vehicles but not an individual without a public one, whose gallery answers 404', async () => {
    const { db } = site.database;
    const dealer = await createSeller(db, { name: 'Privacy Dealer' });
    const person = await createSeller(db, { name: 'Privacy Person', userType: UserType.normal });
    await createVehicle(db, site.bus, { ownerId: person.id, statusId: Status.pending });

    for (const path of both(`/sellers?name=Privacy`)) {
      const html = await (await site.fetch(path)).text();
      expect(html, path).toContain('Privacy Dealer');
      expect(html, path).not.toContain('Privacy Person');
    }
    for (const path of both(`/gallary/${dealer.slug}`)) expect(await status(path), path).toBe(200);
    for (const path of both(`/gallary/${person.slug}`)) expect(await status(path), path).toBe(404);
    const sitemap = await (await site.fetch('/sitemap.xml')).text();
    expect(sitemap).toContain(`/gallary/${dealer.slug}<`);
    expect(sitemap).not.toContain(`/gallary/${person.slug}<`);
  });

  it("purges a blocked seller's cached pages, which then answer 404, and drops their cards elsewhere", async () => {
    const { db } = site.database;
    const seller = await createSeller(db, { name: 'Blocked Motors' });
    const other = await createSeller(db, { name: 'Neighbour Motors' });
    const car = await createVehicle(db, site.bus, { ownerId: seller.id, brandId: 1 });
    const neighbour = await createVehicle(db, site.bus, { ownerId: other.id, brandId: 1 });
    const own = [...both(`/gallary/${seller.slug}`), ...both(`/vehicle/${car.slug}`)];
    const neighbourPage = `/vehicle/${neighbour.slug}`;
    for (const path of [...own, neighbourPage, '/sellers?name=Motors']) await cache(path);
    // The neighbour's page shows the seller's vehicle among the similar ones.
    expect(await (await site.fetch(neighbourPage)).text()).toContain(`/vehicle/${car.slug}"`);

    // The admin's block, and the purge the accounts side publishes with it.
    await db.update(users).set({ statusId: UserStatus.blocked }).where(eq(users.id, seller.id));
    await site.bus.publish('purge', { tags: sellerPageTags(seller.id) });

    for (const path of own) {
      const response = await site.fetch(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('x-cache'), path).not.toBe('HIT');
    }
    const neighbourHtml = await (await site.fetch(neighbourPage)).text();
    expect(neighbourHtml).toContain('Neighbour Motors');
    expect(neighbourHtml).not.toContain(`/vehicle/${car.slug}"`);
    const listed = await site.fetch('/sellers?name=Motors');
    const directory = await listed.text();
    const answer = `directory (X-Cache ${listed.headers.get('x-cache')})`;
    expect(directory, answer).toContain('Neighbour Motors');
    expect(directory, answer).not.toContain('Blocked Motors');
    const sitemap = await (await site.fetch('/sitemap.xml')).text();
    expect(sitemap).not.toContain(`/gallary/${seller.slug}<`);
    expect(sitemap).not.toContain(`/vehicle/${car.slug}<`);
    expect(sitemap).toContain(`/vehicle/${neighbour.slug}<`);
  });

  it('takes an individual out of the cached directory when their last vehicle is withdrawn', async () => {
    const { db } = site.database;
    const person = await createSeller(db, { name: 'Withdrawn Person', userType: UserType.normal });
    const car = await createVehicle(db, site.bus, { ownerId: person.id });
    const gallery = `/gallary/${person.slug}`;
    for (const path of ['/sellers?name=Withdrawn', gallery]) await cache(path);
    expect(await (await site.fetch('/sellers?name=Withdrawn')).text()).toContain(
      'Withdrawn Person',
    );

    await vehicleRepository(db, site.bus).setStatus(car.id, Status.canceled);

    expect(await (await site.fetch('/sellers?name=Withdrawn')).text()).not.toContain(
      'Withdrawn Person',
    );
    for (const path of both(gallery)) expect(await status(path), path).toBe(404);
  });
});
