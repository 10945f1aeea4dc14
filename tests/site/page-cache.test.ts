import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpGet, type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Status } from '../../domain/codes.ts';
import { PageTag } from '../../domain/page-tags.ts';
import { loadConfig } from '../../server/config.ts';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import { interfaceItems } from '../../server/db/schema.ts';
import { siteBuildId } from '../../server/lib/site-build.ts';
import { DiskPageStore } from '../../server/plugins/page-store.ts';
import { createServer } from '../../server/server.ts';
import { createSeller, createVehicle } from '../api/fixtures.ts';
import { startSite, drivers, type Site } from './harness.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One GET as the bytes arrive: fetch() would decompress the body and hide the encoding. */
function rawGet(origin: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = httpGet(origin + pathname, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

const clientAssets = path.resolve('dist', 'client', '_astro');

describe.each(drivers)('page cache over HTTP on %s', (driver) => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite(driver);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('serves the pages warmed at start as hits, with shared-cache headers', async () => {
    // The warm-up runs in the background once the server listens.
    expect(await site.app.warmPageCache()).toBeGreaterThanOrEqual(5);
    for (const pathname of ['/', '/en/', '/aboutus', '/en/aboutus', '/sellers']) {
      const response = await site.fetch(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('x-cache'), pathname).toBe('HIT');
      expect(response.headers.get('cache-control')).toMatch(/s-maxage=60/);
      expect(response.headers.get('cache-control')).toMatch(/stale-while-revalidate=\d+/);
      expect(response.headers.get('x-cache-tags')).toBeNull();
    }
  });

  it('serves brotli or gzip to browsers and plain HTML to clients without either', async () => {
    for (const pathname of ['/', '/vehicles']) {
      const brotli = await rawGet(site.origin, pathname, { 'accept-encoding': 'gzip, br' });
      expect(brotli.headers['content-encoding'], pathname).toBe('br');
      expect(brotli.headers['vary'], pathname).toBe('Accept-Encoding');
      const html = brotliDecompressSync(brotli.body).toString();
      expect(html).toContain('<html lang="ar" dir="rtl"');
      const gzip = await rawGet(site.origin, pathname, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], pathname).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toContain('<html lang="ar" dir="rtl"');
      const plain = await rawGet(site.origin, pathname);
      expect(plain.headers['content-encoding'], pathname).toBeUndefined();
      expect(plain.body.toString()).toContain('<html lang="ar" dir="rtl"');
      if (pathname === '/') {
        // The cached page: the same bytes for each encoding every time.
        expect(plain.body.toString()).toBe(html);
        const again = await rawGet(site.origin, pathname, { 'accept-encoding': 'br' });
        expect(again.headers['x-cache']).toBe('HIT');
        expect(again.body.equals(brotli.body)).toBe(true);
      }
    }
  });

  it("sends the build's hashed files precompressed, kept for a year", async () => {
    // The largest script: the build writes .br and .gz copies of text files of 1 KB or more.
    const name = readdirSync(clientAssets)
      .filter((file) => file.endsWith('.js'))
      .sort(
        (a, b) =>
          readFileSync(path.join(clientAssets, b)).length -
          readFileSync(path.join(clientAssets, a)).length,
      )[0]!;
    const original = readFileSync(path.join(clientAssets, name));
    const url = `/_astro/${name}`;
    const brotli = await rawGet(site.origin, url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await rawGet(site.origin, url, { 'accept-encoding': 'gzip' });
    const plain = await rawGet(site.origin, url);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['vary']).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(original)).toBe(true);
    expect(brotli.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    // The copies are no addresses of their own.
    expect((await rawGet(site.origin, `${url}.br`)).status).toBe(404);
    // Files outside /_astro keep a short lifetime: their names do not change with their content.
    expect((await rawGet(site.origin, '/favicon.svg')).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it('answers later hits with the same headers and bytes as the first hit, per kind of request', async () => {
    await site.fetch('/aboutus');
    const headers = (answer: Awaited<ReturnType<typeof rawGet>>) => {
      const {
        date: _date,
        connection: _connection,
        'keep-alive': _alive,
        ...rest
      } = answer.headers;
      return rest;
    };
    const kinds: Record<string, string>[] = [
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
      {},
      { 'accept-encoding': 'br', 'x-forwarded-proto': 'https' },
      // A value no proxy sends is answered by the framework every time, the same way.
      { 'accept-encoding': 'br', 'x-forwarded-proto': 'https, http' },
    ];
    for (const request of kinds) {
      const first = await rawGet(site.origin, '/aboutus', request);
      expect(first.headers['x-cache']).toBe('HIT');
      for (let i = 0; i < 3; i++) {
        const later = await rawGet(site.origin, '/aboutus', request);
        expect(headers(later)).toEqual(headers(first));
        expect(later.body.equals(first.body)).toBe(true);
      }
    }
    // A change is seen at once: the purged page is rendered again.
    await site.bus.publish('purge', { tags: ['about'] });
    expect((await rawGet(site.origin, '/aboutus')).headers['x-cache']).toBe('MISS');
  });

  it("answers a missing page with a real 404 in the visitor's language", async () => {
    const arabic = await site.fetch('/no-such-page');
    expect(arabic.status).toBe(404);
    expect(await arabic.text()).toContain('lang="ar"');
    const english = await site.fetch('/en/no-such-page');
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('lang="en"');
  });

  it('reflects a vehicle change on its page, its gallery, the list and home at the next request', async () => {
    const { db } = site.database;
    const seller = await createSeller(db, { name: 'Cache Motors' });
    const vehicle = await createVehicle(db, site.bus, { ownerId: seller.id, price: 41_000 });
    const vehiclePage = `/vehicle/${vehicle.slug}`;
    const gallery = `/gallary/${seller.slug}`;

    // Added after start: rendered on its first request, then served from the cache.
    const first = await site.fetch(vehiclePage);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(await first.text()).toContain('41,000');
    expect((await site.fetch(vehiclePage)).headers.get('x-cache')).toBe('HIT');
    expect((await site.fetch(`/vehicle/${vehicle.id}`)).headers.get('x-cache')).toBe('HIT');
    await site.fetch(gallery);
    expect((await site.fetch(gallery)).headers.get('x-cache')).toBe('HIT');

    await vehicleRepository(db, site.bus).update(vehicle.id, { price: 39_500 });
    const changed = await site.fetch(vehiclePage);
    expect(changed.headers.get('x-cache')).toBe('MISS');
    const html = await changed.text();
    expect(html).toContain('39,500');
    expect(html).not.toContain('41,000');
    expect(await (await site.fetch(gallery)).text()).toContain('39,500');
    const list = await (await site.fetch(`/vehicles?ownerId=${seller.id}`)).text();
    expect(list).toContain('39,500');

    await vehicleRepository(db, site.bus).setStatus(vehicle.id, Status.failed);
    expect((await site.fetch(vehiclePage)).status).toBe(404);
    expect(await (await site.fetch(gallery)).text()).not.toContain('39,500');
  });

  it("shows the admin's new footer text on every cached page after the frame's purge", async () => {
    const { db } = site.database;
    const about = eq(interfaceItems.code, 'footer_about');
    const [item] = await db.select().from(interfaceItems).where(about);
    for (const pathname of ['/', '/sellers', '/sellers']) await site.fetch(pathname);
    expect(await (await site.fetch('/sellers')).text()).toContain(item!.bodyAr.trim().slice(3, 30));
    try {
      await db.update(interfaceItems).set({ bodyAr: '<p>نص الموقع الجديد</p>' }).where(about);
      await site.bus.publish('purge', { tags: [PageTag.frame] });
      for (const pathname of ['/', '/sellers', '/vehicles']) {
        const html = await (await site.fetch(pathname)).text();
        expect(html, pathname).toContain('نص الموقع الجديد');
        expect(html, pathname).not.toContain(item!.bodyAr.trim().slice(3, 30));
      }
    } finally {
      await db.update(interfaceItems).set({ bodyAr: item!.bodyAr }).where(about);
      await site.bus.publish('purge', { tags: [PageTag.frame] });
    }
  });

  it('re-renders a stale page once for many concurrent requests', async () => {
    const stale = await startSite(driver, { revalidateSeconds: 3 });
    try {
      await stale.fetch('/');
      await pause(3100);
      const before = stale.app.pageCache.stats.renders;
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 25 }, () => stale.fetch('/')));
      expect(Date.now() - started).toBeLessThan(2500);
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const results = answers.map((answer) => answer.headers.get('x-cache'));
      // Every answer comes from the cache at once: the stale copy, or the refreshed one.
      expect(results).not.toContain('MISS');
      expect(results).toContain('STALE');
      await pause(300);
      expect(stale.app.pageCache.stats.renders - before).toBe(1);
      expect((await stale.fetch('/')).headers.get('x-cache')).toBe('HIT');
    } finally {
      await stale.close();
    }
  });

  it('serves robots.txt pointing at the sitemap on the public origin', async () => {
    const robots = await (await site.fetch('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://cars.example.ps/sitemap.xml');
  });
});

describe('pages kept on disk across a restart', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // The embedded database in DATA_DIR, as `npm start` runs it by default.
  const start = () =>
    createServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PAGE_WARMUP: 'false' }), {
      seedDemo: false,
    });
  const get = async (app: Awaited<ReturnType<typeof start>>['app'], url: string) =>
    app.inject({ url, headers: { 'accept-encoding': 'br' } });

  it('answers HIT after a restart for a page cached before, and a purge removes the copy', async () => {
    // Pages another build kept, and those of versions that kept them in page-cache itself.
    const otherBuild = path.join(dataDir, 'page-cache', '0123456789abcdef');
    mkdirSync(otherBuild, { recursive: true });
    writeFileSync(path.join(otherBuild, 'stale.json'), '{}');
    writeFileSync(path.join(dataDir, 'page-cache', 'stale.br'), '');

    const first = await start();
    const before = await get(first.app, '/aboutus');
    expect(before.headers['x-cache']).toBe('MISS');
    await first.app.close();

    const second = await start();
    try {
      const after = await get(second.app, '/aboutus');
      expect(after.statusCode).toBe(200);
      expect(after.headers['x-cache']).toBe('HIT');
      expect(after.headers['content-encoding']).toBe('br');
      expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
      expect(second.app.pageCache.stats.renders).toBe(0);

      const build = siteBuildId(path.resolve('dist'));
      await expect.poll(() => readdirSync(path.join(dataDir, 'page-cache'))).toEqual([build]);
      const stored = new DiskPageStore(path.join(dataDir, 'page-cache', build));
      expect(await stored.load('/aboutus')).not.toBeNull();
      await second.bus.publish('purge', { tags: ['about'] });
      await second.app.pageCache.flush();
      expect(await stored.load('/aboutus')).toBeNull();
      expect((await get(second.app, '/aboutus')).headers['x-cache']).toBe('MISS');
    } finally {
      await second.app.close();
    }
  }, 120_000);
});

describe('pages kept by another build', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-rebuild-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are not served after the site is built again', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PAGE_WARMUP: 'false' });
    const first = await createServer(config, { seedDemo: false });
    await first.app.inject({ url: '/aboutus' });
    await first.app.close();
    // What the build before this one kept: the same page, under that build's folder.
    const build = siteBuildId(path.resolve('dist'));
    const root = path.join(dataDir, 'page-cache');
    renameSync(path.join(root, build), path.join(root, 'fedcba9876543210'));

    const second = await createServer(config, { seedDemo: false });
    try {
      const page = await second.app.inject({ url: '/aboutus' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-cache']).toBe('MISS');
      await expect.poll(() => readdirSync(root)).toEqual([build]);
    } finally {
      await second.app.close();
    }
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('with the database stopped', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite('postgres', { relay: true, revalidateSeconds: 1 });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('keeps serving cached pages, answers 503 for the rest, and recovers by itself', async () => {
    await site.app.warmPageCache();
    expect((await site.fetch('/')).headers.get('x-cache')).toBe('HIT');
    site.relay!.stop();
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const cached = await site.fetch('/');
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache')).toBe('STALE');
    expect(await cached.text()).toContain('<html lang="ar"');

    const uncached = await site.fetch('/sellers?name=nobody');
    expect(uncached.status).toBe(503);
    expect(await uncached.text()).toContain('الخدمة غير متاحة مؤقتاً');
    expect(uncached.headers.get('cache-control')).toBe('private, no-store');
    expect(uncached.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);

    const api = await site.fetch('/api/Category/GetStates');
    expect(api.status).toBe(503);
    expect((await api.json()).success).toBe(false);

    site.relay!.start();
    const deadline = Date.now() + 15_000;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      const response = await site.fetch('/sellers?name=nobody');
      recovered = response.status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(true);
    expect((await site.fetch('/api/Category/GetStates')).status).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'two instances sharing Redis',
  () => {
    it("purges a changed vehicle's page on the other instance too", async () => {
      // No warm-up: every page in the second instance comes from a request.
      const env = { REDIS_URL: process.env.REDIS_URL!, PAGE_WARMUP: 'false' };
      const first = await startSite('postgres', { env });
      const second = await startSite('postgres', { env, databaseUrl: first.databaseUrl! });
      try {
        const seller = await createSeller(first.database.db, { name: 'Two Instances' });
        const vehicle = await createVehicle(first.database.db, first.bus, {
          ownerId: seller.id,
          price: 77_000,
        });
        const page = `/vehicle/${vehicle.slug}`;
        // One instance's render serves the other.
        expect((await first.fetch(page)).headers.get('x-cache')).toBe('MISS');
        await first.app.pageCache.flush();
        expect((await second.fetch(page)).headers.get('x-cache')).toBe('HIT');
        expect(second.app.pageCache.stats.renders).toBe(0);
        expect((await second.fetch(page)).headers.get('x-cache')).toBe('HIT');
        await vehicleRepository(first.database.db, first.bus).update(vehicle.id, { price: 66_000 });
        await pause(200);
        const after = await second.fetch(page);
        expect(after.headers.get('x-cache')).toBe('MISS');
        expect(await after.text()).toContain('66,000');
      } finally {
        await second.close();
        await first.close();
      }
    });
  },
);
