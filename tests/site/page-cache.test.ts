import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, drivers, type Site } from './harness.ts';

describe.each(drivers)('page cache over HTTP on %s', (driver) => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite(driver);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('serves the pages warmed at start as hits, with shared-cache headers', async () => {
    for (const pathname of ['/', '/en/', '/aboutus', '/en/aboutus', '/sellers']) {
      const response = await site.fetch(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('x-cache'), pathname).toBe('HIT');
      expect(response.headers.get('cache-control')).toMatch(/s-maxage=60/);
      expect(response.headers.get('cache-control')).toMatch(/stale-while-revalidate=\d+/);
      expect(response.headers.get('x-cache-tags')).toBeNull();
    }
  });

  it('serves gzip to browsers and plain HTML to clients without it', async () => {
    const gzip = await site.fetch('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('<html lang="ar" dir="rtl"');
    const plain = await fetch(site.origin + '/', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it("answers a missing page with a real 404 in the visitor's language", async () => {
    const arabic = await site.fetch('/no-such-page');
    expect(arabic.status).toBe(404);
    expect(await arabic.text()).toContain('lang="ar"');
    const english = await site.fetch('/en/no-such-page');
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('lang="en"');
  });

  it('serves robots.txt pointing at the sitemap on the public origin', async () => {
    const robots = await (await site.fetch('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://cars.example.ps/sitemap.xml');
  });
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
