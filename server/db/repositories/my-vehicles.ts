import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import {
  brandModels,
  brands,
  codes,
  favourites,
  vehicleExtensions,
  vehicleImages,
  vehicles,
  visits,
} from '../schema.ts';
import { localName, photoFields } from './vehicle-cards.ts';

const statusCodes = alias(codes, 'status_codes');
const currencyCodes = alias(codes, 'currency_codes');

/** Visits of a vehicle's page (visits.vehicleId is set from the visited route). */
const totalVisits = sql<number>`(select count(*) from ${visits} where ${visits.vehicleId} = ${vehicles.id})::int`;

/**
 * What a seller sees of their own vehicles (issue 9): the list of My vehicles, a vehicle's draft
 * for the edit form, and where it stands in review. Deleted vehicles are none of these; routes
 * check that the caller owns the vehicle (or is an admin).
 */
export function myVehicleRepository(db: Db) {
  return {
    /** The draft as stored, to fill the edit form; null when missing or deleted. */
    async forUpdate(id: number) {
      const [row] = await db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)));
      if (!row) return null;
      const [photos, extras] = await Promise.all([
        db
          .select(photoFields)
          .from(vehicleImages)
          .where(eq(vehicleImages.vehicleId, id))
          .orderBy(asc(vehicleImages.sortOrder), asc(vehicleImages.id)),
        db
          .select({
            extensionName: vehicleExtensions.extensionName,
            extentionValue: vehicleExtensions.extentionValue,
          })
          .from(vehicleExtensions)
          .where(eq(vehicleExtensions.vehicleId, id))
          .orderBy(asc(vehicleExtensions.id)),
      ]);
      return {
        id: row.id,
        brandIdFk: row.brandId,
        modelIdFk: row.modelId,
        year: row.year,
        numOfMeals: row.meals,
        bodyTypeIdCfk: row.bodyTypeId ?? 0,
        colorIdCFK: row.colorId ?? 0,
        paintedTypeIdCfk: row.paintedTypeId ?? 0,
        paintedStatusIdCfk: row.paintedStatusId ?? 0,
        specificationIdCfk: row.specificationId ?? 0,
        price: row.price,
        currency: row.currencyId,
        gearTypeIdCfk: row.gearTypeId ?? 0,
        oilTypeIdCfk: row.oilTypeId ?? 0,
        image: row.image,
        images: photos.map((photo) => ({
          ...photo,
          width: photo.width ?? 0,
          height: photo.height ?? 0,
        })),
        image360: row.image360 ?? '',
        bestThreeCategories: row.bestThreeCategories,
        moreInfo: row.description,
        extinsionCategory: extras,
        statusId: row.statusId,
        slug: row.slug,
      };
    },

    /** Where a vehicle stands in review, with its counters; null when missing or deleted. */
    async updateInfo(id: number, lang: Lang) {
      const [row] = await db
        .select({
          id: vehicles.id,
          slug: vehicles.slug,
          statusId: vehicles.statusId,
          statusName: localName(lang, codes),
          messageReplay: vehicles.messageReplay,
          totalVisits,
          favouriteCount: sql<number>`(select count(*) from ${favourites} where ${favourites.vehicleId} = ${vehicles.id})::int`,
          createdAt: vehicles.createdAt,
          updatedAt: vehicles.updatedAt,
        })
        .from(vehicles)
        .innerJoin(codes, eq(codes.id, vehicles.statusId))
        .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)));
      if (!row) return null;
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    /** The owner's vehicles that are not deleted, newest first; statusId > 0 keeps that status. */
    async list(ownerId: number, statusId: number, lang: Lang) {
      const rows = await db
        .select({
          id: vehicles.id,
          slug: vehicles.slug,
          brandName: localName(lang, brands),
          modelName: localName(lang, brandModels),
          year: vehicles.year,
          meals: vehicles.meals,
          price: vehicles.price,
          currency: vehicles.currencyId,
          currencyName: localName(lang, currencyCodes),
          image: vehicles.image,
          image360: sql<string>`coalesce(${vehicles.image360}, '')`,
          statusId: vehicles.statusId,
          statusName: localName(lang, statusCodes),
          messageReplay: vehicles.messageReplay,
          totalVisits,
          createdAt: vehicles.createdAt,
        })
        .from(vehicles)
        .innerJoin(brands, eq(brands.id, vehicles.brandId))
        .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
        .innerJoin(statusCodes, eq(statusCodes.id, vehicles.statusId))
        .innerJoin(currencyCodes, eq(currencyCodes.id, vehicles.currencyId))
        .where(
          and(
            eq(vehicles.ownerId, ownerId),
            isNull(vehicles.deletedAt),
            statusId > 0 ? eq(vehicles.statusId, statusId) : undefined,
          ),
        )
        .orderBy(desc(vehicles.createdAt), desc(vehicles.id));
      const photos =
        rows.length === 0
          ? []
          : await db
              .select({ vehicleId: vehicleImages.vehicleId, path: vehicleImages.path })
              .from(vehicleImages)
              .where(
                inArray(
                  vehicleImages.vehicleId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(asc(vehicleImages.sortOrder), asc(vehicleImages.id));
      return rows.map((row) => ({
        ...row,
        images: photos.filter((photo) => photo.vehicleId === row.id).map((photo) => photo.path),
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}
