import { eq } from 'drizzle-orm';
import { Currency, Status, UserStatus, UserType } from '../../domain/codes.ts';
import type { Db } from '../../server/db/client.ts';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import { starOrders, announcementOrders, users, vehicles } from '../../server/db/schema.ts';
import type { Bus } from '../../server/lib/bus.ts';
import { makeSlug } from '../../domain/slug.ts';
import { grantDefaultPermissions } from '../../server/db/seed/reference.ts';

let counter = 0;

/** A seller written straight to the database (accounts have their own suites). */
export async function createSeller(
  db: Db,
  values: Partial<typeof users.$inferInsert> & { name: string },
) {
  counter++;
  const [row] = await db
    .insert(users)
    .values({
      userType: UserType.company,
      email: `fixture${counter}-${Date.now()}@example.ps`,
      mobile: '0599000000',
      passwordHash: 'not-a-real-hash',
      addressStateId: 2,
      addressCityId: 15,
      addressInfo: 'Main street',
      slug: 'pending',
      statusId: UserStatus.active,
      ...values,
    })
    .returning();
  const slug = makeSlug(row!.id, values.name);
  await db.update(users).set({ slug }).where(eq(users.id, row!.id));
  // An admin holds every admin permission, as the seed's first admin does.
  if (row!.userType === UserType.admin) await grantDefaultPermissions(db, [row!.id]);
  return { ...row!, slug };
}

export type VehicleValues = Partial<typeof vehicles.$inferInsert> & { ownerId: number };

/** A vehicle created through the data layer, as every write path does. */
export async function createVehicle(db: Db, bus: Bus, values: VehicleValues, imageCount = 6) {
  const repository = vehicleRepository(db, bus);
  return repository.create(
    {
      brandId: 1,
      modelId: 101,
      year: 2018,
      meals: 90_000,
      price: 50_000,
      currencyId: Currency.NIS,
      image: '/uploads/vehicle/fixture/main.jpg',
      bestThreeCategories: ['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد'],
      description: '<p>سيارة بحالة ممتازة</p>',
      statusId: Status.accepted,
      ...values,
    },
    Array.from({ length: imageCount }, (_, index) => ({
      path: `/uploads/vehicle/fixture/${index}.jpg`,
      width: 1280,
      height: 731,
    })),
  );
}

/** An accepted star order covering now (or the given dates). */
export async function feature(
  db: Db,
  userId: number,
  vehicleId: number,
  days = { from: -1, to: 5 },
) {
  const day = 24 * 3600 * 1000;
  await db.insert(starOrders).values({
    userId,
    vehicleId,
    durationDay: days.to - days.from,
    dailyPrice: 10,
    totalPrice: 10 * (days.to - days.from),
    currencyId: Currency.NIS,
    startDate: new Date(Date.now() + days.from * day),
    endDate: new Date(Date.now() + days.to * day),
    statusId: Status.accepted,
  });
}

export async function announce(
  db: Db,
  userId: number,
  announcementTypeId: number,
  options: { statusId?: number; from?: number; to?: number } = {},
) {
  const day = 24 * 3600 * 1000;
  const [row] = await db
    .insert(announcementOrders)
    .values({
      userId,
      announcementTypeId,
      image: '/uploads/ad/fixture.jpg',
      durationDay: 5,
      dailyPrice: 30,
      totalPrice: 150,
      currencyId: Currency.NIS,
      startDate: new Date(Date.now() + (options.from ?? -1) * day),
      endDate: new Date(Date.now() + (options.to ?? 4) * day),
      statusId: options.statusId ?? Status.accepted,
    })
    .returning();
  return row!;
}
