import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client.ts';
import {
  AnnouncementType,
  CodeCategory,
  Currency,
  InterfaceGroup,
  PaymentDetail,
  PaymentMethod,
  PaymentStatus,
  ReportReason,
  ReportStatus,
  SendMessageWay,
  StateId,
  Status,
  UserStatus,
  UserType,
} from '../../domain/codes.ts';
import {
  announcementOrders,
  brands,
  cities,
  codes,
  constants,
  events,
  interfaceItems,
  paymentMovements,
  permissions,
  siteContact,
  starOrders,
  states,
  userPermissions,
  users,
  vehicleImages,
  vehicleReports,
  vehicles,
} from '../../server/db/schema.ts';
import {
  DEFAULT_SLOTS,
  DEMO_PASSWORD,
  demoSellerEmail,
  isEmpty,
  removeDemoData,
  seedDemo,
  slotCounts,
  type SlotKind,
} from '../../server/db/seed/demo.ts';
import { ADMIN_EMAIL, seedReference } from '../../server/db/seed/reference.ts';
import { variantUrl } from '../../domain/images.ts';
import { uploadFile } from '../../server/images/store.ts';
import { verifyPassword } from '../../server/lib/password.ts';

const ADMIN_PASSWORD = 'Seeded@Admin1';
const publicDir = fileURLToPath(new URL('../../public', import.meta.url));
let database: Database;
let uploadsDir: string;
const db = () => database.db;
const onDisk = (publicPath: string) => uploadFile(uploadsDir, publicPath) ?? 'outside uploads';

async function rowCounts() {
  const tables = { codes, states, cities, brands, constants, interfaceItems, permissions, users };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await db().select({ n: count() }).from(table);
      return [name, row.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'seed-test-'));
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  await seedReference(database.db, { adminPassword: ADMIN_PASSWORD });
  expect(await isEmpty(database.db)).toBe(true);
  await seedDemo(database.db, { uploadsDir });
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('reference seed', () => {
  it('has the three states with 12, 11 and 13 cities', async () => {
    expect(await db().select().from(states)).toHaveLength(3);
    const perState = await db()
      .select({ stateId: cities.stateId, n: count() })
      .from(cities)
      .groupBy(cities.stateId);
    const byState = Object.fromEntries(perState.map((r) => [r.stateId, r.n]));
    expect(byState).toEqual({ [StateId.gaza]: 12, [StateId.westBank]: 11, [StateId.interior]: 13 });
    const ids = (await db().select({ id: cities.id }).from(cities))
      .map((c) => c.id)
      .sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
  });

  it('has every code id that the spec fixes, under its category', async () => {
    const fixed: [Record<string, number>, number][] = [
      [UserType, CodeCategory.userType],
      [Currency, CodeCategory.currency],
      [AnnouncementType, CodeCategory.announcementType],
      [PaymentStatus, CodeCategory.paymentStatus],
      [Status, CodeCategory.status],
      [InterfaceGroup, CodeCategory.interfaceGroup],
      [PaymentMethod, CodeCategory.paymentMethod],
      [UserStatus, CodeCategory.userStatus],
      [SendMessageWay, CodeCategory.sendMessageWay],
    ];
    const rows = await db().select().from(codes);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [ids, category] of fixed) {
      for (const id of Object.values(ids)) {
        expect(byId.get(id)?.categoryId, `code ${id}`).toBe(category);
      }
    }
    for (const id of Object.values(CodeCategory)) expect(byId.get(id)?.categoryId).toBeNull();
    for (const row of rows) {
      expect(row.nameAr.trim()).not.toBe('');
      expect(row.nameEn.trim()).not.toBe('');
    }
    const children = (category: number) => rows.filter((r) => r.categoryId === category).length;
    expect(children(CodeCategory.color)).toBeGreaterThanOrEqual(12);
    expect(children(CodeCategory.oilType)).toBeGreaterThanOrEqual(5);
    expect(byId.get(AnnouncementType.main)?.value).toBeGreaterThan(0);
  });

  it('has the payment detail constants 107 to 114, with existing QR images', async () => {
    const rows = await db().select().from(constants);
    const byId = new Map(rows.map((r) => [r.id, r.valueSt]));
    for (const id of Object.values(PaymentDetail))
      expect(byId.get(id), `constant ${id}`).toBeTruthy();
    for (const id of [
      PaymentDetail.bankQr,
      PaymentDetail.palPayQr,
      PaymentDetail.jawwalPayQr,
      PaymentDetail.usdtQr,
    ]) {
      const file = path.join(publicDir, byId.get(id)!);
      expect((await sharp(file).metadata()).format).toBe('png');
    }
  });

  it('has the policy modals, about texts and footer texts', async () => {
    const items = await db().select().from(interfaceItems);
    const codesOf = (group: number) => items.filter((i) => i.groupId === group).map((i) => i.code);
    expect(codesOf(InterfaceGroup.modals).sort()).toEqual(
      ['privacy_policy_modal', 'return_polices_modal', 'terms_and_conditions_modal'].sort(),
    );
    expect(codesOf(InterfaceGroup.aboutUs).length).toBeGreaterThanOrEqual(3);
    expect(codesOf(InterfaceGroup.footer).length).toBeGreaterThanOrEqual(1);
    for (const item of items.filter((i) => i.groupId === InterfaceGroup.modals)) {
      expect(item.bodyAr).toContain('<p>');
      expect(item.bodyEn).toContain('<p>');
    }
  });

  it('has the site contact row in Ramallah with full social links', async () => {
    const [contact] = await db().select().from(siteContact).where(eq(siteContact.id, 1));
    expect(contact.addressStateId).toBe(StateId.westBank);
    expect(contact.mobile).toMatch(/^05[69]\d{7}$/);
    for (const link of [contact.facebook, contact.instagram, contact.twitter, contact.linkedIn]) {
      expect(link).toMatch(/^https:\/\//);
    }
  });

  it('creates one admin whose password verifies, with the admin permissions', async () => {
    const admins = await db().select().from(users).where(eq(users.userType, UserType.admin));
    expect(admins).toHaveLength(1);
    expect(admins[0].email).toBe(ADMIN_EMAIL);
    expect(await verifyPassword(ADMIN_PASSWORD, admins[0].passwordHash)).toBe(true);
    const [granted] = await db()
      .select({ n: count() })
      .from(userPermissions)
      .where(eq(userPermissions.userId, admins[0].id));
    expect(granted.n).toBeGreaterThanOrEqual(8);
  });

  it('runs again without failing or duplicating anything', async () => {
    const before = await rowCounts();
    await seedReference(db());
    await seedReference(db());
    expect(await rowCounts()).toEqual(before);
  });

  it('leaves the makes sequence past the seeded ids', async () => {
    const [brand] = await db()
      .insert(brands)
      .values({ nameAr: 'تجربة', nameEn: 'Test make' })
      .returning({ id: brands.id });
    expect(brand.id).toBeGreaterThan(33);
    await db().delete(brands).where(eq(brands.id, brand.id));
  });
});

describe('demo seed', () => {
  it('has at least 8 active sellers of both kinds, with slugs and the demo password', async () => {
    const sellers = await db().select().from(users).where(ne(users.userType, UserType.admin));
    expect(sellers.length).toBeGreaterThanOrEqual(8);
    expect(new Set(sellers.map((s) => s.userType))).toEqual(
      new Set([UserType.normal, UserType.company]),
    );
    for (const s of sellers) {
      expect(s.slug).toMatch(new RegExp(`^${s.id}-[a-z0-9-]+$`));
      expect(s.mobile).toMatch(/^05[69]\d{7}$/);
      expect(s.statusId).toBe(UserStatus.active);
      if (s.image) expect(existsSync(onDisk(s.image))).toBe(true);
    }
    expect(sellers.filter((s) => s.image).length).toBeGreaterThan(sellers.length / 2);
    const states = new Set(sellers.map((s) => s.addressStateId));
    expect(states).toEqual(new Set([StateId.gaza, StateId.westBank, StateId.interior]));
    const first = sellers.find((s) => s.email === demoSellerEmail(1))!;
    expect(await verifyPassword(DEMO_PASSWORD, first.passwordHash)).toBe(true);
  });

  it('has at least 60 vehicles in all three currencies, mostly accepted', async () => {
    const all = await db().select().from(vehicles);
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((v) => v.currencyId))).toEqual(
      new Set([Currency.NIS, Currency.USD, Currency.JOD]),
    );
    const statuses = all.map((v) => v.statusId);
    expect(statuses.filter((s) => s === Status.accepted).length).toBeGreaterThan(all.length * 0.8);
    expect(statuses).toContain(Status.pending);
    expect(statuses).toContain(Status.failed);
    for (const v of all) {
      expect(v.slug).toMatch(new RegExp(`^${v.id}-[a-z0-9-]+-${v.year}$`));
      expect(v.bestThreeCategories).toHaveLength(3);
      expect(v.year).toBeGreaterThanOrEqual(2005);
      expect(v.year).toBeLessThanOrEqual(2025);
      expect(v.price).toBeGreaterThan(0);
    }
  });

  it('gives every vehicle at least 6 photos whose files and variants exist', async () => {
    const all = await db().select().from(vehicles);
    const photos = await db().select().from(vehicleImages);
    const perVehicle = new Map<number, number>();
    for (const p of photos) perVehicle.set(p.vehicleId, (perVehicle.get(p.vehicleId) ?? 0) + 1);
    for (const v of all) expect(perVehicle.get(v.id) ?? 0).toBeGreaterThanOrEqual(6);
    const paths = new Set([...photos.map((p) => p.path), ...all.map((v) => v.image)]);
    for (const p of paths) {
      expect(existsSync(onDisk(p)), p).toBe(true);
      expect(existsSync(onDisk(variantUrl(p, 640))), p).toBe(true);
    }
    const main = await sharp(onDisk(all[0].image)).metadata();
    expect(main.width! / main.height!).toBeCloseTo(1.75, 1);
  });

  it('gives a third of the vehicles a 2:1 panorama', async () => {
    const all = await db().select().from(vehicles);
    const with360 = all.filter((v) => v.image360);
    expect(with360.length).toBeGreaterThanOrEqual(Math.floor(all.length / 3));
    const meta = await sharp(onDisk(with360[0].image360!)).metadata();
    expect(meta.width).toBe(meta.height! * 2);
  });

  it('has featured vehicles running now', async () => {
    const now = new Date();
    const active = await db()
      .select({ vehicleStatus: vehicles.statusId })
      .from(starOrders)
      .innerJoin(vehicles, eq(vehicles.id, starOrders.vehicleId))
      .where(
        and(
          eq(starOrders.statusId, Status.accepted),
          lte(starOrders.startDate, now),
          gte(starOrders.endDate, now),
        ),
      );
    expect(active.length).toBeGreaterThanOrEqual(6);
    for (const row of active) expect(row.vehicleStatus).toBe(Status.accepted);
  });

  it('never runs more orders of a kind than its slots, and leaves a slot free today', async () => {
    const slots = await slotCounts(db());
    expect(slots).toEqual(DEFAULT_SLOTS);
    const stars = await db()
      .select({ start: starOrders.startDate, end: starOrders.endDate })
      .from(starOrders)
      .where(eq(starOrders.statusId, Status.accepted));
    const ads = await db()
      .select({
        kind: announcementOrders.announcementTypeId,
        start: announcementOrders.startDate,
        end: announcementOrders.endDate,
      })
      .from(announcementOrders)
      .where(eq(announcementOrders.statusId, Status.accepted));
    const kinds: [SlotKind, { start: Date; end: Date }[]][] = [
      ['star', stars],
      ...Object.values(AnnouncementType).map(
        (kind) => [kind, ads.filter((a) => a.kind === kind)] as [SlotKind, typeof ads],
      ),
    ];
    const now = Date.now();
    for (const [kind, orders] of kinds) {
      const runningAt = (t: number) =>
        orders.filter((o) => o.start.getTime() <= t && o.end.getTime() >= t).length;
      expect(runningAt(now), `kind ${kind} today`).toBeLessThan(slots[kind]);
      expect(runningAt(now), `kind ${kind} today`).toBeGreaterThan(0);
      for (let day = -40; day <= 40; day++) {
        expect(runningAt(now + day * 24 * 3600 * 1000), `kind ${kind}`).toBeLessThanOrEqual(
          slots[kind],
        );
      }
    }
  });

  it('gives every order its payment movement, accepted with the order', async () => {
    const payments = await db().select().from(paymentMovements);
    const orders = [
      ...(await db().select().from(starOrders)).map((o) => ({ ...o, kind: 'star' })),
      ...(await db().select().from(announcementOrders)).map((o) => ({ ...o, kind: 'ad' })),
    ];
    for (const order of orders) {
      const paid = payments.filter((p) =>
        order.kind === 'star' ? p.starOrderId === order.id : p.announcementOrderId === order.id,
      );
      expect(paid).toHaveLength(1);
      expect(paid[0]!.amount).toBe(order.totalPrice);
      expect(paid[0]!.statusId).toBe(
        order.statusId === Status.accepted ? PaymentStatus.accepted : PaymentStatus.pending,
      );
    }
  });

  it('has two upcoming events in NIS with unique slugs and their posters', async () => {
    const rows = await db().select().from(events);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((e) => e.slug)).size).toBe(2);
    for (const event of rows) {
      expect(event.startsAt.getTime()).toBeGreaterThan(Date.now());
      expect(event.startsAt.getTime()).toBeLessThan(Date.now() + 60 * 24 * 3600 * 1000);
      expect(event.currencyId).toBe(Currency.NIS);
      expect(event.titleAr).toMatch(/[\u0600-\u06FF]/);
      expect(event.titleEn).toMatch(/^[A-Za-z]/);
      expect(event.placeAr).not.toBe(event.placeEn);
      expect(event.seats).toBeGreaterThan(0);
      expect(existsSync(onDisk(event.image))).toBe(true);
      // Link previews give the poster's size.
      expect(event.imageWidth).toBeGreaterThan(0);
      expect(event.imageHeight).toBeGreaterThan(0);
    }
  });

  it('has ads of all three kinds running now, vertical ones taller than wide', async () => {
    const now = new Date();
    const running = await db()
      .select()
      .from(announcementOrders)
      .where(
        and(
          eq(announcementOrders.statusId, Status.accepted),
          lte(announcementOrders.startDate, now),
          gte(announcementOrders.endDate, now),
          inArray(announcementOrders.announcementTypeId, Object.values(AnnouncementType)),
        ),
      );
    const ofKind = (kind: number) => running.filter((a) => a.announcementTypeId === kind);
    expect(ofKind(AnnouncementType.main).length).toBeGreaterThanOrEqual(3);
    expect(ofKind(AnnouncementType.vertical).length).toBeGreaterThanOrEqual(2);
    expect(ofKind(AnnouncementType.horizontal).length).toBeGreaterThanOrEqual(2);
    for (const ad of ofKind(AnnouncementType.vertical)) {
      const meta = await sharp(onDisk(ad.image)).metadata();
      expect(meta.height!).toBeGreaterThan(meta.width!);
    }
    for (const ad of ofKind(AnnouncementType.horizontal)) {
      const meta = await sharp(onDisk(ad.image)).metadata();
      expect(meta.width! / meta.height!).toBeCloseTo(2.5, 1);
    }
  });

  it('is no longer empty, and a second demo seed changes nothing', async () => {
    expect(await isEmpty(db())).toBe(false);
    const [before] = await db().select({ n: count() }).from(vehicles);
    expect(await seedDemo(db(), { uploadsDir })).toBeNull();
    const [after] = await db().select({ n: count() }).from(vehicles);
    expect(after.n).toBe(before.n);
  });
});

describe('removing the demo data', () => {
  it('empties listings with their reports, orders and sellers, and keeps the reference data and admins', async () => {
    const [vehicle] = await db().select({ id: vehicles.id }).from(vehicles).limit(1);
    const [seller] = await db()
      .select({ id: users.id })
      .from(users)
      .where(ne(users.userType, UserType.admin))
      .limit(1);
    await db().insert(vehicleReports).values({
      vehicleId: vehicle!.id,
      reporterId: seller!.id,
      reasonId: ReportReason.fraud,
      client: 'seed-test',
      statusId: ReportStatus.open,
    });
    const [statesBefore] = await db().select({ n: count() }).from(states);

    await removeDemoData(db());

    expect(await isEmpty(db())).toBe(true);
    for (const table of [vehicleReports, starOrders, announcementOrders, paymentMovements]) {
      const [rows] = await db().select({ n: count() }).from(table);
      expect(rows!.n).toBe(0);
    }
    const [admins] = await db()
      .select({ n: count() })
      .from(users)
      .where(eq(users.userType, UserType.admin));
    expect(admins!.n).toBeGreaterThan(0);
    const [statesAfter] = await db().select({ n: count() }).from(states);
    expect(statesAfter!.n).toBe(statesBefore!.n);
  });
});
