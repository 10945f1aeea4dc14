import { createHash } from 'node:crypto';
import {
  appendFile,
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Redis } from 'ioredis';

/**
 * A rendered page as it is kept behind the memory cache: its two compressed copies (the plain
 * HTML is inflated once when it is loaded back), what to send with it, its tags and when it was
 * rendered, so its freshness window survives a restart.
 */
export interface StoredPage {
  status: number;
  headers: Record<string, string>;
  tags: string[];
  /** Epoch milliseconds of the render. */
  renderedAt: number;
  /** The page's one stored copy; a gzip or plain copy is made from it when a client asks. */
  br: Buffer;
}

/** Where pages outlive the process: files under DATA_DIR, or Redis shared by every instance. */
export interface PageStore {
  load(key: string): Promise<StoredPage | null>;
  save(key: string, page: StoredPage): Promise<void>;
  /** Removes every stored page carrying one of the tags. */
  purge(tags: string[]): Promise<void>;
  close(): Promise<void>;
}

interface Meta {
  key: string;
  status: number;
  headers: Record<string, string>;
  tags: string[];
  renderedAt: number;
  brBytes: number;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** What is kept beside a page's copy (the same on disk and in Redis). */
function metaOf(key: string, page: StoredPage): Meta {
  return {
    key,
    status: page.status,
    headers: page.headers,
    tags: page.tags,
    renderedAt: page.renderedAt,
    brBytes: page.br.length,
  };
}

/** A page's files; `gz`, a gzip copy, is found only beside pages stored by earlier versions. */
const PAGE_FILES = ['json', 'br', 'gz'];

/**
 * One page as two files, `<hash>.br` and `<hash>.json`, each written to a temporary name and
 * renamed, the description last: a reader sees a whole page or none, and the size it names
 * catches a copy replaced between two reads. Each tag has a file listing the pages that carry it
 * (appended, one line a page), so a purge finds pages this process never loaded, and several
 * processes sharing the folder append to it safely.
 *
 * The folder holds at most `maxBytes` (PAGE_STORE_MB): past it, the pages rendered longest ago
 * go until it holds four fifths of that, and their next request renders them again.
 */
export class DiskPageStore implements PageStore {
  private readonly tagsDir: string;
  private ready: Promise<unknown>;
  private sequence = 0;
  /** Tag and page pairs this process has listed already, so a re-render appends nothing. */
  private readonly listed = new Set<string>();
  /** The folder's pages in bytes as last measured plus what was saved since; null until measured. */
  private bytes: number | null = null;
  private evicting: Promise<void> | null = null;

  constructor(
    private readonly dir: string,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    this.tagsDir = path.join(dir, 'tags');
    this.ready = mkdir(this.tagsDir, { recursive: true });
  }

  private file(name: string, extension: string) {
    return path.join(this.dir, `${name}.${extension}`);
  }

  private async writeAtomically(file: string, data: Buffer | string) {
    const temporary = `${file}.${process.pid}.${this.sequence++}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  }

  async load(key: string): Promise<StoredPage | null> {
    const name = hash(key);
    try {
      const meta = JSON.parse(await readFile(this.file(name, 'json'), 'utf8')) as Meta;
      if (meta.key !== key) return null;
      const br = await readFile(this.file(name, 'br'));
      if (br.length !== meta.brBytes) return null;
      return { ...meta, br };
    } catch (error) {
      if (missing(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  async save(key: string, page: StoredPage): Promise<void> {
    await this.ready;
    const name = hash(key);
    await this.writeAtomically(this.file(name, 'br'), page.br);
    const meta = JSON.stringify(metaOf(key, page));
    await this.writeAtomically(this.file(name, 'json'), meta);
    for (const tag of page.tags) {
      const pair = `${tag}\n${name}`;
      if (this.listed.has(pair)) continue;
      this.listed.add(pair);
      await appendFile(path.join(this.tagsDir, hash(tag)), `${name}\n`);
    }
    // A replaced page is counted twice until the next measure, which errs towards evicting.
    if (this.bytes !== null) this.bytes += page.br.length + meta.length;
    if (this.bytes === null || this.bytes > this.maxBytes) await this.evict();
  }

  /**
   * Measures the folder and, above the budget, removes the pages rendered longest ago (by their
   * description's write time) until it holds four fifths of it. One pass at a time; saves that
   * arrive meanwhile wait for it.
   */
  evict(): Promise<void> {
    if (this.maxBytes === Number.POSITIVE_INFINITY) return Promise.resolve();
    this.evicting ??= this.measureAndEvict().finally(() => (this.evicting = null));
    return this.evicting;
  }

  private async measureAndEvict() {
    const names = (await readdir(this.dir)).filter((entry) => entry.endsWith('.json'));
    const pages = (
      await Promise.all(
        names.map(async (entry) => {
          const name = entry.slice(0, -'.json'.length);
          const [meta, ...copies] = await Promise.all(
            PAGE_FILES.map((extension) => stat(this.file(name, extension)).catch(() => null)),
          );
          if (!meta) return null;
          const bytes = [meta, ...copies].reduce((sum, file) => sum + (file?.size ?? 0), 0);
          return { name, written: meta.mtimeMs, bytes };
        }),
      )
    ).filter((page) => page !== null);
    let total = pages.reduce((sum, page) => sum + page.bytes, 0);
    if (total > this.maxBytes) {
      pages.sort((a, b) => a.written - b.written);
      for (const page of pages) {
        if (total <= this.maxBytes * 0.8) break;
        await this.remove(page.name);
        total -= page.bytes;
      }
    }
    this.bytes = total;
  }

  /** Removes a page's files, the description first: from then on it is gone for every reader. */
  private async remove(name: string) {
    for (const extension of PAGE_FILES) {
      await unlink(this.file(name, extension)).catch(() => {});
    }
  }

  async purge(tags: string[]): Promise<void> {
    await this.ready;
    for (const tag of tags) {
      const list = path.join(this.tagsDir, hash(tag));
      // Claimed by a rename first: pages saved from now on start a new list.
      const claimed = `${list}.${process.pid}.${this.sequence++}.purging`;
      try {
        await rename(list, claimed);
      } catch (error) {
        if (missing(error)) continue;
        throw error;
      }
      const names = new Set((await readFile(claimed, 'utf8')).split('\n').filter(Boolean));
      for (const name of names) await this.remove(name);
      await unlink(claimed).catch(() => {});
      for (const pair of [...this.listed])
        if (pair.startsWith(`${tag}\n`)) this.listed.delete(pair);
    }
  }

  async close(): Promise<void> {}
}

/** Stored pages expire from Redis after this long unvisited by a render (they are refreshed). */
const REDIS_PAGE_SECONDS = 7 * 24 * 3600;

/**
 * Pages in Redis, shared by every instance on the same database: a hash per page (description,
 * brotli) and a set per tag naming its pages. `namespace` keeps installations (and test
 * databases) that share one Redis apart.
 */
export class RedisPageStore implements PageStore {
  private constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  static async connect(url: string, namespace: string): Promise<RedisPageStore> {
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    // Connection errors are retried by ioredis; the memory cache keeps serving meanwhile.
    redis.on('error', () => {});
    await redis.connect();
    return new RedisPageStore(redis, `pages:${hash(namespace).slice(0, 16)}`);
  }

  private pageKey(key: string) {
    return `${this.namespace}:page:${key}`;
  }

  private tagKey(tag: string) {
    return `${this.namespace}:tag:${tag}`;
  }

  async load(key: string): Promise<StoredPage | null> {
    const fields = await this.redis.hgetallBuffer(this.pageKey(key));
    if (!fields.meta || !fields.br) return null;
    const meta = JSON.parse(fields.meta.toString('utf8')) as Meta;
    return { ...meta, br: fields.br };
  }

  async save(key: string, page: StoredPage): Promise<void> {
    const meta = metaOf(key, page);
    const pageKey = this.pageKey(key);
    // Replaced whole: a page stored by an earlier version also held a gzip copy.
    const batch = this.redis
      .multi()
      .del(pageKey)
      .hset(pageKey, { meta: JSON.stringify(meta), br: page.br })
      .expire(pageKey, REDIS_PAGE_SECONDS);
    for (const tag of page.tags) batch.sadd(this.tagKey(tag), key);
    await batch.exec();
  }

  async purge(tags: string[]): Promise<void> {
    for (const tag of tags) {
      const tagKey = this.tagKey(tag);
      // Read and dropped together, so a page saved meanwhile lands in a new set.
      const [[, keys]] = (await this.redis.multi().smembers(tagKey).del(tagKey).exec()) as [
        [Error | null, string[]],
      ];
      for (let start = 0; start < keys.length; start += 500) {
        const batch = keys.slice(start, start + 500).map((key) => this.pageKey(key));
        await this.redis.del(...batch);
      }
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
