import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementType, Status, UserType } from '../../domain/codes.ts';
import { AdminPermission } from '../../domain/permissions.ts';
import { siteToday } from '../../server/db/repositories/statistics.ts';
import { permissions, starOrders, userPermissions, vehicles } from '../../server/db/schema.ts';
import { announce, createSeller, createVehicle, feature } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The dashboard's 12 counters and visits per day, against a data set the test builds. */
describe.each(drivers)('GetDashboardStatistics on %s', (driver) => {
  let t: TestApp;
  const tokens = { admin: '', limited: '', seller: '' };
  const read = (token: string | null = tokens.admin) =>
    t.app.inject({
      url: '/api/Statistics/GetDashboardStatistics',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const visit = (ip: string, route = '/') =>
    t.app.inject({
      method: 'POST',
      url: '/api/Visit/RecordVisit',
      remoteAddress: ip,
      payload: { ip: '', userAgent: 'test', route },
    });

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const admin = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    const limited = await createSeller(db, { name: 'Limited', userType: UserType.admin });
    const seller = await createSeller(db, { name: 'Seller' });
    const [statistics] = await db
      .select()
      .from(permissions)
      .where(eq(permissions.code, AdminPermission.statistics));
    await db.delete(userPermissions).where(eq(userPermissions.permissionId, statistics!.id));
    await db.insert(userPermissions).values({ userId: admin.id, permissionId: statistics!.id });
    tokens.admin = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    tokens.limited = await t.app.tokens.sign({
      id: limited.id,
      userType: UserType.admin,
      name: 'L',
    });
    tokens.seller = await t.app.tokens.sign({
      id: seller.id,
      userType: UserType.company,
      name: 'S',
    });

    // Vehicles: 2 sold, 3 pending, 1 refused, 4 accepted (10 added this month), and one
    // added last year, sold (counts as sold, not as added this month).
    const statuses = [
      Status.saled,
      Status.saled,
      Status.pending,
      Status.pending,
      Status.pending,
      Status.failed,
      Status.accepted,
      Status.accepted,
      Status.accepted,
      Status.accepted,
    ];
    const ids: number[] = [];
    for (const statusId of statuses) {
      ids.push((await createVehicle(db, t.bus, { ownerId: seller.id, statusId })).id);
    }
    const old = await createVehicle(db, t.bus, { ownerId: seller.id, statusId: Status.saled });
    await db
      .update(vehicles)
      .set({ createdAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) })
      .where(eq(vehicles.id, old.id));
    // A deleted pending vehicle counts nowhere.
    const gone = await createVehicle(db, t.bus, { ownerId: seller.id, statusId: Status.pending });
    await db.update(vehicles).set({ deletedAt: new Date() }).where(eq(vehicles.id, gone.id));

    // Orders: announcements 1 accepted, 2 pending, 1 refused; stars 1 accepted, 1 pending.
    await announce(db, seller.id, AnnouncementType.main);
    await announce(db, seller.id, AnnouncementType.vertical, { statusId: Status.pending });
    await announce(db, seller.id, AnnouncementType.horizontal, { statusId: Status.pending });
    await announce(db, seller.id, AnnouncementType.main, { statusId: Status.failed });
    await feature(db, seller.id, ids[6]!);
    await feature(db, seller.id, ids[7]!);
    await db
      .update(starOrders)
      .set({ statusId: Status.pending })
      .where(eq(starOrders.vehicleId, ids[7]!));

    // Visits today: 3 views from 2 addresses.
    await visit('10.0.0.1');
    await visit('10.0.0.1', '/vehicles');
    await visit('10.0.0.2');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the statistics permission’s alone', async () => {
    expect((await read(null)).statusCode).toBe(401);
    expect((await read(tokens.seller)).statusCode).toBe(403);
    expect((await read(tokens.limited)).statusCode).toBe(403);
  });

  it('answers the 12 counters and 30 days of visits the data set implies', async () => {
    const answer = await read();
    expect(answer.statusCode).toBe(200);
    const data = body<
      Record<string, unknown> & { visitsPerDay: { date: string; count: number }[] }
    >(answer).data;
    expect(data).toMatchObject({
      visitorsToday: 2,
      visitorsThisMonth: 2,
      vehiclesSold: 3,
      vehiclesAddedThisMonth: 10,
      vehiclesUnderReview: 3,
      vehiclesRefused: 1,
      announcementOrdersAdded: 4,
      announcementOrdersUnderReview: 2,
      announcementOrdersRefused: 1,
      starOrdersAdded: 2,
      starOrdersUnderReview: 1,
      starOrdersRefused: 0,
    });
    expect(data.visitsPerDay).toHaveLength(30);
    expect(data.visitsPerDay.at(-1)).toEqual({ date: siteToday(), count: 3 });
    expect(data.visitsPerDay.slice(0, 29).every((day) => day.count === 0)).toBe(true);

    // One more address today.
    await visit('10.0.0.3');
    const after = body<{ visitorsToday: number }>(await read()).data;
    expect(after.visitorsToday).toBe(3);
  });
});
