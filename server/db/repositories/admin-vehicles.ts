import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { brandModels, brands, codes, users, vehicleImages, vehicles } from '../schema.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';
import { localName } from './vehicle-cards.ts';

const statusCodes = alias(codes, 'status_codes');
const currencyCodes = alias(codes, 'currency_codes');

export const ADMIN_VEHICLE_SORTS = ['createdAt', 'price', 'year'] as const;
export type AdminVehicleSort = (typeof ADMIN_VEHICLE_SORTS)[number];

export interface AdminVehicleQuery extends Paging {
  /** 0: every status. */
  statusId: number;
  ownerId: number;
  search?: string;
  sort?: AdminVehicleSort;
  order?: 'asc' | 'desc';
}

/** `%` and `_` typed by the admin are searched for, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admin's review queue of vehicles (issue: the admin dashboard): every vehicle that is not
 * deleted, whatever its status, with what the admin judges without another click — the photos,
 * the description, the owner's contact.
 */
export function adminVehicleRepository(db: Db) {
  return {
    async list(query: AdminVehicleQuery, lang: Lang) {
      const search = query.search?.trim();
      const where: SQL | undefined = and(
        isNull(vehicles.deletedAt),
        query.statusId ? eq(vehicles.statusId, query.statusId) : undefined,
        query.ownerId ? eq(vehicles.ownerId, query.ownerId) : undefined,
        search
          ? or(
              ilike(brands.nameAr, likePattern(search)),
              ilike(brands.nameEn, likePattern(search)),
              ilike(brandModels.nameAr, likePattern(search)),
              ilike(brandModels.nameEn, likePattern(search)),
              ilike(users.name, likePattern(search)),
            )
          : undefined,
      );
      const column = {
        createdAt: vehicles.createdAt,
        price: vehicles.price,
        year: vehicles.year,
      }[query.sort ?? 'createdAt'];
      const direction = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'asc' ? asc : desc;

      const base = db
        .select({ rows: count() })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .innerJoin(brands, eq(brands.id, vehicles.brandId))
        .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
        .where(where);
      const [total] = await base;
      const rows = await db
        .select({
          id: vehicles.id,
          slug: vehicles.slug,
          brandName: localName(lang, brands),
          modelName: localName(lang, brandModels),
          year: vehicles.year,
          meals: vehicles.meals,
          price: vehicles.price,
          currency: localName(lang, currencyCodes),
          image: vehicles.image,
          image360: vehicles.image360,
          description: vehicles.description,
          bestThreeCategories: vehicles.bestThreeCategories,
          ownerId: users.id,
          ownerName: users.name,
          ownerMobile: users.mobile,
          ownerEmail: users.email,
          statusId: vehicles.statusId,
          statusName: localName(lang, statusCodes),
          messageReplay: vehicles.messageReplay,
          createdAt: vehicles.createdAt,
        })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .innerJoin(brands, eq(brands.id, vehicles.brandId))
        .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
        .innerJoin(statusCodes, eq(statusCodes.id, vehicles.statusId))
        .innerJoin(currencyCodes, eq(currencyCodes.id, vehicles.currencyId))
        .where(where)
        .orderBy(direction(column), desc(vehicles.id))
        .limit(query.pageSize)
        .offset(offsetOf(query));

      const ids = rows.map((row) => row.id);
      const photos =
        ids.length === 0
          ? []
          : await db
              .select({ vehicleId: vehicleImages.vehicleId, path: vehicleImages.path })
              .from(vehicleImages)
              .where(inArray(vehicleImages.vehicleId, ids))
              .orderBy(asc(vehicleImages.sortOrder), asc(vehicleImages.id));
      return {
        data: rows.map((row) => ({
          ...row,
          image360: row.image360 ?? '',
          createdAt: row.createdAt.toISOString(),
          images: photos.filter((photo) => photo.vehicleId === row.id).map((photo) => photo.path),
        })),
        pagination: paginationOf(query, total?.rows ?? 0),
      };
    },
  };
}
