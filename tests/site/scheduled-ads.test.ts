import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementType, Status } from '../../domain/codes.ts';
import { announcementOrders } from '../../server/db/schema.ts';
import { createSeller } from '../api/fixtures.ts';
import { startSite, drivers, type Site } from './harness.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = (at: number) => pause(Math.max(0, at - Date.now()));

/*
 * An accepted ad appears on the home page at its start and leaves it at its end, at the next
 * request after each: the order schedule purges the cached page then, rather than waiting for
 * the cache's revalidation window (60 s here).
 */
describe.each(drivers)('scheduled ads on the home page on %s', (driver) => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite(driver);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('shows a main slider ad from its start to its end', async () => {
    const seller = await createSeller(site.database.db, { name: 'Banner Motors' });
    const marker = `scheduled${Date.now().toString(36)}`;
    const start = Date.now() + 1500;
    const end = start + 2000;
    await site.database.db.insert(announcementOrders).values({
      userId: seller.id,
      announcementTypeId: AnnouncementType.main,
      image: `/uploads/ad/demo/${marker}.jpg`,
      durationDay: 1,
      dailyPrice: 50,
      totalPrice: 50,
      currencyId: 86,
      startDate: new Date(start),
      endDate: new Date(end),
      statusId: Status.accepted,
    });
    await site.app.orderSchedule.plan();
    const home = async () => (await site.fetch('/')).text();

    expect(await home()).not.toContain(marker);
    expect((await site.fetch('/')).headers.get('x-cache')).toBe('HIT');
    await until(start + 300);
    expect(await home()).toContain(marker);
    await until(end + 300);
    expect(await home()).not.toContain(marker);
  });
});
