import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { UserStatus } from '../../../domain/codes.ts';
import {
  type FilterKey,
  activeFilterCount,
  effectiveFilter,
  keepKnownChoices,
  listQueryString,
  parseListQuery,
} from '../../../domain/vehicle-filter.ts';
import type { Db } from '../client.ts';
import { savedSearches, users, vehicles } from '../schema.ts';
import { filterConditions, type CurrencyRates } from './vehicle-search.ts';
import { publicVehicle } from './vehicle-visibility.ts';

/** How many saved searches one user may keep. */
export const SAVED_SEARCHES_MAX = 20;

/** Saved searches matched against one vehicle per query (a boolean column each). */
const MATCH_BATCH = 100;

/**
 * A list page's query string as a saved search keeps it: the filters that narrow the list (spec
 * §5's range rules applied, a model only with its make) and the sort, without the page or the
 * shuffle's seed; choices not in `allowed` (an id that is no colour, a model of another make)
 * are dropped, as the list page drops them. '' when the query narrows nothing.
 */
export function savedSearchQuery(
  raw: string,
  allowed: Partial<Record<FilterKey, ReadonlySet<number>>> = {},
): string {
  const query = parseListQuery(new URLSearchParams(raw.replace(/^\?/, '')));
  const filter = effectiveFilter(keepKnownChoices(query.filter, allowed));
  if (activeFilterCount(filter) === 0) return '';
  return listQueryString(filter, { sort: query.sort }).replace(/^\?/, '');
}

export interface SavedSearch {
  id: number;
  name: string;
  /** The list's query string without its '?'. */
  query: string;
  notifyByEmail: boolean;
  createdAt: string;
}

/** A saved search whose filter matches a newly accepted vehicle, with who to tell. */
export interface SearchMatch {
  id: number;
  userId: number;
  name: string;
  query: string;
  notifyByEmail: boolean;
  email: string;
  userName: string;
}

/** Saved searches: each belongs to one user; only they read or delete it. */
export function savedSearchRepository(db: Db) {
  return {
    async list(userId: number): Promise<SavedSearch[]> {
      const rows = await db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        query: row.query,
        notifyByEmail: row.notifyByEmail,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async count(userId: number): Promise<number> {
      const [row] = await db
        .select({ rows: count() })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId));
      return row?.rows ?? 0;
    },

    async create(
      userId: number,
      values: { name: string; query: string; notifyByEmail: boolean },
    ): Promise<SavedSearch> {
      const [row] = await db
        .insert(savedSearches)
        .values({ userId, ...values })
        .returning();
      return {
        id: row!.id,
        name: row!.name,
        query: row!.query,
        notifyByEmail: row!.notifyByEmail,
        createdAt: row!.createdAt.toISOString(),
      };
    },

    /** Deletes one of the user's saved searches; false when it is not theirs. */
    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning({ id: savedSearches.id });
      return rows.length > 0;
    },

    /**
     * The saved searches of other active users whose filter matches the public vehicle
     * `vehicleId` (none when it is not public). Searches are compared in batches: one query per
     * batch answers, for each distinct query string, whether the vehicle passes its filter.
     */
    async matching(vehicleId: number, rates: CurrencyRates): Promise<SearchMatch[]> {
      const [vehicle] = await db
        .select({ ownerId: vehicles.ownerId })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(and(eq(vehicles.id, vehicleId), publicVehicle));
      if (!vehicle) return [];
      const searches = await db
        .select({
          id: savedSearches.id,
          userId: savedSearches.userId,
          name: savedSearches.name,
          query: savedSearches.query,
          notifyByEmail: savedSearches.notifyByEmail,
          email: users.email,
          userName: users.name,
        })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(
          and(
            ne(savedSearches.userId, vehicle.ownerId),
            isNull(users.deletedAt),
            sql`${users.statusId} is distinct from ${UserStatus.blocked}`,
          ),
        )
        .orderBy(savedSearches.id);
      const queries = [...new Set(searches.map((search) => search.query))];
      const matched = new Set<string>();
      for (let start = 0; start < queries.length; start += MATCH_BATCH) {
        const batch = queries.slice(start, start + MATCH_BATCH);
        const columns: Record<string, SQL<boolean>> = {};
        batch.forEach((query, index) => {
          const filter = effectiveFilter(parseListQuery(new URLSearchParams(query)).filter);
          const conditions = filterConditions(filter, rates);
          columns[`m${index}`] =
            conditions.length === 0
              ? sql<boolean>`true`
              : sql<boolean>`coalesce((${and(...conditions)}), false)`;
        });
        const [row] = await db
          .select(columns)
          .from(vehicles)
          .innerJoin(users, eq(users.id, vehicles.ownerId))
          .where(and(eq(vehicles.id, vehicleId), publicVehicle));
        if (!row) return [];
        batch.forEach((query, index) => {
          const value = row[`m${index}`] as unknown;
          if (value === true || value === 't' || value === 'true') matched.add(query);
        });
      }
      return searches.filter((search) => matched.has(search.query));
    },
  };
}
