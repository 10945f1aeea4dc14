import { gunzipSync, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Bus } from '../lib/bus.ts';
import { TAGS_HEADER } from '../../domain/page-tags.ts';
import { idFromSlug } from '../../domain/slug.ts';

/** A rendered page as the cache keeps it: gzip once, served to most clients as is. */
export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  gzip: Buffer;
  /** Uncompressed size, for the cache's size accounting. */
  size: number;
  tags: string[];
}

export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Renders a path the way a browser would receive it (the site's SSR handler, in memory). */
export type Renderer = (path: string) => Promise<RenderedPage>;

/** A rendered page's headers fit to send again: no tags, and no framing of the first send. */
export function replayHeaders(headers: Record<string, string>): Record<string, string> {
  const kept = { ...headers };
  for (const name of [TAGS_HEADER, 'content-length', 'content-encoding', 'transfer-encoding']) {
    delete kept[name];
  }
  return kept;
}

export type CacheResult = 'HIT' | 'MISS' | 'STALE';

/** Pages send their cache tags in this header; the cache keeps them and never forwards it. */

const ALLOWED_QUERY: Record<string, string[]> = {
  sellers: ['name', 'stateId', 'cityId', 'page'],
  gallary: ['page'],
};

/**
 * The cache key of a catalogue path, or null when the path is not cached. Keys are canonical,
 * so `/vehicle/12` and `/vehicle/12-any-words` share one entry and a query string the page
 * does not read cannot multiply entries.
 */
export function cacheKey(url: string): string | null {
  const parsed = new URL(url, 'http://site.invalid');
  const segments = parsed.pathname.split('/').filter(Boolean);
  const lang = segments[0] === 'en' ? 'en' : 'ar';
  if (lang === 'en') segments.shift();
  const [section, slug, ...rest] = segments;
  if (rest.length > 0) return null;
  const query = (names: string[]) => {
    const kept = new URLSearchParams();
    for (const name of names) {
      const value = parsed.searchParams.get(name)?.trim();
      if (value && !(name === 'page' && value === '1')) kept.set(name, value);
    }
    const text = kept.toString();
    return text ? `?${text}` : '';
  };
  const prefix = lang === 'en' ? '/en' : '';
  if (section === undefined) return parsed.search ? null : `${prefix}/`;
  if (section === 'aboutus' && !slug) return parsed.search ? null : `${prefix}/aboutus`;
  if (section === 'sellers' && !slug) return `${prefix}/sellers${query(ALLOWED_QUERY.sellers!)}`;
  // An event's slug is its key (events are looked up by slug, not by an id prefix).
  if (section === 'event' && slug) {
    if (parsed.search) return null;
    try {
      return `${prefix}/event/${encodeURIComponent(decodeURIComponent(slug))}`;
    } catch {
      return null; // a malformed escape: rendered once (a 404), never kept
    }
  }
  if ((section === 'vehicle' || section === 'gallary') && slug) {
    const id = idFromSlug(decodeURIComponent(slug));
    if (id === null) return null;
    if (section === 'vehicle') return parsed.search ? null : `${prefix}/vehicle/${id}`;
    return `${prefix}/gallary/${id}${query(ALLOWED_QUERY.gallary!)}`;
  }
  return null;
}

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
  /** Upper bound on the memory the cached pages take (gzip bytes). */
  maxBytes?: number;
}

/**
 * Incremental revalidation for the catalogue pages (ARCHITECTURE.md "Page cache"): a page is
 * rendered once and served from memory; after its window the stale copy is served at once
 * while one background render refreshes it (concurrent requests share that render); a data
 * change purges the pages tagged with it, on every instance through the bus; when rendering
 * fails (the database is down) the stale copy keeps being served.
 */
export class PageCache {
  private readonly cache: LRUCache<string, CachedPage>;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly unsubscribe: () => void;
  /** Bumped by every purge, so a render that raced with a purge is not kept as fresh. */
  private generation = 0;
  readonly stats = { renders: 0, purged: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.cache = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes ?? 256 * 1024 * 1024,
      sizeCalculation: (page) => page.gzip.length + 512,
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
      fetchMethod: (key) => this.renderEntry(key),
    });
    this.unsubscribe = options.bus.subscribe('purge', ({ tags }) => this.purge(tags));
  }

  private async renderEntry(key: string): Promise<CachedPage> {
    const generation = this.generation;
    this.stats.renders++;
    const page = await this.options.render(key);
    if (page.status >= 500) throw new PageUnavailableError(page.status);
    const tags = (page.headers[TAGS_HEADER] ?? '').split(/\s+/).filter(Boolean);
    const entry: CachedPage = {
      status: page.status,
      headers: replayHeaders(page.headers),
      gzip: gzipSync(page.body, { level: 6 }),
      size: page.body.length,
      tags,
    };
    // Only real pages are kept: a 404 for every id a crawler tries would crowd them out.
    if (page.status !== 200) throw new UncacheablePage(entry);
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    if (generation !== this.generation) {
      // A purge landed while this render ran: serve it once, but render again next time.
      queueMicrotask(() => this.cache.delete(key));
    }
    return entry;
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
    if (!page) {
      // A purge removed the entry while it rendered: render it afresh.
      status = {};
      page = await fetch();
    }
    if (!page) throw new PageUnavailableError(503);
    const result: CacheResult = status.returnedStale
      ? 'STALE'
      : status.fetch === 'hit'
        ? 'HIT'
        : 'MISS';
    return { page, result };
  }

  /** Renders and stores a page ahead of its first request (start-up warm-up). */
  async warm(key: string): Promise<void> {
    await this.cache.fetch(key, { forceRefresh: true });
  }

  has(key: string): boolean {
    return this.cache.has(key);
  }

  /** Drops every page carrying one of the tags; the next request renders it afresh. */
  purge(tags: string[]) {
    this.generation++;
    for (const tag of tags) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) {
        this.cache.delete(key);
        this.stats.purged++;
      }
    }
  }

  get size() {
    return this.cache.size;
  }

  close() {
    this.unsubscribe();
    this.cache.clear();
  }
}

/** The body for a client: gzip as stored when accepted, otherwise inflated. */
export function bodyFor(page: CachedPage, acceptEncoding: string | undefined) {
  const gzip = /\bgzip\b/.test(acceptEncoding ?? '');
  return gzip
    ? { body: page.gzip, encoding: 'gzip' as const }
    : { body: gunzipSync(page.gzip), encoding: null };
}
