import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';
import { AnnouncementType } from '../../domain/codes.ts';
import { announce, createSeller, createVehicle, feature } from '../api/fixtures.ts';
import { startSite, type Site } from './harness.ts';

/*
 * Issue 13 ("Targets") in the HTML of the public pages, both languages: the first paint needs no
 * stylesheet request (the page's CSS is inline, at most 15 KB compressed), the two font files
 * are preloaded and are the faces the page declares, the files a page's script imports are
 * preloaded beside it, and the page's one high-priority picture is never lazy while the pictures
 * past the first row are, and those seen at once beside it (thumbnails, a peeking card, the
 * seller's picture) wait behind it at low priority.
 */

const styles = (html: string) =>
  [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1]).join('');

const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((match) => match[0]);

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

describe('public pages: CSS, fonts and the largest picture', () => {
  let site: Site;
  let pages: string[];

  beforeAll(async () => {
    site = await startSite('pglite');
    const { db } = site.database;
    const seller = await createSeller(db, { name: 'Weight Motors' });
    const vehicle = await createVehicle(db, site.bus, { ownerId: seller.id });
    for (let n = 0; n < 4; n++) await createVehicle(db, site.bus, { ownerId: seller.id });
    pages = ['', '/en'].flatMap((prefix) => [
      `${prefix}/`,
      `${prefix}/vehicles`,
      `${prefix}/vehicle/${vehicle.slug}`,
      `${prefix}/sellers`,
      `${prefix}/gallary/${seller.slug}`,
    ]);
  });

  afterAll(() => site?.close());

  it('need no stylesheet request to paint, with at most 15 KB of compressed CSS', async () => {
    for (const page of pages) {
      const html = await (await site.fetch(page)).text();
      const sheets = tags(html, 'link').filter((tag) => attribute(tag, 'rel') === 'stylesheet');
      expect(sheets, page).toEqual([]);
      const css = styles(html);
      // The inline CSS is the whole design (colours, layout), not only the font faces.
      expect(css, page).toContain('--color-brand-700');
      expect(gzipSync(css).length, page).toBeLessThanOrEqual(15 * 1024);
    }
  });

  it('preload exactly the two font files their faces use', async () => {
    for (const page of pages) {
      const html = await (await site.fetch(page)).text();
      const preloads = tags(html, 'link')
        .filter((tag) => attribute(tag, 'rel') === 'preload' && attribute(tag, 'as') === 'font')
        .map((tag) => attribute(tag, 'href'));
      expect(preloads, page).toHaveLength(2);
      const faces = [...styles(html).matchAll(/src:url\(([^)]+\.woff2)\)/g)].map((m) => m[1]);
      expect(new Set(faces), page).toEqual(new Set(preloads));
      for (const href of preloads) {
        const response = await site.fetch(href!);
        expect(response.status, href).toBe(200);
      }
    }
  });

  it('give one picture high priority, never lazy, and load the pictures past the first row lazily', async () => {
    for (const page of pages.filter((path) => /vehicle|gallary/.test(path))) {
      const html = await (await site.fetch(page)).text();
      const images = tags(html, 'img');
      const priority = images.filter((tag) => attribute(tag, 'fetchpriority') === 'high');
      expect(priority.length, page).toBe(1);
      expect(attribute(priority[0], 'loading'), page).not.toBe('lazy');
      expect(attribute(priority[0], 'width'), page).toBeTruthy();
      expect(attribute(priority[0], 'height'), page).toBeTruthy();
      // The rest of the first row may load at once; photos past it wait until scrolled to.
      const later = images
        .slice(images.indexOf(priority[0]) + 1)
        .filter((tag) => attribute(tag, 'srcset'));
      expect(later.length, page).toBeGreaterThan(2);
      // A grid of cards is one column on a phone: every card below the first waits.
      const grid = /\/(vehicles|gallary\/)/.test(page);
      for (const tag of grid ? later : later.slice(2)) {
        expect(attribute(tag, 'loading'), `${page} ${tag}`).toBe('lazy');
      }
    }
  });

  it('fetch the pictures a visitor sees at once besides the largest behind it, at low priority', async () => {
    for (const page of pages) {
      const html = await (await site.fetch(page)).text();
      const atOnce = tags(html, 'img').filter(
        (tag) => attribute(tag, 'loading') !== 'lazy' && attribute(tag, 'fetchpriority') !== 'high',
      );
      for (const tag of atOnce) {
        expect(attribute(tag, 'fetchpriority'), `${page} ${tag}`).toBe('low');
      }
      // A vehicle's thumbnails sit under its first photo, in the first screen of a phone.
      if (page.includes('/vehicle/')) expect(atOnce.length, page).toBeGreaterThan(2);
    }
  });

  it('preload in their head the files their module scripts import, which the browser would find only after each script', async () => {
    await init;
    // Static imports, and theirs.
    const importsOf = (url: string): string[] => {
      const source = readFileSync(path.join(projectRoot, 'dist', 'client', url), 'utf8');
      const direct = parse(source)[0]
        .filter((entry) => entry.d === -1)
        .map((entry) => path.posix.join(path.posix.dirname(url), entry.n!));
      return [...direct, ...direct.flatMap(importsOf)];
    };
    let preloaded = 0;
    for (const page of pages) {
      const html = await (await site.fetch(page)).text();
      const [head] = html.split('</head>');
      const scripts = tags(html, 'script')
        .filter((tag) => attribute(tag, 'type') === 'module')
        .map((tag) => attribute(tag, 'src'))
        .filter((src) => src !== undefined);
      const links = tags(head!, 'link')
        .filter((tag) => attribute(tag, 'rel') === 'modulepreload')
        .map((tag) => attribute(tag, 'href'));
      const imported = [...new Set(scripts.flatMap(importsOf))];
      expect(links.sort(), page).toEqual(imported.sort());
      preloaded += links.length;
    }
    // The public pages' script imports the shared modules' file: the check above is not empty.
    expect(preloaded).toBeGreaterThan(0);
  });
});

describe("the home page's one high-priority picture", () => {
  let site: Site;
  afterAll(() => site?.close());

  const pictures = async (page: string) => {
    const html = await (await site.fetch(page)).text();
    const images = tags(html, 'img');
    const banner = images.find((tag) => attribute(tag, 'src')?.includes('/uploads/ad/'));
    const high = images.filter((tag) => attribute(tag, 'fetchpriority') === 'high');
    return { banner, high };
  };

  it('is the banner while no vehicle is featured, then the first featured vehicle, with the banner at once behind it', async () => {
    site = await startSite('pglite');
    const { db } = site.database;
    const seller = await createSeller(db, { name: 'Banner Motors' });
    const vehicle = await createVehicle(db, site.bus, { ownerId: seller.id });
    await announce(db, seller.id, AnnouncementType.main);

    // A query string takes the home page past the cache, which its warm-up may have filled.
    const alone = await pictures('/?banner');
    expect(alone.high).toEqual([alone.banner]);
    expect(attribute(alone.banner!, 'loading')).toBe('eager');

    // Featured now.
    await feature(db, seller.id, vehicle.id);
    const both = await pictures('/en/?featured');
    expect(both.high).toHaveLength(1);
    expect(both.high[0]).toContain(vehicle.image.replace(/\.\w+$/, ''));
    expect(attribute(both.banner!, 'loading')).toBe('eager');
    expect(attribute(both.banner!, 'fetchpriority')).toBe('low');
    expect(both.banner).not.toBe(both.high[0]);
  });
});
