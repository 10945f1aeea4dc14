import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportReason, ReportStatus, Status, UserType } from '../../domain/codes.ts';
import { AdminPermission } from '../../domain/permissions.ts';
import {
  auditLog,
  notifications,
  permissions,
  userPermissions,
  vehicleReports,
  vehicles,
} from '../../server/db/schema.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

interface ReportRow {
  id: number;
  vehicleId: number;
  vehicleSlug: string;
  vehicleTitle: string;
  reasonId: number;
  reasonName: string;
  text: string;
  reporterId: number;
  reporterName: string;
  statusId: number;
  statusName: string;
  messageReplay: string;
  reviewerName: string;
  reviewedAt: string;
  createdAt: string;
}
interface ReportPage {
  data: ReportRow[];
  pagination: { rowCount: number; currentPage: number; pageSize: number };
}

/*
 * "Report this listing": anyone reports a public vehicle with a reason (five an hour from one
 * address); the admins holding the vehicles permission are told, list the reports and hide the
 * vehicle (refused, pages purged, the owner told) or dismiss the report.
 */
describe.each(drivers)('vehicle reports on %s', (driver) => {
  let t: TestApp;
  let owner: number;
  let admin: number;
  let buyer: number;
  let ownerToken: string;
  let buyerToken: string;
  let adminToken: string;
  let weakAdminToken: string;
  let address = 0;
  const purges: string[][] = [];

  /** Each call from its own address unless one is given, so the hourly limit stays apart. */
  const report = (payload: object, options: { token?: string; ip?: string; lang?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Vehicle/ReportVehicle',
      remoteAddress: options.ip ?? `10.9.${Math.floor(++address / 250)}.${address % 250}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        'accept-language': options.lang ?? 'en',
      },
      payload,
    });
  const list = (token: string | null, query = '') =>
    t.app.inject({
      url: `/api/Vehicle/GetVehicleReports${query}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en' },
    });
  const decide = (token: string | null, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/Vehicle/UpdateVehicleReportStatus',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en' },
      payload,
    });
  const vehicleOf = (statusId: number = Status.accepted) =>
    createVehicle(t.database.db, t.bus, { ownerId: owner, statusId }).then((row) => row.id);
  const notificationsOf = (userId: number) =>
    t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id));

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    owner = (await createSeller(db, { name: 'Owner' })).id;
    buyer = (await createSeller(db, { name: 'Buyer Person', userType: UserType.normal })).id;
    admin = (await createSeller(db, { name: 'Admin', userType: UserType.admin })).id;
    const weakAdmin = (await createSeller(db, { name: 'Weak admin', userType: UserType.admin })).id;
    const [vehiclesPermission] = await db
      .select()
      .from(permissions)
      .where(eq(permissions.code, AdminPermission.vehicles));
    await db
      .update(userPermissions)
      .set({ allowed: false })
      .where(
        and(
          eq(userPermissions.userId, weakAdmin),
          eq(userPermissions.permissionId, vehiclesPermission!.id),
        ),
      );
    ownerToken = await t.app.tokens.sign({ id: owner, userType: UserType.company, name: 'Owner' });
    buyerToken = await t.app.tokens.sign({ id: buyer, userType: UserType.normal, name: 'Buyer' });
    adminToken = await t.app.tokens.sign({ id: admin, userType: UserType.admin, name: 'Admin' });
    weakAdminToken = await t.app.tokens.sign({
      id: weakAdmin,
      userType: UserType.admin,
      name: 'Weak admin',
    });
    t.bus.subscribe('purge', (event) => {
      purges.push(event.tags);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the reasons in both languages', async () => {
    const english = body<{ id: number; name: string; nameAr: string; nameEn: string }[]>(
      await t.app.inject({
        url: '/api/Vehicle/GetReportReasons',
        headers: { 'accept-language': 'en' },
      }),
    ).data;
    expect(english.map((row) => row.id)).toEqual(Object.values(ReportReason));
    expect(english[0]).toEqual({
      id: ReportReason.sold,
      name: 'The vehicle is already sold',
      nameAr: 'المركبة بيعت',
      nameEn: 'The vehicle is already sold',
    });
    const arabic = body<{ name: string }[]>(
      await t.app.inject({ url: '/api/Vehicle/GetReportReasons' }),
    ).data;
    expect(arabic[0]!.name).toBe('المركبة بيعت');
  });

  it('takes a report from a visitor who is not signed in and tells the reviewing admins', async () => {
    const id = await vehicleOf();
    const response = await report({
      vehicleId: id,
      reasonId: ReportReason.fraud,
      text: '  asks for a deposit first  ',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response).message).toBe(
      'Thank you. Your report was sent and the site team will review it.',
    );
    const [row] = await t.database.db
      .select()
      .from(vehicleReports)
      .where(eq(vehicleReports.vehicleId, id));
    expect(row).toMatchObject({
      reporterId: null,
      reasonId: ReportReason.fraud,
      text: 'asks for a deposit first',
      statusId: ReportStatus.open,
    });
    // The address is kept only as a hash.
    expect(row!.client).toMatch(/^[0-9a-f]{32}$/);

    const [told] = await notificationsOf(admin);
    expect(told!.title).toBe('بلاغ جديد عن إعلان');
    expect(told!.message).toContain('احتيال أو محاولة نصب');
    expect(told!.link).toBe('/admin/reports');
  });

  it("keeps the reporter's account when a signed-in visitor reports", async () => {
    const id = await vehicleOf();
    const response = await report(
      { vehicleId: id, reasonId: ReportReason.wrongPrice },
      { token: buyerToken },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(vehicleReports)
      .where(eq(vehicleReports.vehicleId, id));
    expect(row).toMatchObject({ reporterId: buyer, text: '' });
  });

  it('refuses an unknown reason, a long note and a vehicle that is not public', async () => {
    const id = await vehicleOf();
    const pending = await vehicleOf(Status.pending);
    const refused = [
      [{ vehicleId: id, reasonId: Status.accepted }, 400, 'Choose a reason for the report.'],
      [{ vehicleId: id, reasonId: 2_000_000 }, 400, 'Choose a reason for the report.'],
      [
        { vehicleId: id, reasonId: ReportReason.other, text: 'x'.repeat(1001) },
        400,
        'The note is too long: at most 1000 characters.',
      ],
      [
        { vehicleId: pending, reasonId: ReportReason.other },
        404,
        'This vehicle does not exist or is not on display.',
      ],
      [
        { vehicleId: 2_000_000, reasonId: ReportReason.other },
        404,
        'This vehicle does not exist or is not on display.',
      ],
    ] as const;
    for (const [payload, code, message] of refused) {
      const response = await report(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(code);
      expect(body(response)).toMatchObject({ success: false, message });
    }
    // A note of exactly the limit, with spaces around it, is fine.
    const fine = await report({
      vehicleId: id,
      reasonId: ReportReason.other,
      text: ` ${'x'.repeat(1000)} `,
    });
    expect(fine.statusCode).toBe(200);
    const arabic = await report({ vehicleId: id, reasonId: 12 }, { lang: 'ar' });
    expect(body(arabic).message).toBe('اختر سبب الإبلاغ');
    const none = await t.database.db
      .select()
      .from(vehicleReports)
      .where(eq(vehicleReports.vehicleId, pending));
    expect(none).toEqual([]);
  });

  it('refuses the sixth report from one address within the hour', async () => {
    const id = await vehicleOf();
    const ip = '10.77.0.1';
    for (let n = 1; n <= 5; n++) {
      const response = await report({ vehicleId: id, reasonId: ReportReason.duplicate }, { ip });
      expect(response.statusCode, `report ${n}`).toBe(200);
    }
    const sixth = await report({ vehicleId: id, reasonId: ReportReason.duplicate }, { ip });
    expect(sixth.statusCode).toBe(429);
    expect(body(sixth).message).toBe(
      'You have sent many reports in the last hour. Please try again later.',
    );
    const arabic = await report(
      { vehicleId: id, reasonId: ReportReason.duplicate },
      { ip, lang: 'ar' },
    );
    expect(body(arabic).message).toBe(
      'أرسلت عدداً كبيراً من البلاغات خلال الساعة الأخيرة، الرجاء المحاولة لاحقاً',
    );
    // Another address is not held by it; reports older than an hour no longer count.
    expect(
      (await report({ vehicleId: id, reasonId: ReportReason.duplicate }, { ip: '10.77.0.2' }))
        .statusCode,
    ).toBe(200);
    await t.database.db
      .update(vehicleReports)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(vehicleReports.vehicleId, id));
    expect(
      (await report({ vehicleId: id, reasonId: ReportReason.duplicate }, { ip })).statusCode,
    ).toBe(200);
  });

  it('keeps the limit when one address sends many reports at the same moment', async () => {
    const id = await vehicleOf();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        report({ vehicleId: id, reasonId: ReportReason.other }, { ip: '10.78.0.1' }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('lets only admins holding the vehicles permission list and decide reports', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(buyerToken)).statusCode).toBe(403);
    expect((await list(ownerToken)).statusCode).toBe(403);
    expect((await list(weakAdminToken)).statusCode).toBe(403);
    const [any] = await t.database.db.select().from(vehicleReports).limit(1);
    const payload = { reportId: any!.id, statusId: ReportStatus.dismissed };
    expect((await decide(null, payload)).statusCode).toBe(401);
    expect((await decide(ownerToken, payload)).statusCode).toBe(403);
    expect((await decide(weakAdminToken, payload)).statusCode).toBe(403);
    const [still] = await t.database.db
      .select()
      .from(vehicleReports)
      .where(eq(vehicleReports.id, any!.id));
    expect(still!.statusId).toBe(ReportStatus.open);
  });

  it('lists the reports newest first with their vehicle, reason and reporter, by status', async () => {
    const id = await vehicleOf();
    await report({ vehicleId: id, reasonId: ReportReason.sold, text: 'sold last week' });
    await report({ vehicleId: id, reasonId: ReportReason.offensive }, { token: buyerToken });

    const all = body<ReportPage>(await list(adminToken, '?pageSize=100')).data;
    const ours = all.data.filter((row) => row.vehicleId === id);
    expect(ours.map((row) => row.reasonId)).toEqual([ReportReason.offensive, ReportReason.sold]);
    expect(ours[0]).toMatchObject({
      reasonName: 'Offensive content',
      reporterId: buyer,
      reporterName: 'Buyer Person',
      statusId: ReportStatus.open,
      statusName: 'Open',
      reviewedAt: '',
    });
    expect(ours[0]!.vehicleTitle).toMatch(/\d{4}$/);
    expect(ours[0]!.vehicleSlug).toMatch(new RegExp(`^${id}-`));
    expect(ours[1]).toMatchObject({ text: 'sold last week', reporterId: 0, reporterName: '' });
    const dates = all.data.map((row) => row.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const paged = body<ReportPage>(await list(adminToken, '?pageSize=1&page=2')).data;
    expect(paged.data).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ currentPage: 2, pageSize: 1 });
    expect(paged.pagination.rowCount).toBe(all.pagination.rowCount);

    const [first] = ours;
    expect((await decide(adminToken, { reportId: first!.id, statusId: 97 })).statusCode).toBe(200);
    const dismissed = body<ReportPage>(
      await list(adminToken, `?statusId=${ReportStatus.dismissed}&pageSize=100`),
    ).data.data;
    expect(dismissed.map((row) => row.id)).toContain(first!.id);
    expect(dismissed.every((row) => row.statusId === ReportStatus.dismissed)).toBe(true);
    const open = body<ReportPage>(
      await list(adminToken, `?statusId=${ReportStatus.open}&pageSize=100`),
    ).data.data;
    expect(open.map((row) => row.id)).not.toContain(first!.id);
    expect(open.every((row) => row.statusId === ReportStatus.open)).toBe(true);
  });

  it('hides the vehicle: refused, off the site, its pages purged, the owner told', async () => {
    const id = await vehicleOf();
    await report({ vehicleId: id, reasonId: ReportReason.fraud });
    await report({ vehicleId: id, reasonId: ReportReason.wrongDetails });
    const rows = await t.database.db
      .select()
      .from(vehicleReports)
      .where(eq(vehicleReports.vehicleId, id));
    purges.length = 0;

    const response = await decide(adminToken, {
      reportId: rows[0]!.id,
      statusId: ReportStatus.vehicleHidden,
      messageReplay: '  الإعلان مخالف للشروط  ',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({
      message: 'The vehicle is hidden and its owner was told.',
      data: {
        id: rows[0]!.id,
        vehicleId: id,
        statusId: ReportStatus.vehicleHidden,
        statusName: 'Vehicle hidden',
      },
    });
    const [vehicle] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, id));
    expect(vehicle).toMatchObject({
      statusId: Status.failed,
      messageReplay: 'الإعلان مخالف للشروط',
    });
    expect((await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${id}` })).statusCode).toBe(404);
    expect(purges.flat()).toContain(`vehicle:${id}`);

    const [told] = await notificationsOf(owner);
    expect(told!.title).toBe('تم إخفاء إعلانك');
    expect(told!.message).toContain('الإعلان مخالف للشروط');
    expect(told!.link).toBe('/profile/my_vehicles');

    // Both reports of the vehicle are closed, with the reviewer and the time.
    const after = await t.database.db
      .select()
      .from(vehicleReports)
      .where(eq(vehicleReports.vehicleId, id));
    for (const row of after) {
      expect(row).toMatchObject({ statusId: ReportStatus.vehicleHidden, reviewedBy: admin });
      expect(row.reviewedAt).toBeInstanceOf(Date);
    }
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'UpdateVehicleReportStatus'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorId: admin,
      entity: 'vehicle_report',
      entityId: rows[0]!.id,
    });

    // A decided report is not decided again; the hidden vehicle cannot be reported.
    const again = await decide(adminToken, { reportId: rows[1]!.id, statusId: 97 });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This report was already reviewed.');
    expect((await report({ vehicleId: id, reasonId: ReportReason.fraud })).statusCode).toBe(404);
  });

  it('dismisses a report, leaving the vehicle as it is', async () => {
    const id = await vehicleOf();
    await report({ vehicleId: id, reasonId: ReportReason.wrongPrice });
    const [row] = await t.database.db
      .select()
      .from(vehicleReports)
      .where(eq(vehicleReports.vehicleId, id));
    const before = (await notificationsOf(owner)).length;
    const response = await decide(adminToken, {
      reportId: row!.id,
      statusId: ReportStatus.dismissed,
      messageReplay: 'not a problem',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response).message).toBe('The report was dismissed.');
    const [vehicle] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, id));
    expect(vehicle!.statusId).toBe(Status.accepted);
    expect((await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${id}` })).statusCode).toBe(200);
    expect(await notificationsOf(owner)).toHaveLength(before);
    const [stored] = await t.database.db
      .select()
      .from(vehicleReports)
      .where(eq(vehicleReports.id, row!.id));
    expect(stored).toMatchObject({
      statusId: ReportStatus.dismissed,
      messageReplay: 'not a problem',
      reviewedBy: admin,
    });

    const bad = [
      [{ reportId: row!.id, statusId: ReportStatus.open }, 400],
      [{ reportId: row!.id, statusId: Status.saled }, 400],
      [{ reportId: 2_000_000, statusId: ReportStatus.dismissed }, 404],
    ] as const;
    for (const [payload, code] of bad) {
      expect((await decide(adminToken, payload)).statusCode).toBe(code);
    }
  });
});
