import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
// The spec §5 range rules are shared with the list page's form.
import { PageTag } from '../../../domain/page-tags.ts';
import {
  amountRangeApplies,
  yearRangeApplies,
  type VehicleFilter,
} from '../../../domain/vehicle-filter.ts';
import type { Bus } from '../../lib/bus.ts';
import type { Lang } from '../../lib/messages.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { makeSlug } from '../../../domain/slug.ts';
import type { Db } from '../client.ts';
import { AnnouncementType, Status, UserType } from '../../../domain/codes.ts';
import {
  announcementOrders,
  brandModels,
  brands,
  cities,
  codes,
  starOrders,
  states,
  users,
  vehicleExtensions,
  vehicleImages,
  vehicles,
} from '../schema.ts';

export interface Paging {
  page: number;
  pageSize: number;
}

export interface Pagination {
  currentPage: number;
  pageCount: number;
  pageSize: number;
  rowCount: number;
}

export function paginationOf(paging: Paging, rowCount: number): Pagination {
  return {
    currentPage: paging.page,
    pageCount: Math.ceil(rowCount / paging.pageSize),
    pageSize: paging.pageSize,
    rowCount,
  };
}

/** A vehicle anyone may see: accepted, not deleted, its owner neither deleted nor blocked. */
const isPublic = and(
  eq(vehicles.statusId, Status.accepted),
  isNull(vehicles.deletedAt),
  isNull(users.deletedAt),
);

/**
 * The "random" order of spec §7 that still pages consistently: each search carries a seed, and
 * vehicles are ordered by a bijective hash of (id, seed), so one seed gives one permutation and
 * walking its pages shows every match exactly once.
 */
function shuffled(seed: number): SQL {
  return sql`((${vehicles.id}::bigint # ${seed}::bigint) * 2654435761) % 4294967296`;
}

function filterConditions(filter: VehicleFilter): SQL[] {
  const where: SQL[] = [];
  const equal = (column: Parameters<typeof eq>[0], value?: number) => {
    if (value) where.push(eq(column, value));
  };
  equal(vehicles.ownerId, filter.ownerId);
  equal(users.addressStateId, filter.stateId);
  equal(vehicles.brandId, filter.vehicleBrandId);
  equal(vehicles.modelId, filter.vehicleModelId);
  equal(vehicles.colorId, filter.color);
  equal(vehicles.bodyTypeId, filter.bodyType);
  equal(vehicles.specificationId, filter.specification);
  equal(vehicles.paintedTypeId, filter.paintedType);
  equal(vehicles.paintedStatusId, filter.paintedStatus);
  equal(vehicles.gearTypeId, filter.gearType);
  equal(vehicles.oilTypeId, filter.oilType);
  if (yearRangeApplies(filter.yearFrom, filter.yearTo)) {
    where.push(gte(vehicles.year, filter.yearFrom!), lte(vehicles.year, filter.yearTo!));
  }
  if (amountRangeApplies(filter.priceFrom, filter.priceTo)) {
    where.push(gte(vehicles.price, filter.priceFrom ?? 0), lte(vehicles.price, filter.priceTo!));
  }
  if (amountRangeApplies(filter.mealsFrom, filter.mealsTo)) {
    where.push(gte(vehicles.meals, filter.mealsFrom ?? 0), lte(vehicles.meals, filter.mealsTo!));
  }
  return where;
}

export function vehicleRepository(db: Db, bus: Bus) {
  const name = (lang: Lang, table: { nameAr: AnyPgColumn; nameEn: AnyPgColumn }) =>
    sql<string>`${lang === 'en' ? table.nameEn : table.nameAr}`;

  /** The fields of a vehicle card (spec §3), in the caller's language. */
  const cardFields = (lang: Lang) => ({
    id: vehicles.id,
    slug: vehicles.slug,
    image: vehicles.image,
    meals: vehicles.meals,
    year: vehicles.year,
    brandId: vehicles.brandId,
    brandName: name(lang, brands),
    modelId: vehicles.modelId,
    modelName: name(lang, brandModels),
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
    status: name(lang, codes),
    bestThreeCategories: vehicles.bestThreeCategories,
    hasImage360: sql<boolean>`${vehicles.image360} is not null`,
  });

  /** Cards joined with their make, model, owner and status; `extra` adds columns. */
  const cards = <Extra extends Record<string, AnyPgColumn> = Record<never, never>>(
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

  async function search(filter: VehicleFilter, paging: Paging, seed: number, lang: Lang) {
    const where = and(isPublic, ...filterConditions(filter));
    const [total] = await db
      .select({ rows: count() })
      .from(vehicles)
      .innerJoin(users, eq(users.id, vehicles.ownerId))
      .where(where);
    const rowCount = total?.rows ?? 0;
    const data =
      rowCount === 0
        ? []
        : await cards(lang)
            .where(where)
            .orderBy(shuffled(seed), asc(vehicles.id))
            .limit(paging.pageSize)
            .offset((paging.page - 1) * paging.pageSize);
    return { data, pagination: paginationOf(paging, rowCount) };
  }

  async function similar(
    vehicle: {
      id: number;
      brandId: number;
      modelId: number;
      bodyTypeId: number | null;
      price: number;
    },
    lang: Lang,
    limit = 8,
  ) {
    // The same make first (the brand/model index keeps this to one make's rows, so a page stays
    // cheap on a large catalogue); other makes of the same body only when the make has too few.
    const sameMake = await cards(lang)
      .where(and(isPublic, ne(vehicles.id, vehicle.id), eq(vehicles.brandId, vehicle.brandId)))
      .orderBy(
        desc(sql`${vehicles.modelId} = ${vehicle.modelId}`),
        sql`abs(${vehicles.price} - ${vehicle.price})`,
        asc(vehicles.id),
      )
      .limit(limit);
    if (sameMake.length >= limit || !vehicle.bodyTypeId) return sameMake;
    const related = and(
      ne(vehicles.brandId, vehicle.brandId),
      eq(vehicles.bodyTypeId, vehicle.bodyTypeId),
    );
    const sameBody = await cards(lang)
      .where(and(isPublic, related))
      .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
      .limit(limit - sameMake.length);
    return [...sameMake, ...sameBody];
  }

  /** Tell every instance's page cache which pages a change to this vehicle touches. */
  function purgeVehicle(id: number, ownerId: number) {
    return bus.publish('purge', {
      tags: [
        PageTag.vehicle(id),
        PageTag.seller(ownerId),
        PageTag.home,
        PageTag.vehicles,
        PageTag.sellers,
      ],
    });
  }

  return {
    search,

    /** Public cards in the order of `ids` (missing or hidden ones left out), with the description. */
    async cardsByIds(ids: number[], lang: Lang) {
      if (ids.length === 0) return [];
      const rows = await cards(lang, { moreInfo: vehicles.description }).where(
        and(isPublic, inArray(vehicles.id, ids)),
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
    },

    /** A public vehicle with everything its page shows, or null (missing or not public). */
    async detail(id: number, lang: Lang) {
      const [card] = await cards(lang).where(and(isPublic, eq(vehicles.id, id)));
      if (!card) return null;
      const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id));
      const vehicle = row!;
      const codeIds = [
        vehicle.colorId,
        vehicle.bodyTypeId,
        vehicle.specificationId,
        vehicle.paintedTypeId,
        vehicle.paintedStatusId,
        vehicle.gearTypeId,
        vehicle.oilTypeId,
        vehicle.currencyId,
      ].filter((value): value is number => value !== null);
      const [codeRows, images, extensions, place, cardOfVehicle] = await Promise.all([
        db.select().from(codes).where(inArray(codes.id, codeIds)),
        db
          .select({
            id: vehicleImages.id,
            path: vehicleImages.path,
            width: vehicleImages.width,
            height: vehicleImages.height,
          })
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
        db
          .select({ stateName: name(lang, states), cityName: name(lang, cities) })
          .from(users)
          .leftJoin(states, eq(states.id, users.addressStateId))
          .leftJoin(cities, eq(cities.id, users.addressCityId))
          .where(eq(users.id, vehicle.ownerId)),
        similar(vehicle, lang),
      ]);
      const codeName = (codeId: number | null) => {
        const code = codeRows.find((entry) => entry.id === codeId);
        return code ? (lang === 'en' ? code.nameEn : code.nameAr) : '';
      };
      return {
        ...card,
        colorId: vehicle.colorId ?? 0,
        color: codeName(vehicle.colorId),
        bodyTypeId: vehicle.bodyTypeId ?? 0,
        bodyType: codeName(vehicle.bodyTypeId),
        specificationId: vehicle.specificationId ?? 0,
        specification: codeName(vehicle.specificationId),
        paintedTypeId: vehicle.paintedTypeId ?? 0,
        paintedType: codeName(vehicle.paintedTypeId),
        paintedStatusId: vehicle.paintedStatusId ?? 0,
        paintedStatus: codeName(vehicle.paintedStatusId),
        gearTypeId: vehicle.gearTypeId ?? 0,
        gearType: codeName(vehicle.gearTypeId),
        oilTypeId: vehicle.oilTypeId ?? 0,
        oilType: codeName(vehicle.oilTypeId),
        currencyName: codeName(vehicle.currencyId),
        ownerStateName: place[0]?.stateName ?? '',
        ownerCityName: place[0]?.cityName ?? '',
        description: vehicle.description,
        image360: vehicle.image360 ?? '',
        vehicleImages: images.map((image) => ({
          ...image,
          width: image.width ?? 0,
          height: image.height ?? 0,
        })),
        vehicleCategoryExtension: extensions,
        cardOfVehicle,
        createdAt: vehicle.createdAt.toISOString(),
        updatedAt: vehicle.updatedAt.toISOString(),
      };
    },

    /** The featured vehicles: an accepted star order whose dates cover now. */
    async starActive(lang: Lang) {
      const active = db
        .selectDistinct({ vehicleId: starOrders.vehicleId })
        .from(starOrders)
        .where(
          and(
            eq(starOrders.statusId, Status.accepted),
            isNull(starOrders.deletedAt),
            lte(starOrders.startDate, sql`now()`),
            gt(starOrders.endDate, sql`now()`),
          ),
        );
      return cards(lang)
        .where(and(isPublic, inArray(vehicles.id, active)))
        .orderBy(desc(vehicles.updatedAt), asc(vehicles.id));
    },

    /** Accepted announcements of one kind whose dates cover now. */
    async activeAnnouncements(
      announcementType: (typeof AnnouncementType)[keyof typeof AnnouncementType],
    ) {
      return db
        .select({
          id: announcementOrders.id,
          image: announcementOrders.image,
          announcementType: announcementOrders.announcementTypeId,
          startDate: announcementOrders.startDate,
          endDate: announcementOrders.endDate,
          userId: users.id,
          userName: users.name,
          userSlug: users.slug,
        })
        .from(announcementOrders)
        .innerJoin(users, eq(users.id, announcementOrders.userId))
        .where(
          and(
            eq(announcementOrders.announcementTypeId, announcementType),
            eq(announcementOrders.statusId, Status.accepted),
            isNull(announcementOrders.deletedAt),
            isNull(users.deletedAt),
            lte(announcementOrders.startDate, sql`now()`),
            gt(announcementOrders.endDate, sql`now()`),
          ),
        )
        .orderBy(asc(announcementOrders.startDate), asc(announcementOrders.id))
        .then((rows) =>
          rows.map((row) => ({
            ...row,
            startDate: row.startDate.toISOString(),
            endDate: row.endDate.toISOString(),
          })),
        );
    },

    /** Sellers (individuals and dealerships) whose name contains `name`, most vehicles first. */
    async sellers(nameQuery: string, paging: Paging, lang: Lang) {
      const where = and(
        inArray(users.userType, [UserType.normal, UserType.company]),
        isNull(users.deletedAt),
        nameQuery
          ? ilike(users.name, `%${nameQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : undefined,
      );
      const [total] = await db.select({ rows: count() }).from(users).where(where);
      const rowCount = total?.rows ?? 0;
      const vehicleCount = sql<number>`(select count(*)::int from ${vehicles} where ${vehicles.ownerId} = ${users.id} and ${vehicles.statusId} = ${Status.accepted} and ${vehicles.deletedAt} is null)`;
      const data = await db
        .select({
          id: users.id,
          name: users.name,
          userType: users.userType,
          mobile: users.mobile,
          addressStateId: sql<number>`coalesce(${users.addressStateId}, 0)`,
          addressCityId: sql<number>`coalesce(${users.addressCityId}, 0)`,
          addressStateName: sql<string>`coalesce(${name(lang, states)}, '')`,
          addressCityName: sql<string>`coalesce(${name(lang, cities)}, '')`,
          AddressInfo: users.addressInfo,
          slug: users.slug,
          image: sql<string>`coalesce(${users.image}, '')`,
          vehicleCount,
        })
        .from(users)
        .leftJoin(states, eq(states.id, users.addressStateId))
        .leftJoin(cities, eq(cities.id, users.addressCityId))
        .where(where)
        .orderBy(desc(vehicleCount), asc(users.name), asc(users.id))
        .limit(paging.pageSize)
        .offset((paging.page - 1) * paging.pageSize);
      return { data, pagination: paginationOf(paging, rowCount) };
    },

    /** A seller's gallery: the seller's public details and their public vehicles; null if no such seller. */
    async gallery(userId: number, paging: Paging, lang: Lang) {
      const [seller] = await db
        .select({
          id: users.id,
          name: users.name,
          userType: users.userType,
          image: sql<string>`coalesce(${users.image}, '')`,
          addressStateId: sql<number>`coalesce(${users.addressStateId}, 0)`,
          addressCityId: sql<number>`coalesce(${users.addressCityId}, 0)`,
          addressStateName: sql<string>`coalesce(${name(lang, states)}, '')`,
          addressCityName: sql<string>`coalesce(${name(lang, cities)}, '')`,
          AddressInfo: users.addressInfo,
          mobile: users.mobile,
          slug: users.slug,
          moreInfo: users.moreInfo,
        })
        .from(users)
        .leftJoin(states, eq(states.id, users.addressStateId))
        .leftJoin(cities, eq(cities.id, users.addressCityId))
        .where(
          and(
            eq(users.id, userId),
            inArray(users.userType, [UserType.normal, UserType.company]),
            isNull(users.deletedAt),
          ),
        );
      if (!seller) return null;
      const where = and(isPublic, eq(vehicles.ownerId, userId));
      const [total] = await db
        .select({ rows: count() })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(where);
      const rowCount = total?.rows ?? 0;
      const data = await cards(lang)
        .where(where)
        .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
        .limit(paging.pageSize)
        .offset((paging.page - 1) * paging.pageSize);
      return { ...seller, vehicles: { data, pagination: paginationOf(paging, rowCount) } };
    },

    /** Every public vehicle's id, slug and last change, for the sitemap and the cache warm-up. */
    async publicSlugs() {
      return db
        .select({
          id: vehicles.id,
          slug: vehicles.slug,
          ownerId: vehicles.ownerId,
          updatedAt: vehicles.updatedAt,
        })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(isPublic)
        .orderBy(asc(vehicles.id));
    },

    async sellerSlugs() {
      return db
        .select({ id: users.id, slug: users.slug, updatedAt: users.updatedAt })
        .from(users)
        .where(
          and(
            inArray(users.userType, [UserType.normal, UserType.company]),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.id));
    },

    // Writes. Each one purges the pages that show the vehicle, on every instance, so every
    // write path (seller area, admin) keeps the page cache right without more code.

    async create(
      values: Omit<typeof vehicles.$inferInsert, 'slug' | 'id'>,
      images: { path: string; width?: number; height?: number }[] = [],
    ) {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(vehicles)
          .values({
            ...values,
            description: sanitizeRichText(values.description ?? ''),
            slug: 'pending',
          })
          .returning();
        const vehicle = row!;
        const [brand] = await tx.select().from(brands).where(eq(brands.id, vehicle.brandId));
        const [model] = await tx
          .select()
          .from(brandModels)
          .where(eq(brandModels.id, vehicle.modelId));
        const slug = makeSlug(vehicle.id, brand?.nameEn ?? '', model?.nameEn ?? '', vehicle.year);
        await tx.update(vehicles).set({ slug }).where(eq(vehicles.id, vehicle.id));
        if (images.length > 0) {
          await tx.insert(vehicleImages).values(
            images.map((image, index) => ({
              vehicleId: vehicle.id,
              path: image.path,
              width: image.width,
              height: image.height,
              sortOrder: index,
            })),
          );
        }
        return { ...vehicle, slug };
      });
      await purgeVehicle(created.id, created.ownerId);
      return created;
    },

    async update(
      id: number,
      values: Partial<Omit<typeof vehicles.$inferInsert, 'id' | 'ownerId'>>,
    ) {
      const [row] = await db
        .update(vehicles)
        .set({
          ...values,
          ...(values.description !== undefined
            ? { description: sanitizeRichText(values.description) }
            : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)))
        .returning();
      if (!row) return null;
      await purgeVehicle(row.id, row.ownerId);
      return row;
    },

    async setStatus(id: number, statusId: number) {
      return this.update(id, { statusId });
    },

    /** Soft delete: orders and payments keep pointing at it. */
    async remove(id: number) {
      const [row] = await db
        .update(vehicles)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)))
        .returning();
      if (!row) return null;
      await purgeVehicle(row.id, row.ownerId);
      return row;
    },
  };
}

export type VehicleRepository = ReturnType<typeof vehicleRepository>;
export type VehicleCard = Awaited<ReturnType<VehicleRepository['search']>>['data'][number];
export type VehicleDetail = NonNullable<Awaited<ReturnType<VehicleRepository['detail']>>>;
export type SellerGallery = NonNullable<Awaited<ReturnType<VehicleRepository['gallery']>>>;
