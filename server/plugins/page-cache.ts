import { LRUCache } from 'lru-cache';
import { preferredEncoding } from '../lib/content-encoding.ts';
import type { Bus } from '../lib/bus.ts';
import { copyOf, encodePage, type CachedPage, type Renderer } from './page-encodings.ts';
import type { PageStore } from './page-store.ts';

export type CacheResult = 'HIT' | 'MISS' | 'STALE';

export class PageUnavailableError extends Error {
  constructor(readonly status: number) {
    super(`page render answered ${status}`);
  }
}

/** A page answered something other than 200 (a 404, a redirect): sent once, never kept. */
class UncacheablePage extends Error {
  constructor(readonly page: CachedPage) {
    super(`page answered ${page.status}`);
  }
}

export interface PageCacheOptions {
  render: Renderer;
  bus: Bus;
  /** Seconds an entry is fresh; after that it is served stale while one re-render runs. */
  revalidateSeconds: number;
  /** Upper bound on the memory the cached pages take (all their encodings). */
  maxBytes?: number;
  /** Where pages outlive the process and reach the other instances (disk or Redis). */
  store?: PageStore;
  /** Told when the store fails; the memory cache keeps serving. */
  onStoreError?: (error: unknown, what: string) => void;
}

/** Bytes an entry takes beyond its bodies (headers, tags, bookkeeping), for the accounting. */
const ENTRY_OVERHEAD = 1024;

/**
 * Incremental revalidation for the catalogue pages (ARCHITECTURE.md "Page cache"): a page is
 * rendered once and served from memory; after its window the stale copy is served at once
 * while one background render refreshes it (concurrent requests share that render); a data
 * change purges the pages tagged with it, on every instance through the bus; when rendering
 * fails (the database is down) the stale copy keeps being served. Behind memory, a store keeps
 * every rendered page with its render time: a miss in memory loads it from there (a restarted
 * process, another instance's render) before it renders.
 */
export class PageCache {
  private readonly cache: LRUCache<string, CachedPage>;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly unsubscribe: () => void;
  private readonly pending = new Set<Promise<unknown>>();
  private storeQueue: Promise<unknown> = Promise.resolve();
  /**
   * Tags purged here whose stored pages may not be removed yet, with the number of such purges
   * under way. Counted, not timed: a stored copy carrying one is old whatever the clocks say.
   */
  private readonly purging = new Map<string, number>();
  /** Keys being fetched (loaded or rendered), with how many fetches of each are under way. */
  private readonly fetching = new Map<string, number>();
  /** Bumped by every purge, so a render that raced with a purge is not kept as fresh. */
  private generation = 0;
  readonly stats = { renders: 0, purged: 0, loaded: 0 };
  readonly maxBytes: number;

  constructor(private readonly options: PageCacheOptions) {
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.cache = new LRUCache<string, CachedPage>({
      maxSize: this.maxBytes,
      sizeCalculation: (page) =>
        page.br.length + (page.gzip?.length ?? 0) + (page.plain?.length ?? 0) + ENTRY_OVERHEAD,
      ttl: options.revalidateSeconds * 1000,
      allowStale: true,
      noDeleteOnStaleGet: true,
      allowStaleOnFetchRejection: true,
      allowStaleOnFetchAbort: true,
      ignoreFetchAbort: true,
      noDeleteOnFetchRejection: true,
      // Stale entries are kept until purged or evicted: they are what we serve when rendering fails.
      ttlAutopurge: false,
      // On a refresh ('set') the new render has tagged the key already; keep those tags.
      dispose: (page, key, reason) => {
        if (reason !== 'set') this.untag(key, page.tags);
      },
      fetchMethod: (key, stale, { options: entryOptions }) =>
        this.fetchEntry(key, stale, entryOptions),
    });
    this.unsubscribe = options.bus.subscribe('purge', ({ tags }) => this.purge(tags));
  }

  private get windowMs() {
    return this.options.revalidateSeconds * 1000;
  }

  /**
   * Runs store writes one after another, in the order they were asked: a purge that follows a
   * save must find the page that save wrote.
   */
  private queue(work: () => Promise<void>, what: string) {
    const next = this.storeQueue
      .then(work)
      .catch((error: unknown) => this.options.onStoreError?.(error, what));
    this.storeQueue = next;
    this.pending.add(next);
    void next.finally(() => this.pending.delete(next));
  }

  private async fetchEntry(
    key: string,
    stale: CachedPage | undefined,
    entryOptions: { ttl?: number },
  ): Promise<CachedPage | undefined> {
    this.fetching.set(key, (this.fetching.get(key) ?? 0) + 1);
    try {
      return await this.loadOrRender(key, stale, entryOptions);
    } finally {
      const left = this.fetching.get(key)! - 1;
      if (left === 0) this.fetching.delete(key);
      else this.fetching.set(key, left);
    }
  }

  private async loadOrRender(
    key: string,
    stale: CachedPage | undefined,
    entryOptions: { ttl?: number },
  ): Promise<CachedPage | undefined> {
    const generation = this.generation;
    const stored = await this.load(key);
    // A copy newer than ours (a restart, another instance's render) is used while it is fresh;
    // with nothing in memory even a stale one is, served once while it is rendered again.
    const purged = generation !== this.generation;
    if (stored && !purged && (!stale || stored.renderedAt > stale.renderedAt)) {
      const remaining = stored.renderedAt + this.windowMs - Date.now();
      if (remaining > 0 || !stale) {
        entryOptions.ttl = Math.max(remaining, 1);
        this.tag(key, stored.tags);
        this.stats.loaded++;
        return stored;
      }
    }
    return this.renderEntry(key);
  }

  private async load(key: string): Promise<CachedPage | null> {
    const store = this.options.store;
    if (!store) return null;
    try {
      const stored = await store.load(key);
      if (!stored) return null;
      // A purge still on its way to the store has already made this copy old.
      if (stored.tags.some((tag) => this.purging.has(tag))) {
        return null;
      }
      return { ...stored, fromStore: true };
    } catch (error) {
      this.options.onStoreError?.(error, 'load');
      return null;
    }
  }

  private renderEntry(key: string): Promise<CachedPage | undefined> {
    // Tracked, so that closing waits for it and for the save that follows it.
    const rendering = this.renderAndKeep(key);
    const settled = rendering.catch(() => {});
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
    return rendering;
  }

  /** Renders a page and compresses it; keeps nothing. */
  private async renderCompressed(key: string): Promise<CachedPage> {
    const renderedAt = Date.now();
    const page = await this.options.render(key);
    if (page.status >= 500) throw new PageUnavailableError(page.status);
    return encodePage(page, renderedAt);
  }

  private async renderAndKeep(key: string): Promise<CachedPage | undefined> {
    const generation = this.generation;
    this.stats.renders++;
    const entry = await this.renderCompressed(key);
    // Only real pages are kept: a 404 for every id a crawler tries would crowd them out.
    if (entry.status !== 200) throw new UncacheablePage(entry);
    // A purge landed while this render ran. The purge took the fetch out of memory, which has
    // released its waiters already (with the stale copy, or with nothing, and they fetch anew);
    // nothing is answered, so the cache does not put this render back when it ends.
    if (generation !== this.generation) return undefined;
    this.tag(key, entry.tags);
    const store = this.options.store;
    if (store) this.queue(() => store.save(key, entry), 'save');
    return entry;
  }

  private tag(key: string, tags: string[]) {
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private untag(key: string, tags: string[]) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  /** The page for a cache key and whether it came from the cache. Throws when it cannot render. */
  async get(key: string): Promise<{ page: CachedPage; result: CacheResult }> {
    let status: LRUCache.Status<string, CachedPage> = {};
    const fetch = async () => {
      // A failed render resolves to the stale copy, or to undefined when there is none; the
      // reason is in the status.
      let page: CachedPage | undefined;
      try {
        page = await this.cache.fetch(key, { status });
      } catch (error) {
        if (error instanceof UncacheablePage) return error.page;
        throw error;
      }
      if (!page && status.fetchError instanceof UncacheablePage) return status.fetchError.page;
      return page;
    };
    let page = await fetch();
    if (!page && status.fetchAborted) {
      // A purge took the entry out of memory while it was fetched: fetch it afresh, and when
      // purges keep landing, answer a render of this request's own, not kept.
      status = {};
      page = await fetch();
      if (!page && status.fetchAborted) page = await this.renderCompressed(key);
    }
    if (!page) throw new PageUnavailableError(503);
    let result: CacheResult = status.returnedStale
      ? 'STALE'
      : status.fetch === 'hit'
        ? 'HIT'
        : 'MISS';
    if (result === 'MISS' && page.fromStore) {
      // Rendered before (by an earlier process or another instance): a hit, unless its window
      // has passed, and then it is refreshed in the background like any stale page.
      result = page.renderedAt + this.windowMs > Date.now() ? 'HIT' : 'STALE';
      if (result === 'STALE') {
        void this.cache.fetch(key, { forceRefresh: true }).catch(() => {});
      }
    }
    return { page, result };
  }

  /**
   * Puts a page in memory ahead of its first request (start-up warm-up): loaded from the store
   * when kept there, rendered otherwise. Answers whether it rendered.
   */
  async warm(key: string): Promise<boolean> {
    if (this.cache.has(key)) return false;
    const renders = this.stats.renders;
    await this.cache.fetch(key);
    return this.stats.renders > renders;
  }

  /**
   * Puts a page in memory from the store only, when a fresh copy is kept there (another
   * process of the cluster rendered it): never renders. Answers whether it loaded one.
   */
  async warmStored(key: string): Promise<boolean> {
    if (this.cache.has(key)) return false;
    const generation = this.generation;
    const stored = await this.load(key);
    // A purge while it loaded made the copy old; a request may have fetched the page meanwhile.
    if (!stored || generation !== this.generation || this.cache.has(key)) return false;
    const remaining = stored.renderedAt + this.windowMs - Date.now();
    if (remaining <= 0) return false;
    this.tag(key, stored.tags);
    this.cache.set(key, stored, { ttl: remaining });
    this.stats.loaded++;
    return true;
  }

  /**
   * The copy for a client, as kept: brotli when it accepts it, else gzip, else plain HTML. The
   * gzip and plain copies are made from the brotli one the first time a client wants them, and
   * from then on kept and counted with the page.
   */
  bodyFor(key: string, page: CachedPage, acceptEncoding: string | undefined) {
    const encoding = preferredEncoding(acceptEncoding);
    if (encoding === 'br') return { body: page.br, encoding };
    const made = encoding === 'gzip' ? page.gzip : page.plain;
    if (made) return { body: made, encoding };
    const body = copyOf(page, encoding);
    if (encoding === 'gzip') page.gzip = body;
    else page.plain = body;
    // Set again so the size accounting sees it; not while stale (a refresh may be under way).
    if (this.cache.getRemainingTTL(key) > 0 && this.cache.peek(key) === page) {
      this.cache.set(key, { ...page }, { noUpdateTTL: true });
    }
    return { body, encoding };
  }

  /** The page when it is in memory and fresh; nothing else (no render, no store). */
  fresh(key: string): CachedPage | undefined {
    return this.cache.get(key, { allowStale: false });
  }

  has(key: string): boolean {
    return this.cache.has(key);
  }

  /** Bytes the kept pages take in memory, all encodings counted. */
  get bytes(): number {
    return this.cache.calculatedSize;
  }

  /** Drops every page carrying one of the tags, here and in the store. */
  purge(tags: string[]) {
    this.generation++;
    for (const tag of tags) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        this.cache.delete(key);
        this.stats.purged++;
      }
    }
    // A page being loaded or rendered now read the data before this change, and its tags are not
    // known yet: a request from now on must not share that fetch, so it starts a new one.
    for (const key of this.fetching.keys()) this.cache.delete(key);
    const store = this.options.store;
    if (!store) return;
    for (const tag of tags) this.purging.set(tag, (this.purging.get(tag) ?? 0) + 1);
    this.queue(async () => {
      await store.purge(tags);
      // Not after a failed purge: the copies it left stay old for this process.
      for (const tag of tags) {
        const left = this.purging.get(tag)! - 1;
        if (left === 0) this.purging.delete(tag);
        else this.purging.set(tag, left);
      }
    }, 'purge');
  }

  /** Waits for the renders, store writes and purges under way. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  get size() {
    return this.cache.size;
  }

  async close() {
    this.unsubscribe();
    await this.flush();
    await this.options.store?.close();
    this.cache.clear();
  }
}
