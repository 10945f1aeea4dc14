import { and, asc, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Bus } from '../../lib/bus.ts';
import type { Db } from '../client.ts';
import { users, vehicles } from '../schema.ts';
import { preparedOnce } from './prepared.ts';

/*
 * The list's default order at catalogue scale (spec §7: "random", stable across the pages of
 * one search). Every vehicle has a fixed pseudo-random `shuffle_key` (a hash of its id, kept by
 * the database and indexed over the public rows); a seed picks where the walk through that order
 * starts, and the walk wraps around once. So one seed shows every match exactly once across its
 * pages, different seeds open on different vehicles, and a page is an index walk of `offset +
 * pageSize` rows instead of a sort of every public vehicle.
 */

/**
 * The key where a seed's walk starts: keys are 28 bits (the schema's `shuffle_key`); the seed is
 * spread over them by a multiplicative hash, so neighbouring seeds open far apart.
 */
export const shuffleStart = (seed: number) => Math.imul(seed, 0x9e3779b1) >>> 4;

/** The two halves of a seed's walk: from its start key to the end, then from the first key. */
export function walkFrom(db: Db, where: SQL | undefined, half: 'head' | 'tail') {
  const start = sql.placeholder('start');
  return db
    .select({ id: vehicles.id })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(
      and(
        where,
        half === 'head' ? gte(vehicles.shuffleKey, start) : lt(vehicles.shuffleKey, start),
      ),
    )
    .orderBy(asc(vehicles.shuffleKey), asc(vehicles.id))
    .limit(sql.placeholder('limit'));
}

/**
 * The ids of one page of the shuffled order of the vehicles matching `where`. `prepared` names
 * the statements of a `where` that never changes (the unfiltered list: every visitor's first
 * list, and most API searches), which are then kept (./prepared.ts).
 */
export async function shuffledIds(
  db: Db,
  where: SQL | undefined,
  seed: number,
  offset: number,
  pageSize: number,
  prepared?: string,
): Promise<number[]> {
  const start = shuffleStart(seed);
  const wanted = offset + pageSize;
  // A walk of a `where` that never changes is prepared once; a filtered one is built per search.
  const walks = prepared
    ? preparedOnce(db, prepared, (name) => ({
        head: walkFrom(db, where, 'head').prepare(`${name}_head`),
        tail: walkFrom(db, where, 'tail').prepare(`${name}_tail`),
      }))
    : { head: walkFrom(db, where, 'head'), tail: walkFrom(db, where, 'tail') };
  const head = await walks.head.execute({ start, limit: wanted });
  const tail =
    head.length < wanted ? await walks.tail.execute({ start, limit: wanted - head.length }) : [];
  return [...head, ...tail].slice(offset).map((row) => row.id);
}

/**
 * Counting the public vehicles reads every matching row; on a large catalogue the unfiltered
 * count is most of a list request. Counts this large are kept briefly, per filter, and dropped
 * on any catalogue change (the page cache's purge, on every instance); small counts are cheap
 * and always exact.
 */
const KEEP_FROM_ROWS = 2000;
const countCaches = new WeakMap<Bus, LRUCache<string, number>>();

function countCacheOf(bus: Bus) {
  let cache = countCaches.get(bus);
  if (!cache) {
    const created = new LRUCache<string, number>({ max: 1000, ttl: 30_000 });
    bus.subscribe('purge', () => created.clear());
    countCaches.set(bus, (cache = created));
  }
  return cache;
}

/** How many vehicles match `where`; `key` names the filter for the cache. */
export async function countMatches(
  db: Db,
  bus: Bus,
  where: SQL | undefined,
  key: string,
): Promise<number> {
  const cache = countCacheOf(bus);
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const [total] = await db
    .select({ rows: count() })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(where);
  const rows = total?.rows ?? 0;
  if (rows >= KEEP_FROM_ROWS) cache.set(key, rows);
  return rows;
}
