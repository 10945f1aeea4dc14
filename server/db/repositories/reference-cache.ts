import { LRUCache } from 'lru-cache';
import type { Bus } from '../../lib/bus.ts';
import type { Db } from '../client.ts';
import { codes } from '../schema.ts';
import { referenceRepository, type ReferenceRepository } from './reference.ts';

/** The reads every page render repeats: the frame, code names, makes, rates. */
const KEPT = [
  'codesOf',
  'states',
  'cities',
  'stateCities',
  'brands',
  'makesAndModels',
  'brandModels',
  'currencyRates',
  'constants',
  'interfaceItems',
  'siteContact',
] as const satisfies (keyof ReferenceRepository)[];

/**
 * The reference data as page renders read it: each answer is kept for a few seconds and dropped
 * on any catalogue change (the page cache's purge, on every instance), so rendering a thousand
 * pages reads the footer texts and code names a handful of times, not a thousand. The API keeps
 * reading the database directly. Answers are shared: callers must not change them.
 */
export function cachedReferenceRepository(db: Db, bus: Bus, ttlMs = 10_000): ReferenceRepository {
  const reference = referenceRepository(db);
  const answers = new LRUCache<string, Promise<unknown>>({ max: 2000, ttl: ttlMs });
  bus.subscribe('purge', () => answers.clear());
  const remember = (key: string, read: () => Promise<unknown>) => {
    const kept = answers.get(key);
    if (kept) return kept;
    // A query builder runs again at every await: keep the one promise of its one run.
    const answer = Promise.resolve(read());
    answers.set(key, answer);
    // A failed read is not kept: the next render asks again.
    answer.catch(() => answers.delete(key));
    return answer;
  };
  const cached = { ...reference };
  // Code names are asked for in many combinations (a vehicle's colour, gear, fuel ...): one read
  // of every code answers them all.
  const codeTable = () => remember('codes', () => db.select().from(codes));
  cached.codeNames = async (ids, lang) => {
    const rows = (await codeTable()) as (typeof codes.$inferSelect)[];
    const wanted = new Set(ids);
    return new Map(
      rows
        .filter((row) => wanted.has(row.id))
        .map((row) => [row.id, lang === 'en' ? row.nameEn : row.nameAr]),
    );
  };
  for (const name of KEPT) {
    const read = reference[name] as (...args: unknown[]) => Promise<unknown>;
    (cached as Record<string, unknown>)[name] = (...args: unknown[]) =>
      remember(`${name}:${JSON.stringify(args)}`, () => read(...args));
  }
  return cached;
}
