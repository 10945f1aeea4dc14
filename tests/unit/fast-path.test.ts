import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cacheKey } from '../../server/plugins/page-cache-key.ts';
import {
  REMEMBERED_URL_CHARS,
  REMEMBERED_URLS,
  requestKeys,
  variantOf,
} from '../../server/plugins/fast-path.ts';

const request = (headers: Record<string, string>, encrypted = false) =>
  ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe("the cached fast path's memory of requests", () => {
  it('answers the cache key of each request line, as the page cache computes it', () => {
    const keyOf = requestKeys();
    for (const url of ['/', '/en/', '/vehicle/12-kia-rio', '/sellers?page=1', '/vehicles?x=1']) {
      expect(keyOf(url)).toBe(cacheKey(url));
      expect(keyOf(url)).toBe(cacheKey(url));
    }
    expect(keyOf.size).toBe(5);
  });

  it('keeps no long request line, however many arrive', () => {
    const keyOf = requestKeys();
    const long = (n: number) => `/vehicle/${n}-${'a'.repeat(REMEMBERED_URL_CHARS)}`;
    for (let n = 1; n <= 50; n++) expect(keyOf(long(n))).toBe(`/vehicle/${n}`);
    expect(keyOf.size).toBe(0);
    keyOf('/vehicle/7-short');
    expect(keyOf.size).toBe(1);
  });

  it('never holds more than its number of lines', () => {
    const keyOf = requestKeys();
    for (let n = 1; n <= REMEMBERED_URLS + 10; n++) keyOf(`/vehicle/${n}`);
    expect(keyOf.size).toBeLessThanOrEqual(REMEMBERED_URLS);
    expect(keyOf.size).toBeGreaterThan(0);
  });

  it('tells requests apart by encoding and connection only, and refuses a proto no proxy sends', () => {
    const variants = new Set<string | null>();
    for (const encoding of ['br', 'gzip, deflate', 'identity', '']) {
      for (const proto of [undefined, 'http', 'https']) {
        for (const encrypted of [false, true]) {
          const headers: Record<string, string> = { 'accept-encoding': encoding };
          if (proto) headers['x-forwarded-proto'] = proto;
          variants.add(variantOf(request(headers, encrypted)));
        }
      }
    }
    // Three encodings (brotli, gzip, none) × three protos × two kinds of socket.
    expect(variants.size).toBe(18);
    expect(variants.has(null)).toBe(false);
    for (const proto of ['https, http', 'HTTPS ', 'x'.repeat(4000), 'ftp']) {
      expect(variantOf(request({ 'x-forwarded-proto': proto }))).toBeNull();
    }
  });
});
