import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { brandModels, brands, codes, users, vehicleImages, vehicles } from '../schema.ts';

/** A vehicle's photo as its page and its edit form list it (ordered by sort order, then id). */
export const photoFields = {
  id: vehicleImages.id,
  path: vehicleImages.path,
  width: vehicleImages.width,
  height: vehicleImages.height,
};

/** A reference name (`nameAr` / `nameEn`) in the caller's language. */
export const localName = (lang: Lang, table: { nameAr: AnyPgColumn; nameEn: AnyPgColumn }) =>
  sql<string>`${lang === 'en' ? table.nameEn : table.nameAr}`;

/** The fields of a vehicle card (spec §3), in the caller's language. */
const cardFields = (lang: Lang) => ({
  id: vehicles.id,
  slug: vehicles.slug,
  image: vehicles.image,
  meals: vehicles.meals,
  year: vehicles.year,
  brandId: vehicles.brandId,
  brandName: localName(lang, brands),
  modelId: vehicles.modelId,
  modelName: localName(lang, brandModels),
  price: vehicles.price,
  currency: vehicles.currencyId,
  ownerId: users.id,
  ownerName: users.name,
  ownerUserType: users.userType,
  ownerImage: sql<string>`coalesce(${users.image}, '')`,
  ownerMobile: users.mobile,
  ownerSlug: users.slug,
  ownerAddressCityId: sql<number>`coalesce(${users.addressCityId}, 0)`,
  ownerAddressStateId: sql<number>`coalesce(${users.addressStateId}, 0)`,
  ownerAddressInfo: users.addressInfo,
  statusId: vehicles.statusId,
  status: localName(lang, codes),
  bestThreeCategories: vehicles.bestThreeCategories,
  hasImage360: sql<boolean>`coalesce(${vehicles.image360}, '') <> ''`,
  /**
   * How many photos the vehicle's page shows: its gallery rows, or its main photo alone when it
   * has none (an index read on vehicle_images per card).
   */
  imageCount: sql<number>`greatest(
    (select count(*) from ${vehicleImages} where ${vehicleImages.vehicleId} = ${vehicles.id}),
    case when coalesce(${vehicles.image}, '') <> '' then 1 else 0 end
  )::int`,
});

/**
 * Vehicle cards joined with their owner, make, model and status; `extra` adds columns. The
 * caller adds the conditions (usually `publicVehicle` of ./vehicles.ts) and the order.
 */
export const selectCards = <Extra extends SelectedFields = Record<never, never>>(
  db: Db,
  lang: Lang,
  extra?: Extra,
) =>
  db
    .select({ ...cardFields(lang), ...(extra as Extra) })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .innerJoin(brands, eq(brands.id, vehicles.brandId))
    .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
    .innerJoin(codes, eq(codes.id, vehicles.statusId));

/** A vehicle card as every list, gallery and the featured row give it. */
export type VehicleCard = Awaited<ReturnType<typeof selectCards<Record<never, never>>>>[number];

/** How many vehicles (joined with their owner, as the cards are) match `where`. */
export async function countCards(db: Db, where: SQL | undefined): Promise<number> {
  const [total] = await db
    .select({ rows: count() })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(where);
  return total?.rows ?? 0;
}
