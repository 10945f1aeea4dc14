import { expect, test, type Page } from '@playwright/test';
import { ON_PHONE, PHONE, prefix } from './support/vehicles.ts';

/*
 * Pictures below the first screen are held until the page has loaded and its first paint is on
 * the screen (components/Picture.astro), so that on a slow network they take no bandwidth from
 * the first screen's photo and fonts; then they load lazily as before, and without JavaScript
 * they load as they always did.
 */

const HELD = 'source[data-held-picture]';

/** The list's cards' photos, by their place on the page. */
const cardPhoto = (page: Page, index: number) => page.locator('[data-vehicle-card] img').nth(index);

/** Whether the photo shows one of its own files (not the held pixel) and has drawn it. */
const shows = (page: Page, index: number) =>
  cardPhoto(page, index).evaluate(
    (image: HTMLImageElement) =>
      image.complete && image.naturalWidth > 1 && image.currentSrc.includes('/uploads/'),
  );

for (const lang of ['ar', 'en'] as const) {
  test.describe(`held pictures on a phone (${lang})`, () => {
    test.use(ON_PHONE);

    test('no held picture is fetched before the first paint; then the near ones load, the far ones when scrolled to', async ({
      page,
    }) => {
      await page.goto(`${prefix(lang)}/vehicles`);
      const cards = await page.locator('[data-vehicle-card] img').count();
      expect(cards).toBeGreaterThan(4);
      // The first card is the page's largest paint, fetched at once; the held ones are those in a
      // <picture> (whose held <source> is gone by the time the page has loaded).
      await expect(cardPhoto(page, 0)).toHaveAttribute('fetchpriority', 'high');
      const held = await page
        .locator('[data-vehicle-card] picture img')
        .evaluateAll((images: HTMLImageElement[]) =>
          images.map((image) => image.getAttribute('src')!.replace(/-\d+\.webp$/, '')),
        );
      expect(held.length).toBeGreaterThan(2);

      await expect(page.locator(HELD)).toHaveCount(0);
      // The third card is within a screen of the view: it loads without a scroll.
      await expect.poll(() => shows(page, 2)).toBe(true);
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        fetches: performance
          .getEntriesByType('resource')
          .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      const heldFetches = timing.fetches.filter(({ url }) =>
        held.some((photo) => url.startsWith(`${photo}-`)),
      );
      expect(heldFetches.length).toBeGreaterThan(0);
      for (const fetch of heldFetches)
        expect(fetch.start).toBeGreaterThanOrEqual(timing.firstPaint);

      // The last card is screens away: it waits until the visitor scrolls near it.
      const last = cards - 1;
      expect(await shows(page, last)).toBe(false);
      await cardPhoto(page, last).scrollIntoViewIfNeeded();
      await expect.poll(() => shows(page, last)).toBe(true);
    });

    test('without JavaScript every picture loads as a lazy picture', async ({ browser }) => {
      const context = await browser.newContext({ ...ON_PHONE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${prefix(lang)}/vehicles`);
      await expect(page.locator(HELD).first()).toBeAttached();
      await expect.poll(() => shows(page, 2)).toBe(true);
      const last = (await page.locator('[data-vehicle-card] img').count()) - 1;
      await cardPhoto(page, last).scrollIntoViewIfNeeded();
      await expect.poll(() => shows(page, last)).toBe(true);
      await context.close();
    });
  });
}

test.describe('the first photo on a phone', () => {
  // A phone's screen is as wide as its viewport. A mobile browser sizes a preload by its screen
  // until the page's viewport tag applies; these tests' default device has a desktop's screen,
  // which no phone has.
  test.use({ ...ON_PHONE, screen: PHONE });

  for (const path of ['/', '/en/', '/vehicles', '/en/vehicles']) {
    test(`${path}: preloaded from the head and fetched once, as the file its picture shows`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveCount(1);
      const first = page.locator('img[fetchpriority="high"]');
      await expect(first).toHaveCount(1);
      await expect
        .poll(() =>
          first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 1),
        )
        .toBe(true);
      // A preload that chose another of the photo's files would be a second fetch of it.
      const { shown, fetched } = await first.evaluate((image: HTMLImageElement) => {
        const shown = new URL(image.currentSrc).pathname;
        const photo = shown.replace(/-\d+\.webp$/, '-');
        return {
          shown,
          fetched: performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((url) => url.startsWith(photo)),
        };
      });
      expect(fetched).toEqual([shown]);
    });
  }
});
