import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Status } from '../../../domain/codes.ts';
import { makeSlug } from '../../../domain/slug.ts';
import type { ListSort, VehicleFilter } from '../../../domain/vehicle-filter.ts';
import type { Bus } from '../../lib/bus.ts';
import type { Lang } from '../../lib/messages.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { Db } from '../client.ts';
import {
  brandModels,
  brands,
  cities,
  states,
  users,
  vehicleExtensions,
  vehicleImages,
  vehicles,
  visits,
} from '../schema.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';
import { localName, selectCards } from './vehicle-cards.ts';
import { preparedOnce } from './prepared.ts';
import { referenceRepository, type ReferenceRepository } from './reference.ts';
import { countMatches, shuffledIds } from './shuffled-list.ts';
import { filterConditions, orderOf } from './vehicle-search.ts';
import { similarVehicles } from './similar-vehicles.ts';
import { publicVehicle, vehiclePageTags, vehicleWithPage } from './vehicle-visibility.ts';

/** A vehicle's photo as its page lists it (ordered by sort order, then id). */
type PagePhoto = { id: number; path: string; width: number | null; height: number | null };
/** An extra field of the vehicle's category, as its page lists it. */
type PageExtension = { extensionName: string; extentionValue: string };

/** Vehicles: the public search, a vehicle's page, cards by id, and every write. */
export function vehicleRepository(
  db: Db,
  bus: Bus,
  reference: Pick<ReferenceRepository, 'currencyRates' | 'codeNames'> = referenceRepository(db),
) {
  const cards = (lang: Lang) => selectCards(db, lang);

  /**
   * One page of the public search: the seeded shuffle of spec §7, or `order.sort`. Prices
   * compare in shekels at the current rates (`order.rates`, read when not given).
   */
  async function search(
    filter: VehicleFilter,
    paging: Paging,
    order: { seed: number; sort?: ListSort },
    lang: Lang,
  ) {
    const rates = await reference.currencyRates();
    const conditions = filterConditions(filter, rates);
    const where = and(publicVehicle, ...conditions);
    // The count and the page are read at once (a page of no match is an empty read).
    const page = async () => {
      if (order.sort) {
        return cards(lang)
          .where(where)
          .orderBy(...orderOf(order.sort, rates))
          .limit(paging.pageSize)
          .offset(offsetOf(paging));
      }
      const ids = await shuffledIds(
        db,
        where,
        order.seed,
        offsetOf(paging),
        paging.pageSize,
        conditions.length === 0 ? 'public_vehicles_walk' : undefined,
      );
      return cardsInOrder(ids, lang);
    };
    const [rowCount, data] = await Promise.all([
      countMatches(db, bus, where, JSON.stringify([filter, rates])),
      page(),
    ]);
    return { data, pagination: paginationOf(paging, rowCount), rates };
  }

  function similar(vehicle: Parameters<typeof similarVehicles>[1], lang: Lang) {
    return similarVehicles(db, vehicle, lang, (ids) => cardsInOrder(ids, lang));
  }

  // The reads every list and vehicle page repeats with new values (the cards of a list page are
  // the widest query of the catalogue), prepared once (./prepared.ts), per language where they
  // name things.
  const idParam = sql.placeholder('id');
  const cardsByIds = (lang: Lang) =>
    preparedOnce(db, `vehicle_cards_by_ids_${lang}`, (name) =>
      cards(lang)
        .where(sql`${vehicles.id} = any(${sql.placeholder('ids')})`)
        .prepare(name),
    );
  /**
   * Everything a vehicle's page shows of the vehicle itself in one read: its card, its own
   * columns, its photos and extra fields (as JSON), its owner's place and its view count. A page
   * that asked for each apart made six round trips to the database, and the database's work per
   * statement (not the rows, a few each) was most of what a vehicle page cost it.
   */
  const vehiclePage = (lang: Lang) =>
    preparedOnce(db, `vehicle_page_${lang}`, (name) =>
      selectCards(db, lang, {
        colorId: vehicles.colorId,
        bodyTypeId: vehicles.bodyTypeId,
        specificationId: vehicles.specificationId,
        paintedTypeId: vehicles.paintedTypeId,
        paintedStatusId: vehicles.paintedStatusId,
        gearTypeId: vehicles.gearTypeId,
        oilTypeId: vehicles.oilTypeId,
        currencyId: vehicles.currencyId,
        description: vehicles.description,
        image360: vehicles.image360,
        createdAt: vehicles.createdAt,
        updatedAt: vehicles.updatedAt,
        publishedAt: vehicles.publishedAt,
        ownerStateName: sql<string | null>`(select ${localName(lang, states)} from ${states}
          where ${states.id} = ${users.addressStateId})`,
        ownerCityName: sql<string | null>`(select ${localName(lang, cities)} from ${cities}
          where ${cities.id} = ${users.addressCityId})`,
        // The visits recorded for it (the partial index on visits.vehicle_id keeps this to the
        // vehicle's own rows).
        viewCount: sql<number>`(select count(*) from ${visits}
          where ${visits.vehicleId} = ${vehicles.id})::int`,
        photos: sql<PagePhoto[]>`coalesce((select json_agg(json_build_object(
            'id', ${vehicleImages.id}, 'path', ${vehicleImages.path},
            'width', ${vehicleImages.width}, 'height', ${vehicleImages.height})
          order by ${vehicleImages.sortOrder}, ${vehicleImages.id})
          from ${vehicleImages} where ${vehicleImages.vehicleId} = ${vehicles.id}), '[]'::json)`,
        extensions: sql<PageExtension[]>`coalesce((select json_agg(json_build_object(
            'extensionName', ${vehicleExtensions.extensionName},
            'extentionValue', ${vehicleExtensions.extentionValue})
          order by ${vehicleExtensions.id})
          from ${vehicleExtensions} where ${vehicleExtensions.vehicleId} = ${vehicles.id}), '[]'::json)`,
      })
        .where(and(vehicleWithPage, eq(vehicles.id, idParam)))
        .prepare(name),
    );

  /** The cards of `ids`, in that order. */
  async function cardsInOrder(ids: number[], lang: Lang) {
    if (ids.length === 0) return [];
    const rows = await cardsByIds(lang).execute({ ids });
    const place = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => place.get(a.id)! - place.get(b.id)!);
  }

  /** Tell every instance's page cache which pages a change to this vehicle touches. */
  function purgeVehicle(id: number, ownerId: number) {
    return bus.publish('purge', { tags: vehiclePageTags(id, ownerId) });
  }

  return {
    search,

    /** Public cards in the order of `ids` (missing or hidden ones left out), with the description. */
    async cardsByIds(ids: number[], lang: Lang) {
      if (ids.length === 0) return [];
      const rows = await selectCards(db, lang, { moreInfo: vehicles.description }).where(
        and(publicVehicle, inArray(vehicles.id, ids)),
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
    },

    /**
     * A vehicle with everything its page shows, or null (missing, or neither public nor sold);
     * a sold one carries statusId 99.
     */
    async detail(id: number, lang: Lang) {
      const [found] = await vehiclePage(lang).execute({ id });
      if (!found) return null;
      const { photos, extensions, ownerStateName, ownerCityName, ...vehicle } = found;
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
      const [codeNames, cardOfVehicle] = await Promise.all([
        reference.codeNames(codeIds, lang),
        similar(vehicle, lang),
      ]);
      const codeName = (codeId: number | null) =>
        (codeId === null ? undefined : codeNames.get(codeId)) ?? '';
      return {
        ...vehicle,
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
        ownerStateName: ownerStateName ?? '',
        ownerCityName: ownerCityName ?? '',
        image360: vehicle.image360 ?? '',
        vehicleImages: photos.map((image) => ({
          ...image,
          width: image.width ?? 0,
          height: image.height ?? 0,
        })),
        vehicleCategoryExtension: extensions,
        cardOfVehicle,
        createdAt: vehicle.createdAt.toISOString(),
        updatedAt: vehicle.updatedAt.toISOString(),
        /** When it was first published; a vehicle from before the column, its creation. */
        publishedAt: (vehicle.publishedAt ?? vehicle.createdAt).toISOString(),
      };
    },

    /** The public vehicles' slugs by id: all of them, or `range` of them (a sitemap file). */
    async publicSlugs(range?: { offset: number; limit: number }) {
      const query = db
        .select({
          id: vehicles.id,
          slug: vehicles.slug,
          ownerId: vehicles.ownerId,
          updatedAt: vehicles.updatedAt,
        })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(publicVehicle)
        .orderBy(asc(vehicles.id));
      return range ? query.limit(range.limit).offset(range.offset) : query;
    },

    /** Every public vehicle's id, in id order: what the page cache's warm-up ranks by visits. */
    async publicIds(): Promise<number[]> {
      const rows = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(publicVehicle)
        .orderBy(asc(vehicles.id));
      return rows.map((row) => row.id);
    },

    /** How many vehicles are public (kept briefly at catalogue scale, like the list's counts). */
    publicCount() {
      return countMatches(db, bus, publicVehicle, 'public');
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
            publishedAt:
              values.publishedAt ?? (values.statusId === Status.accepted ? new Date() : null),
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
          // The first acceptance publishes it; later reviews keep the listing's date.
          ...(values.statusId === Status.accepted
            ? { publishedAt: sql`coalesce(${vehicles.publishedAt}, now())` }
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
export type VehicleDetail = NonNullable<Awaited<ReturnType<VehicleRepository['detail']>>>;
