import { expect, test } from '@playwright/test';
import { IMAGE_WIDTHS } from '../../domain/images.ts';
import { ON_PHONE, prefix, vehicleWithPhotos } from './support/vehicles.ts';

/*
 * The vehicle page's photo strip on a phone, in Arabic and English: only the first photo is
 * fetched ahead of the page's fonts, the far ones wait until the strip comes near them, and the
 * previous/next buttons step one photo per click however fast the clicks come.
 */

for (const lang of ['ar', 'en'] as const) {
  test.describe(`the photo strip on a phone (${lang})`, () => {
    test.use(ON_PHONE);

    test('the photos behind the first wait: low priority, and the far ones until swiped to', async ({
      page,
      request,
    }) => {
      const vehicle = await vehicleWithPhotos(request, 4, lang);
      const count = vehicle.vehicleImages.length;
      // A photo's large copies are its name with a width past the thumbnails' ("-320").
      const largeWidths = IMAGE_WIDTHS.filter((width) => width > 320).join('|');
      const large = (index: number) =>
        new RegExp(
          `${vehicle.vehicleImages[index]!.path.replace(/\.[a-z]+$/, '')}-(${largeWidths})\\.`,
        );
      const requested: string[] = [];
      page.on('request', (r) => void (r.resourceType() === 'image' && requested.push(r.url())));
      await page.goto(`${prefix(lang)}/vehicle/${vehicle.slug}`);
      await page.locator('[data-photo-gallery][data-enhanced]').waitFor();
      await page.waitForLoadState('networkidle');
      const slide = (index: number) => page.locator(`[data-photo-slide="${index}"] img`);
      await expect(slide(0)).toHaveAttribute('fetchpriority', 'high');
      await expect(slide(1)).toHaveAttribute('fetchpriority', 'low');
      expect(requested.some((url) => large(0).test(url))).toBe(true);
      const last = count - 1;
      expect(requested.filter((url) => large(last).test(url))).toEqual([]);

      // Stepping through the strip, photo by photo as a person looks at each, brings the last in.
      const current = page.locator('[data-photo-current]');
      for (let step = 1; step <= last; step++) {
        await page.locator('[data-photo-next]').click();
        await expect(current).toHaveText(String(step + 1));
      }
      await expect
        .poll(() => slide(last).evaluate((image: HTMLImageElement) => image.naturalWidth))
        // (1 is the pixel a held picture shows, components/Picture.astro)
        .toBeGreaterThan(1);
      expect(requested.some((url) => large(last).test(url))).toBe(true);
    });

    test('quick clicks on next step one photo each, and previous steps back', async ({
      page,
      request,
    }) => {
      const vehicle = await vehicleWithPhotos(request, 4, lang);
      await page.goto(`${prefix(lang)}/vehicle/${vehicle.slug}`);
      await page.locator('[data-photo-gallery][data-enhanced]').waitFor();
      const next = page.locator('[data-photo-next]');
      // Three clicks while the strip is still scrolling to the first of them.
      await next.click();
      await next.click();
      await next.click();
      await expect(page.locator('[data-photo-current]')).toHaveText('4');
      await expect(page.locator('[data-photo-slide="3"]')).toBeInViewport({ ratio: 0.9 });
      await page.locator('[data-photo-previous]').click();
      await expect(page.locator('[data-photo-current]')).toHaveText('3');
    });
  });
}
