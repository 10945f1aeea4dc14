import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { TAGS_HEADER } from '../../domain/page-tags.ts';
import type { StoredPage } from './page-store.ts';

/* What a rendered page becomes to be sent again: its encodings, made once, and its headers. */

/**
 * A rendered page as the cache keeps it: its brotli copy made once, at the render, and sent as
 * it is to the browsers (all of them ask for brotli). The gzip copy (crawlers, older clients)
 * and the plain HTML (clients that take no compression) are made the first time a client asks
 * for them, then kept with the page (and counted) like the brotli copy: a render compresses
 * once, and a page takes half the memory and disk it took with a gzip copy made up front.
 */
export interface CachedPage extends StoredPage {
  gzip?: Buffer;
  plain?: Buffer;
  /** Loaded from the store rather than rendered by this process. */
  fromStore?: boolean;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality of a cached page: it is compressed once per render, but a pre-render of a large
 * catalogue makes hundreds of pages a second; 5 is already smaller than gzip's best and costs
 * about what gzip does.
 */
export const CACHED_BROTLI_QUALITY = 5;
/** Pages compressed for each request (the filtered list): the fastest quality that beats gzip. */
const PER_REQUEST_BROTLI_QUALITY = 4;

/**
 * Output room of one step of the compressor: a page's brotli copy (a third of its size or less)
 * comes back from the thread pool in one step, where zlib's 16 KB took three or more, each a
 * wake-up of the main thread and a new task for the pool.
 */
const BROTLI_CHUNK_BYTES = 128 * 1024;

/** Compresses HTML with brotli (off the main thread, in the zlib thread pool). */
export async function brotli(body: Buffer, quality = PER_REQUEST_BROTLI_QUALITY) {
  const compressed = await brotliAsync(body, {
    chunkSize: BROTLI_CHUNK_BYTES,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  // Copied out of the step's room when it fills less than half of it: a kept page holds its
  // own bytes, not the room.
  return compressed.byteLength * 2 < compressed.buffer.byteLength
    ? Buffer.from(compressed)
    : compressed;
}

export { gzipAsync };

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

/**
 * A rendered page (status below 500) as the cache keeps it: brotli made once, its tags read from
 * its header, and, for a page that is not kept (not a 200), the plain HTML to send as it is to a
 * client that takes no compression.
 */
export async function encodePage(page: RenderedPage, renderedAt: number): Promise<CachedPage> {
  return {
    status: page.status,
    headers: replayHeaders(page.headers),
    tags: (page.headers[TAGS_HEADER] ?? '').split(/\s+/).filter(Boolean),
    renderedAt,
    br: await brotli(page.body, CACHED_BROTLI_QUALITY),
    ...(page.status === 200 ? {} : { plain: page.body }),
  };
}

/**
 * A kept page's gzip copy (`'gzip'`) or plain HTML (`null`), made from what it keeps: the plain
 * HTML when it has it, else its brotli copy inflated.
 */
export function copyOf(page: CachedPage, encoding: 'gzip' | null): Buffer {
  const plain = page.plain ?? brotliDecompressSync(page.br);
  return encoding === 'gzip' ? gzipSync(plain, { level: 6 }) : plain;
}
