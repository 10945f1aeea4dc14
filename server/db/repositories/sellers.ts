import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { UserType } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { cities, states, users, vehicles } from '../schema.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';
import { countCards, localName, selectCards } from './vehicle-cards.ts';
import { activeAccount, publicVehicle, vehicleOnDisplay } from './vehicle-visibility.ts';

/** The seller's public vehicles, counted in the directory's order; `users` is the seller. */
const publicVehicleCount = sql<number>`(select count(*)::int from ${vehicles} where ${vehicles.ownerId} = ${users.id} and ${vehicleOnDisplay})`;

/**
 * A seller the public may see (issue §2, privacy): a dealership or an individual, neither
 * deleted nor blocked; an individual only while they have a public vehicle, so a private
 * person who sells nothing is not listed with their phone number. The directory, galleries,
 * announcements (which open the gallery) and the sitemap all use this rule.
 */
export const publicSeller = and(
  inArray(users.userType, [UserType.normal, UserType.company]),
  activeAccount,
  or(
    eq(users.userType, UserType.company),
    sql`exists (select 1 from ${vehicles} where ${vehicles.ownerId} = ${users.id} and ${vehicleOnDisplay})`,
  ),
);

/**
 * The page-cache tags of every page that shows a seller: their gallery and their vehicles'
 * pages (each tagged with the seller), home's featured cards and ads, other vehicles' similar
 * cards (all tagged with the seller too), and the directory. Publish these when a seller is
 * blocked, deleted or changes what the public sees of them.
 */
export function sellerPageTags(sellerId: number): string[] {
  return [PageTag.seller(sellerId), PageTag.sellers, PageTag.home];
}

const publicDetails = (lang: Lang) => ({
  id: users.id,
  name: users.name,
  userType: users.userType,
  mobile: users.mobile,
  image: sql<string>`coalesce(${users.image}, '')`,
  addressStateId: sql<number>`coalesce(${users.addressStateId}, 0)`,
  addressCityId: sql<number>`coalesce(${users.addressCityId}, 0)`,
  addressStateName: sql<string>`coalesce(${localName(lang, states)}, '')`,
  addressCityName: sql<string>`coalesce(${localName(lang, cities)}, '')`,
  AddressInfo: users.addressInfo,
  slug: users.slug,
});

/** What the sellers directory is narrowed by: a part of the name, a governorate, a city. */
export interface SellerSearch {
  name: string;
  stateId?: number;
  cityId?: number;
}

/** Sellers as the public sees them: the directory (spec §2 Sellers) and each one's gallery. */
export function sellerRepository(db: Db) {
  return {
    /**
     * Public sellers whose name contains `search.name`, in the governorate and city when given,
     * most vehicles first.
     */
    async directory(search: SellerSearch, paging: Paging, lang: Lang) {
      const { name: nameQuery, stateId, cityId } = search;
      const where = and(
        publicSeller,
        nameQuery
          ? ilike(users.name, `%${nameQuery.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
          : undefined,
        stateId ? eq(users.addressStateId, stateId) : undefined,
        cityId ? eq(users.addressCityId, cityId) : undefined,
      );
      const [total] = await db.select({ rows: count() }).from(users).where(where);
      const rowCount = total?.rows ?? 0;
      const data = await db
        .select({ ...publicDetails(lang), vehicleCount: publicVehicleCount })
        .from(users)
        .leftJoin(states, eq(states.id, users.addressStateId))
        .leftJoin(cities, eq(cities.id, users.addressCityId))
        .where(where)
        .orderBy(desc(publicVehicleCount), asc(users.name), asc(users.id))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return { data, pagination: paginationOf(paging, rowCount) };
    },

    /** A public seller's details and one page of their public vehicles; null if not public. */
    async gallery(userId: number, paging: Paging, lang: Lang) {
      const [seller] = await db
        .select({ ...publicDetails(lang), moreInfo: users.moreInfo })
        .from(users)
        .leftJoin(states, eq(states.id, users.addressStateId))
        .leftJoin(cities, eq(cities.id, users.addressCityId))
        .where(and(eq(users.id, userId), publicSeller));
      if (!seller) return null;
      const where = and(publicVehicle, eq(vehicles.ownerId, userId));
      const rowCount = await countCards(db, where);
      const data = await selectCards(db, lang)
        .where(where)
        .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return { ...seller, vehicles: { data, pagination: paginationOf(paging, rowCount) } };
    },

    /** Every public seller's id, slug and last change, for the sitemap and the cache warm-up. */
    async publicSlugs() {
      return db
        .select({ id: users.id, slug: users.slug, updatedAt: users.updatedAt })
        .from(users)
        .where(publicSeller)
        .orderBy(asc(users.id));
    },
  };
}

export type SellerRepository = ReturnType<typeof sellerRepository>;
export type SellerListItem = Awaited<ReturnType<SellerRepository['directory']>>['data'][number];
export type SellerGallery = NonNullable<Awaited<ReturnType<SellerRepository['gallery']>>>;
