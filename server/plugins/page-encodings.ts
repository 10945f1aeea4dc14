import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
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

/**
 * Brotli quality of a cached page: it is compressed once per render, but a pre-render of a large
 * catalogue makes hundreds of pages a second; 5 is already smaller than gzip's best and costs
 * about what gzip does.
 */
export const CACHED_BROTLI_QUALITY = 5;
/** Pages compressed for each request (the filtered list): the fastest quality that beats gzip. */
const PER_REQUEST_BROTLI_QUALITY = 4;

/**
 * Output room of the compressor: a page's brotli copy (a third of its size or less) fits in one,
 * where zlib's 16 KB took three or more pieces to join.
 */
const BROTLI_CHUNK_BYTES = 128 * 1024;

/**
 * Compresses HTML with brotli, in the calling thread. A page takes 2–4 ms at the cached quality,
 * less than its render holds the same thread for. Handed to libuv's thread pool instead, the same
 * page cost 1.5–2.5 ms more CPU in all (waking a pool thread, and the main thread again when it is
 * done), and the pool adds no core: each of the cluster's workers already has one. Two workers at
 * 100,000 vehicles rendered 117–135 uncached vehicle pages a second with the pool and 142–160
 * without it (14.1–16.2 ms of CPU a page, then 12.1–13.6).
 */
export function brotli(body: Buffer, quality = PER_REQUEST_BROTLI_QUALITY): Buffer {
  const compressed = brotliCompressSync(body, {
    chunkSize: BROTLI_CHUNK_BYTES,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  // Copied out of the room when it fills less than half of it: a kept page holds its own bytes,
  // not the room.
  return compressed.byteLength * 2 < compressed.buffer.byteLength
    ? Buffer.from(compressed)
    : compressed;
}

/** Compresses HTML with gzip (level 6), in the calling thread, as `brotli` does. */
export function gzip(body: Buffer): Buffer {
  return gzipSync(body, { level: 6 });
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

/**
 * A rendered page (status below 500) as the cache keeps it: brotli made once, its tags read from
 * its header, and, for a page that is not kept (not a 200), the plain HTML to send as it is to a
 * client that takes no compression.
 */
export function encodePage(page: RenderedPage, renderedAt: number): CachedPage {
  return {
    status: page.status,
    headers: replayHeaders(page.headers),
    tags: (page.headers[TAGS_HEADER] ?? '').split(/\s+/).filter(Boolean),
    renderedAt,
    br: brotli(page.body, CACHED_BROTLI_QUALITY),
    ...(page.status === 200 ? {} : { plain: page.body }),
  };
}

/**
 * A kept page's gzip copy (`'gzip'`) or plain HTML (`null`), made from what it keeps: the plain
 * HTML when it has it, else its brotli copy inflated.
 */
export function copyOf(page: CachedPage, encoding: 'gzip' | null): Buffer {
  const plain = page.plain ?? brotliDecompressSync(page.br);
  return encoding === 'gzip' ? gzip(plain) : plain;
}
