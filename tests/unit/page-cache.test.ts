import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createBus, type Bus } from '../../server/lib/bus.ts';
import {
  bodyFor,
  cacheKey,
  PageCache,
  type RenderedPage,
} from '../../server/plugins/page-cache.ts';

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
        if (site.delayMs) await new Promise((resolve) => setTimeout(resolve, site.delayMs));
        if (site.down) return { status: 500, headers: {}, body: Buffer.from('boom') };
        return {
          status: 200,
          headers: { 'content-type': 'text/html', 'x-cache-tags': site.tags },
          body: Buffer.from(`<p>${path} v${site.version}</p>`),
        };
      },
    };
    return site;
  }

  const text = (page: { gzip: Buffer }) => gunzipSync(page.gzip).toString();

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

  it('gives gzip to clients that accept it and plain HTML to others', async () => {
    bus = await createBus(null);
    const site = fakeSite();
    cache = new PageCache({ render: site.render, bus, revalidateSeconds: 60 });
    const { page } = await cache.get('/');
    expect(bodyFor(page, 'gzip, deflate, br').encoding).toBe('gzip');
    const plain = bodyFor(page, undefined);
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toBe('<p>/ v1</p>');
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
