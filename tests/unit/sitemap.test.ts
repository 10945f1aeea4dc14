import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/lib/content-encoding.ts';
import seo, { type SeoServices } from '../../server/plugins/seo.ts';

/*
 * The sitemap of a large catalogue: an index of files, each file one slice of the pages (fixed
 * pages, vehicles by id, sellers), read slice by slice and sent compressed.
 */
const vehicleCount = 23;
const sellerCount = 4;
const reads: { offset: number; limit: number }[] = [];
const services: SeoServices = {
  siteUrl: 'https://cars.example.ps',
  vehicles: {
    publicCount: async () => vehicleCount,
    publicSlugs: (async (range?: { offset: number; limit: number }) => {
      const all = Array.from({ length: vehicleCount }, (_, i) => ({
        id: i + 1,
        slug: `${i + 1}-car`,
        ownerId: 1,
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      }));
      if (!range) return all;
      reads.push(range);
      return all.slice(range.offset, range.offset + range.limit);
    }) as SeoServices['vehicles']['publicSlugs'],
  },
  sellers: {
    publicSlugs: async () =>
      Array.from({ length: sellerCount }, (_, i) => ({
        id: i + 1,
        slug: `seller-${i + 1}`,
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      })),
  },
};

const app = Fastify();
beforeAll(async () => {
  await app.register(seo, { services, pagesPerFile: 10 });
  await app.ready();
});
afterAll(() => app.close());

const locs = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

describe('sitemap at scale', () => {
  it('answers an index of files when the pages do not fit in one', async () => {
    const response = await app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    // 4 fixed + 23 vehicles + 4 sellers = 31 pages: 4 files of 10.
    const files = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(files).toEqual([1, 2, 3, 4].map((n) => `https://cars.example.ps/sitemap-${n}.xml`));
  });

  it('lists every page exactly once across the files, in both languages, reading only slices', async () => {
    reads.length = 0;
    const all: string[] = [];
    for (const part of [1, 2, 3, 4]) {
      const response = await app.inject(`/sitemap-${part}.xml`);
      expect(response.statusCode).toBe(200);
      all.push(...locs(response.body));
    }
    expect(all).toHaveLength(31 * 2);
    expect(new Set(all).size).toBe(62);
    expect(all).toContain('https://cars.example.ps/en/vehicle/23-car');
    expect(all).toContain('https://cars.example.ps/gallary/seller-4');
    expect(reads).toEqual([
      { offset: 0, limit: 6 },
      { offset: 6, limit: 10 },
      { offset: 16, limit: 7 },
    ]);
    expect((await app.inject('/sitemap-5.xml')).statusCode).toBe(404);
  });

  it('sends brotli or gzip as the client accepts, plain otherwise', async () => {
    const plain = (await app.inject('/sitemap-2.xml')).body;
    const br = await app.inject({
      url: '/sitemap-2.xml',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await app.inject({
      url: '/sitemap-2.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
