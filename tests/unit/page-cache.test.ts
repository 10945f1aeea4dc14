import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createBus, type Bus } from '../../server/lib/bus.ts';
import { preferredEncoding } from '../../server/lib/content-encoding.ts';
import { PageCache } from '../../server/plugins/page-cache.ts';
import type { RenderedPage } from '../../server/plugins/page-encodings.ts';
import { cacheKey } from '../../server/plugins/page-cache-key.ts';
import { DiskPageStore } from '../../server/plugins/page-store.ts';

/** A kept page's HTML, from its brotli copy. */
const html = (page: { br: Buffer }) => brotliDecompressSync(page.br).toString();

describe('cacheKey', () => {
  it.each([
    ['/', '/'],
    ['/en/', '/en/'],
    ['/en', '/en/'],
    ['/aboutus', '/aboutus'],
    ['/en/aboutus', '/en/aboutus'],
    ['/vehicle/12', '/vehicle/12'],
    ['/vehicle/12-toyota-corolla-2018', '/vehicle/12'],
    ['/en/vehicle/12-any-words', '/en/vehicle/12'],
    ['/gallary/7-ahmad-motors', '/gallary/7'],
    ['/gallary/7?page=2&utm_source=x', '/gallary/7?page=2'],
    ['/gallary/7?page=1', '/gallary/7'],
    [
      '/sellers?name=%D8%A3%D8%AD%D9%85%D8%AF&page=2&x=1',
      '/sellers?name=%D8%A3%D8%AD%D9%85%D8%AF&page=2',
    ],
    ['/sellers?cityId=4&stateId=2&utm=1', '/sellers?stateId=2&cityId=4'],
  ])('caches %s as %s', (url, key) => {
    expect(cacheKey(url)).toBe(key);
  });

  it.each([
    '/vehicles',
    '/vehicles?vehicleBrandId=3',
    '/login',
    '/vehicle/abc',
    '/vehicle/12/x',
    '/?x=1',
    '/profile',
  ])('does not cache %s', (url) => {
    expect(cacheKey(url)).toBeNull();
  });
});

describe('PageCache', () => {
  let bus: Bus;
  let cache: PageCache;
  afterEach(async () => {
    cache?.close();
    await bus?.close();
  });

  /** A renderer whose answer and availability the test controls, counting its calls. */
  function fakeSite() {
    const site = {
      calls: 0,
      version: 1,
      down: false,
      delayMs: 0,
      tags: 'vehicle:1 seller:2 home',
      async render(path: string): Promise<RenderedPage> {
        site.calls++;
        // The data as it is when the render starts, like a render's queries.
        const { version, down, tags } = site;
        if (site.delayMs) await new Promise((resolve) => setTimeout(resolve, site.delayMs));
        if (down) return { status: 500, headers: {}, body: Buffer.from('boom') };
        return {
          status: 200,
          headers: { 'content-type': 'text/html', 'x-cache-tags': tags },
          body: Buffer.from(`<p>${path} v${version}</p>`),
        };
      },
    };
    return site;
  }

  const text = html;

  it('answers MISS, then HIT from memory', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 60 });
    const first = await cache.get('/vehicle/1');
    expect(first.result).toBe('MISS');
    expect(text(first.page)).toBe('<p>/vehicle/1 v1</p>');
    const second = await cache.get('/vehicle/1');
    expect(second.result).toBe('HIT');
    expect(site.calls).toBe(1);
    expect(second.page.headers['x-cache-tags']).toBeUndefined();
  });

  it('serves the stale copy after the window while one render refreshes it', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 1 });
    await cache.get('/vehicle/1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    site.version = 2;
    site.delayMs = 50;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('/vehicle/1')));
    expect(answers.every((answer) => answer.result === 'STALE')).toBe(true);
    expect(answers.every((answer) => text(answer.page) === '<p>/vehicle/1 v1</p>')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(site.calls).toBe(2);
    const fresh = await cache.get('/vehicle/1');
    expect(fresh.result).toBe('HIT');
    expect(text(fresh.page)).toBe('<p>/vehicle/1 v2</p>');
  });

  it('renders a missing page once for many concurrent requests', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    site.delayMs = 30;
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 60 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get('/gallary/2')));
    expect(site.calls).toBe(1);
    expect(answers.every((answer) => answer.result === 'MISS')).toBe(true);
  });

  it('purges exactly the pages tagged with a published change', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 60 });
    await cache.get('/vehicle/1');
    site.tags = 'vehicle:9';
    await cache.get('/vehicle/9');
    site.version = 2;
    await bus.publish('purge', { tags: ['vehicle:1'] });
    const purged = await cache.get('/vehicle/1');
    expect(purged.result).toBe('MISS');
    expect(text(purged.page)).toContain('v2');
    expect((await cache.get('/vehicle/9')).result).toBe('HIT');
  });

  it('keeps serving the stale copy while rendering fails, and recovers', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 1 });
    await cache.get('/');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    site.down = true;
    const during = await cache.get('/');
    expect(during.result).toBe('STALE');
    expect(text(during.page)).toContain('v1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await cache.get('/')).result).toBe('STALE');
    await expect(cache.get('/vehicle/5')).rejects.toThrow();
    site.down = false;
    site.version = 3;
    await cache.get('/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await cache.get('/');
    expect(after.result).toBe('HIT');
    expect(text(after.page)).toContain('v3');
    expect((await cache.get('/vehicle/5')).result).toBe('MISS');
  });

  it('does not keep a render that raced with a purge as fresh', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    site.delayMs = 40;
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 60 });
    const pending = cache.get('/vehicle/1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    site.version = 2;
    await bus.publish('purge', { tags: ['vehicle:1'] });
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const next = await cache.get('/vehicle/1');
    expect(text(next.page)).toContain('v2');
  });

  it('does not give a request made after a purge the render that was under way before it', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    site.delayMs = 40;
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 60 });
    // A first render: its tags are not known until it ends, so no tag finds it.
    const before = cache.get('/sellers');
    await new Promise((resolve) => setTimeout(resolve, 10));
    site.version = 2;
    await bus.publish('purge', { tags: ['sellers'] });
    const after = await cache.get('/sellers');
    expect(text(after.page)).toContain('v2');
    // The request that came first waits for the new render too; the old one is not kept.
    expect(text((await before).page)).toContain('v2');
    expect(site.calls).toBe(2);
    const kept = await cache.get('/sellers');
    expect(kept.result).toBe('HIT');
    expect(text(kept.page)).toContain('v2');
  });

  it('does not keep a warm-up render or a refresh that a purge overtook', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    site.tags = 'sellers';
    site.delayMs = 40;
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 1 });
    await cache.get('/sellers');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // A refresh of the stale page and a warm-up render of a new one, nobody else waiting on them.
    site.version = 2;
    expect((await cache.get('/sellers')).result).toBe('STALE');
    const warming = cache.warm('/sellers?page=2');
    await new Promise((resolve) => setTimeout(resolve, 10));
    site.version = 3;
    await bus.publish('purge', { tags: ['sellers'] });
    await warming;
    await new Promise((resolve) => setTimeout(resolve, 60));
    site.delayMs = 0;
    for (const key of ['/sellers', '/sellers?page=2']) {
      const next = await cache.get(key);
      expect(text(next.page), key).toContain('v3');
    }
  });

  it('answers a page while purges keep landing during its renders', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    site.delayMs = 20;
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 60 });
    const storm = setInterval(() => void bus.publish('purge', { tags: ['elsewhere'] }), 5);
    try {
      const answer = await cache.get('/vehicle/1');
      expect(answer.result).toBe('MISS');
      expect(text(answer.page)).toBe('<p>/vehicle/1 v1</p>');
      expect(site.calls).toBe(3);
    } finally {
      clearInterval(storm);
    }
  });

  it('keeps a brotli copy, makes the gzip and plain copies once, and sends each as it is', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 60 });
    const { page } = await cache.get('/');
    // A render compresses once: the brotli copy is all that is kept at first.
    expect(page.gzip).toBeUndefined();
    expect(page.plain).toBeUndefined();
    const rendered = cache.bytes;
    const brotli = cache.bodyFor('/', page, 'gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe('<p>/ v1</p>');
    expect(cache.bytes).toBe(rendered);
    // The gzip and plain copies, made the first time a client wants each, are kept and counted.
    const gzip = cache.bodyFor('/', page, 'gzip, deflate');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe('<p>/ v1</p>');
    expect(cache.bytes).toBe(rendered + gzip.body.length);
    const plain = cache.bodyFor('/', (await cache.get('/')).page, undefined);
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toBe('<p>/ v1</p>');
    expect(cache.bytes).toBe(rendered + gzip.body.length + plain.body.length);
    // The very buffers kept with the page: nothing is compressed or inflated per request.
    const again = (await cache.get('/')).page;
    expect(cache.bodyFor('/', again, 'br').body).toBe(brotli.body);
    expect(cache.bodyFor('/', again, 'gzip').body).toBe(gzip.body);
    expect(cache.bodyFor('/', again, '').body).toBe(plain.body);
    expect(cache.bytes).toBeGreaterThan(brotli.body.length + gzip.body.length + plain.body.length);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['identity', null],
    [undefined, null],
  ])('chooses the encoding for %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('PageCache with pages kept on disk', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const folder = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'page-store-'));
    dirs.push(dir);
    return dir;
  };
  const renderer = (version: { n: number; calls: number }) => async (key: string) => {
    version.calls++;
    return {
      status: 200,
      headers: { 'content-type': 'text/html', 'x-cache-tags': `vehicle:${key.length} frame` },
      body: Buffer.from(`<p>${key} v${version.n}</p>`.repeat(50)),
    };
  };

  it('serves a page rendered before a restart as a hit, without rendering it again', async () => {
    const dir = folder();
    const bus = await createBus(null);
    const site = { n: 1, calls: 0 };
    const first = new PageCache({
      render: renderer(site),
      bus,
      revalidateSeconds: 60,
      store: new DiskPageStore(dir),
    });
    expect((await first.get('/vehicle/1')).result).toBe('MISS');
    await first.close();
    const second = new PageCache({
      render: renderer(site),
      bus,
      revalidateSeconds: 60,
      store: new DiskPageStore(dir),
    });
    const after = await second.get('/vehicle/1');
    expect(after.result).toBe('HIT');
    expect(html(after.page)).toContain('/vehicle/1 v1');
    expect(brotliDecompressSync(after.page.br).toString()).toBe(html(after.page));
    expect(site.calls).toBe(1);
    expect((await second.get('/vehicle/1')).result).toBe('HIT');
    await second.close();
    await bus.close();
  });

  it('keeps the freshness window across a restart: an old page is stale, then refreshed', async () => {
    const dir = folder();
    const bus = await createBus(null);
    const site = { n: 1, calls: 0 };
    const options = { render: renderer(site), bus, revalidateSeconds: 1 };
    const first = new PageCache({ ...options, store: new DiskPageStore(dir) });
    await first.get('/');
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    site.n = 2;
    const second = new PageCache({ ...options, store: new DiskPageStore(dir) });
    const stale = await second.get('/');
    expect(stale.result).toBe('STALE');
    expect(html(stale.page)).toContain('v1');
    // The refresh runs in the background; wait for its page.
    const deadline = Date.now() + 5000;
    let fresh = await second.get('/');
    while (!html(fresh.page).includes('v2') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      fresh = await second.get('/');
    }
    expect(site.calls).toBe(2);
    expect(fresh.result).toBe('HIT');
    expect(html(fresh.page)).toContain('v2');
    await second.close();
    await bus.close();
  });

  it('purges the stored copy too, even one this process never loaded', async () => {
    const dir = folder();
    const bus = await createBus(null);
    const site = { n: 1, calls: 0 };
    const first = new PageCache({
      render: renderer(site),
      bus,
      revalidateSeconds: 60,
      store: new DiskPageStore(dir),
    });
    await first.get('/vehicle/1');
    await first.get('/aboutus');
    await first.close();
    const pages = () => readdirSync(dir).filter((name) => name.endsWith('.json')).length;
    expect(pages()).toBe(2);
    const second = new PageCache({
      render: renderer(site),
      bus,
      revalidateSeconds: 60,
      store: new DiskPageStore(dir),
    });
    // '/vehicle/1' is tagged vehicle:10 (its key's length).
    await bus.publish('purge', { tags: ['vehicle:10'] });
    await second.flush();
    expect(pages()).toBe(1);
    expect((await second.get('/vehicle/1')).result).toBe('MISS');
    expect((await second.get('/aboutus')).result).toBe('HIT');
    await bus.publish('purge', { tags: ['frame'] });
    await second.flush();
    expect(pages()).toBe(0);
    await second.close();
    await bus.close();
  });
});

describe('PageCache with a slow store', () => {
  it('does not load a stored copy whose purge is still on its way, whatever its render time says', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'page-store-'));
    const bus = await createBus(null);
    const disk = new DiskPageStore(dir);
    // Rendered "later" than the purge, as after a step of the machine's clock.
    await disk.save('/vehicle/1', {
      status: 200,
      headers: { 'content-type': 'text/html' },
      tags: ['vehicle:1'],
      renderedAt: Date.now() + 60_000,
      br: brotliCompressSync('<p>v1</p>'),
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const store = {
      load: (key: string) => disk.load(key),
      save: (key: string, page: Parameters<DiskPageStore['save']>[1]) => disk.save(key, page),
      purge: async (tags: string[]) => {
        await held;
        await disk.purge(tags);
      },
      close: () => disk.close(),
    };
    const cache = new PageCache({
      render: async () => ({
        status: 200,
        headers: { 'content-type': 'text/html', 'x-cache-tags': 'vehicle:1' },
        body: Buffer.from('<p>v2</p>'),
      }),
      bus,
      revalidateSeconds: 60,
      store,
    });
    await bus.publish('purge', { tags: ['vehicle:1'] });
    const during = await cache.get('/vehicle/1');
    expect(during.result).toBe('MISS');
    expect(html(during.page)).toBe('<p>v2</p>');
    release();
    await cache.close();
    await bus.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('PageCache and pages that are not found', () => {
  it('sends a 404 page every time without keeping it', async () => {
    const bus = await createBus(null);
    let calls = 0;
    const cache = new PageCache({
      bus,
      revalidateSeconds: 60,
      render: async () => {
        calls++;
        return {
          status: 404,
          headers: { 'content-type': 'text/html' },
          body: Buffer.from('<p>not found</p>'),
        };
      },
    });
    const first = await cache.get('/vehicle/404');
    expect(first.page.status).toBe(404);
    expect(first.result).toBe('MISS');
    expect((await cache.get('/vehicle/404')).result).toBe('MISS');
    expect(calls).toBe(2);
    expect(cache.has('/vehicle/404')).toBe(false);
    cache.close();
    await bus.close();
  });
});
