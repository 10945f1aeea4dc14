import { count, desc, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { visits } from '../db/schema.ts';
import type { SiteServices } from '../site-services.ts';
import type { TrafficLink } from '../lib/cluster-traffic.ts';
import type { WorkerShare } from '../lib/worker-slot.ts';
import { cacheKey } from './page-cache-key.ts';
import type { PageCache } from './page-cache.ts';

/** The pages every visitor opens first; /api/ready waits for them. */
export const HOME_KEYS = ['/', '/en/'];

/**
 * How long after the last answer the server counts as quiet: longer than the gap between a
 * visitor's requests, whichever worker answers them.
 */
const QUIET_MS = 200;

/**
 * Requests being answered, so the warm-up gives way to visitors: it renders only while no
 * request is in flight and none was answered in the last moment, or one page at a time after
 * waiting a while under steady traffic.
 */
export class Traffic {
  private inFlight = 0;
  /** When the last answer went out: through the hooks, the cached fast path or another worker. */
  private lastAnswer = -Infinity;
  /** When the other workers were last told of this one's answers. */
  private lastTold = -Infinity;
  private waiters: (() => void)[] = [];
  /** When a render last went ahead of steady traffic (see `turn`). */
  private lastPushed = performance.now();
  private readonly counted = new WeakSet<FastifyRequest>();

  /** `link` tells the other workers of a cluster of this one's visitors, and this one of theirs. */
  constructor(private readonly link?: TrafficLink) {
    link?.listen(() => {
      this.lastAnswer = performance.now();
    });
  }

  attach(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      this.counted.add(request);
      this.inFlight++;
    });
    const leave = async (request: FastifyRequest) => {
      // An aborted request may end through both hooks; it counts once.
      if (!this.counted.delete(request)) return;
      this.answered();
      if (--this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
    };
    app.addHook('onResponse', leave);
    app.addHook('onRequestAbort', leave);
  }

  /** Notes an answer sent (one that skipped the hooks, too). */
  answered() {
    const now = performance.now();
    this.lastAnswer = now;
    if (this.link && now - this.lastTold >= QUIET_MS / 2) {
      this.lastTold = now;
      this.link.tell();
    }
  }

  /**
   * Resolves once no request is in flight and no answer went out in the last QUIET_MS (true), or
   * after `maxMs` at most (false).
   */
  async idle(maxMs: number): Promise<boolean> {
    const deadline = performance.now() + maxMs;
    for (;;) {
      const now = performance.now();
      const quiet = this.lastAnswer + QUIET_MS - now;
      if (this.inFlight === 0 && quiet <= 0) return true;
      if (now >= deadline) return false;
      if (this.inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, deadline - now);
          this.waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(quiet, deadline - now)));
    }
  }

  /**
   * Resolves when the warm-up may render its next page: once the server is quiet, or under steady
   * traffic once every `everyMs` for all its callers together, so that a visitor meets at most
   * one warm-up render, not one per worker of the warm-up.
   */
  async turn(everyMs: number): Promise<void> {
    for (;;) {
      if (await this.idle(this.lastPushed + everyMs - performance.now())) return;
      const now = performance.now();
      if (now >= this.lastPushed + everyMs) {
        this.lastPushed = now;
        return;
      }
    }
  }
}

/** Visits per vehicle and per seller, the most visited first (the order of the warm-up). */
async function visitCounts(db: Db, limit: number) {
  const per = (column: typeof visits.vehicleId | typeof visits.sellerId) =>
    db
      .select({ id: column, visits: count() })
      .from(visits)
      .where(isNotNull(column))
      .groupBy(column)
      .orderBy(desc(count()))
      .limit(limit);
  const [vehicles, sellers] = await Promise.all([per(visits.vehicleId), per(visits.sellerId)]);
  const map = (rows: { id: number | null; visits: number }[]) =>
    new Map(rows.map((row) => [row.id!, row.visits]));
  return { vehicles: map(vehicles), sellers: map(sellers) };
}

/**
 * The cache keys the warm-up fills the memory with, in order: the home pages, the other fixed
 * pages and events, then vehicle pages and galleries by their number of visits, most visited
 * first, equally visited ones in the catalogue's order (vehicles, then galleries, by id); of
 * these no more than `limit`, each in both languages. Ranked as ids, and paths made only for
 * the pages kept: a catalogue of 100,000 vehicles costs the warm-up a small record per vehicle,
 * not a path and a key per page in two languages.
 */
export async function warmupOrder(db: Db, services: SiteServices, limit: number) {
  const [vehicleIds, sellers, events, counts] = await Promise.all([
    services.vehicles.publicIds(),
    services.sellers.publicSlugs(),
    services.events.upcoming('ar'),
    visitCounts(db, limit),
  ]);
  const fixed = [
    '/',
    '/aboutus',
    '/sellers',
    ...events.map((event) => `/event/${encodeURIComponent(event.slug)}`),
  ];
  const ranked = [
    ...vehicleIds.map((id) => ({ section: 'vehicle', id, visits: counts.vehicles.get(id) ?? 0 })),
    ...sellers.map(({ id }) => ({ section: 'gallary', id, visits: counts.sellers.get(id) ?? 0 })),
  ]
    // A stable sort: equally visited pages keep the catalogue's order.
    .sort((a, b) => b.visits - a.visits)
    .slice(0, limit)
    .map((page) => `/${page.section}/${page.id}`);
  const keys = [...fixed, ...ranked]
    .flatMap((pagePath) => [pagePath, pagePath === '/' ? '/en/' : `/en${pagePath}`])
    .map((pagePath) => cacheKey(pagePath))
    .filter((key) => key !== null);
  return [...new Set(keys)];
}

export interface WarmupOptions {
  cache: PageCache;
  db: Db;
  services: SiteServices;
  traffic: Traffic;
  log: FastifyBaseLogger;
  /** Renders at a time: the embedded database runs one query at a time, so 1 there. */
  concurrency: number;
  /**
   * This process's part of the pages (the processes rank the same pages, and each renders its
   * share of them); all of them when omitted (a single process).
   */
  share?: WorkerShare;
  /** Called once the home pages are in the cache. */
  onHomeWarm: () => void;
  /** True once the server is closing: the warm-up stops after the renders under way. */
  stopped: () => boolean;
}

/** A page's rough size in memory, for how many pages the budget holds. */
const PAGE_BYTES = 30_000;

/**
 * Fills the memory cache in the background after the server listens: pages kept on disk or in
 * Redis are loaded, the rest rendered, a few at a time and only between visitors' requests, and
 * never more than the cache holds. In a cluster each process renders its share of the pages the
 * cluster's memory holds, then loads from the shared store the ones the others rendered while
 * its own memory has room: the processes rank the same pages, and without shares each would
 * render every page at about the same moment. Answers how many pages it put in memory.
 */
export async function warmUp(options: WarmupOptions): Promise<number> {
  const { cache, log } = options;
  const share = options.share ?? { index: 0, count: 1 };
  const started = Date.now();
  let warmed = 0;
  let rendered = 0;
  const put = async (key: string) => {
    try {
      if (await cache.warm(key)) rendered++;
      warmed++;
    } catch (error) {
      log.warn({ err: error, key }, 'warm-up render failed');
    }
  };
  const load = async (key: string) => {
    try {
      if (await cache.warmStored(key)) warmed++;
    } catch (error) {
      log.warn({ err: error, key }, 'warm-up load failed');
    }
  };
  try {
    await Promise.all(HOME_KEYS.map(put));
  } finally {
    options.onHomeWarm();
  }
  // Enough visit counts for every page the memory of all the processes can hold.
  const keys = await warmupOrder(
    options.db,
    options.services,
    Math.ceil((cache.maxBytes * share.count) / PAGE_BYTES),
  );
  const mine = keys.filter((_, position) => position % share.count === share.index);
  const others = keys.filter((_, position) => position % share.count !== share.index);
  let full = false;
  const fill = async (list: string[], action: (key: string) => Promise<void>) => {
    let next = 0;
    const worker = async () => {
      while (next < list.length && !full && !options.stopped()) {
        const key = list[next++]!;
        if (cache.has(key)) continue;
        // Under steady traffic a page still goes in about once a second, one at a time.
        await options.traffic.turn(1000);
        if (options.stopped()) return;
        await action(key);
        // Stop before the next page would push the first ones out of memory.
        const average = cache.bytes / Math.max(cache.size, 1);
        full = cache.bytes + 2 * average > cache.maxBytes;
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  };
  await fill(mine, put);
  // The other processes' pages, once they had time to render them: those not in the store yet
  // are left to the first request.
  await fill(others, load);
  log.info(
    `page cache warm: ${warmed} pages in memory (${rendered} rendered, ${warmed - rendered} loaded) of ${keys.length}${share.count > 1 ? ` (share ${share.index + 1} of ${share.count}: ${mine.length} pages)` : ''} in ${Date.now() - started} ms${full ? ', memory budget reached' : ''}`,
  );
  return warmed;
}
