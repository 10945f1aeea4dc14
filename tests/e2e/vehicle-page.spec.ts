import { expect, test, type Page } from '@playwright/test';
import { formatDate } from '../../src/lib/format.ts';
import { internationalDigits } from '../../src/lib/phone.ts';
import { cards, detail, ON_PHONE, PHONE, prefix, vehicleWithPhotos } from './support/vehicles.ts';

/*
 * The vehicle page as a buyer uses it on a phone (412 px, touch) and a desktop, in Arabic and
 * English: the contact bar's call and WhatsApp links, the full-screen photo viewer, the
 * listing's number, date and views, and the photo count on the cards.
 */

const scaleOf = (page: Page, index: number) =>
  page.locator(`[data-photo-viewer] [data-viewer-image="${index}"]`).getAttribute('data-scale');

for (const lang of ['ar', 'en'] as const) {
  test.describe(`on a phone (${lang})`, () => {
    test.use(ON_PHONE);

    test('the contact bar calls the seller and opens WhatsApp with the vehicle named', async ({
      page,
      request,
    }) => {
      const vehicle = await vehicleWithPhotos(request, 1, lang);
      const digits = internationalDigits(vehicle.ownerMobile);
      await page.goto(`${prefix(lang)}/vehicle/${vehicle.slug}`);
      const url = page.url();

      const bar = page.locator('[data-contact-bar]');
      await expect(bar).toBeVisible();
      // In view without scrolling, at the bottom of the screen.
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 1);
      expect(box.y).toBeGreaterThan(PHONE.height / 2);
      await expect(bar.locator('[data-contact-bar-price]')).toContainText(/\d/);

      await expect(bar.locator('[data-contact-bar-call]')).toHaveAttribute(
        'href',
        `tel:+${digits}`,
      );
      const chat = new URL(
        (await bar.locator('[data-contact-bar-whatsapp]').getAttribute('href'))!,
      );
      expect(chat.origin + chat.pathname).toBe(`https://wa.me/${digits}`);
      const text = chat.searchParams.get('text')!;
      const title = `${vehicle.brandName} ${vehicle.modelName} ${vehicle.year}`;
      expect(text).toContain(title);
      expect(text).toContain(url);
      expect(
        text.startsWith(lang === 'ar' ? 'مرحبا، أنا مهتم بـ' : "Hello, I'm interested in"),
      ).toBe(true);

      // The page's last lines stay clear of the bar once scrolled to the end.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect
        .poll(async () => {
          const footer = await page.locator('footer').last().boundingBox();
          const barBox = await bar.boundingBox();
          return footer && barBox ? footer.y + footer.height - barBox.y : Infinity;
        })
        .toBeLessThanOrEqual(1);
    });

    test('a tap opens the viewer; swipe, double-tap zoom and Back work', async ({
      page,
      request,
    }) => {
      const vehicle = await vehicleWithPhotos(request, 2, lang);
      const count = vehicle.vehicleImages.length;
      await page.goto(`${prefix(lang)}/vehicle/${vehicle.slug}`);
      const startUrl = page.url();
      await page.locator('[data-photo-gallery][data-enhanced]').waitFor();
      await page.locator('[data-photo-open="0"]').tap();

      const viewer = page.locator('dialog[data-photo-viewer]');
      await expect(viewer).toBeVisible();
      await expect(viewer).toHaveAttribute('aria-modal', 'true');
      await expect(viewer).toHaveAccessibleName(new RegExp(vehicle.modelName));
      const counter = viewer.locator('[data-viewer-counter]');
      await expect(counter).toHaveText(
        lang === 'ar' ? `الصورة 1 من ${count}` : `Photo 1 of ${count}`,
      );

      // A swipe towards the page's start shows the next photo (leftwards in English,
      // rightwards in Arabic), by touch.
      const stage = viewer.locator('[data-viewer-stage]');
      const area = (await stage.boundingBox())!;
      const y = area.y + area.height / 2;
      const [from, to] =
        lang === 'ar'
          ? [area.x + area.width * 0.2, area.x + area.width * 0.8]
          : [area.x + area.width * 0.8, area.x + area.width * 0.2];
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: from, y }],
      });
      for (let step = 1; step <= 5; step++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: from + ((to - from) * step) / 5, y }],
        });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect(counter).toHaveText(
        lang === 'ar' ? `الصورة 2 من ${count}` : `Photo 2 of ${count}`,
      );

      // Pinch with two fingers zooms in.
      const cx = area.x + area.width / 2;
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [
          { x: cx - 30, y, id: 1 },
          { x: cx + 30, y, id: 2 },
        ],
      });
      for (let step = 1; step <= 5; step++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [
            { x: cx - 30 - step * 20, y, id: 1 },
            { x: cx + 30 + step * 20, y, id: 2 },
          ],
        });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect.poll(async () => Number(await scaleOf(page, 1))).toBeGreaterThan(1.5);

      // A double tap zooms back out, and in again.
      const doubleTap = async () => {
        for (let i = 0; i < 2; i++) {
          await cdp.send('Input.dispatchTouchEvent', {
            type: 'touchStart',
            touchPoints: [{ x: cx, y }],
          });
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        }
      };
      await doubleTap();
      await expect.poll(() => scaleOf(page, 1)).toBe('1.00');
      await doubleTap();
      await expect.poll(async () => Number(await scaleOf(page, 1))).toBeGreaterThan(2);

      // Back closes the viewer and stays on the page; focus returns to the photo.
      await page.evaluate(() => history.back());
      await expect(viewer).toBeHidden();
      expect(page.url()).toBe(startUrl);
      await expect(page.locator('[data-photo-open="1"]')).toBeFocused();
    });
  });

  test.describe(`on a desktop (${lang})`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test('the viewer opens on a click, steps by keys in the page direction, zooms, closes on Escape', async ({
      page,
      request,
    }) => {
      const vehicle = await vehicleWithPhotos(request, 2, lang);
      const count = vehicle.vehicleImages.length;
      await page.goto(`${prefix(lang)}/vehicle/${vehicle.slug}`);
      // No contact bar on wide screens; the summary's contact button stays.
      await expect(page.locator('[data-contact-bar]')).toBeHidden();
      await expect(page.locator('[data-vehicle-contact]')).toBeVisible();

      // The viewer's code is not part of the page's first load.
      const loaded = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => /\/viewer\.[^/]*\.js/.test(entry.name)),
        );
      await page.locator('[data-photo-gallery][data-enhanced]').waitFor();
      expect(await loaded()).toBe(false);

      const photo = page.locator('[data-photo-open="0"]');
      await photo.click();
      const viewer = page.locator('dialog[data-photo-viewer]');
      await expect(viewer).toBeVisible();
      expect(await loaded()).toBe(true);
      const counter = viewer.locator('[data-viewer-counter]');
      const says = (n: number) =>
        lang === 'ar' ? `الصورة ${n} من ${count}` : `Photo ${n} of ${count}`;
      await expect(counter).toHaveText(says(1));

      // The "next" arrow key points to the page's end: left in Arabic, right in English.
      const [nextKey, previousKey] =
        lang === 'ar' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
      await page.keyboard.press(nextKey);
      await expect(counter).toHaveText(says(2));
      await page.keyboard.press(nextKey);
      await expect(counter).toHaveText(says(3));
      await page.keyboard.press(previousKey);
      await expect(counter).toHaveText(says(2));

      // A mouse drag swipes too.
      const stage = viewer.locator('[data-viewer-stage]');
      const area = (await stage.boundingBox())!;
      const y = area.y + area.height / 2;
      const [from, to] =
        lang === 'ar'
          ? [area.x + area.width * 0.3, area.x + area.width * 0.7]
          : [area.x + area.width * 0.7, area.x + area.width * 0.3];
      await page.mouse.move(from, y);
      await page.mouse.down();
      await page.mouse.move(to, y, { steps: 6 });
      await page.mouse.up();
      await expect(counter).toHaveText(says(3));

      // Double-click zooms in, and again out.
      const image = viewer.locator('[data-viewer-image="2"]');
      await stage.dblclick({ position: { x: area.width / 2, y: area.height / 2 } });
      await expect
        .poll(async () => Number(await image.getAttribute('data-scale')))
        .toBeGreaterThan(2);
      await expect(image).toHaveCSS('transform', /matrix\(2\.5/);
      await stage.dblclick({ position: { x: area.width / 2, y: area.height / 2 } });
      await expect(image).toHaveAttribute('data-scale', '1.00');

      // Focus stays in the viewer.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(() => !!document.activeElement?.closest('[data-photo-viewer]')),
        ).toBe(true);
      }

      // Escape closes it; focus is back on the photo strip, at the photo last seen, and the
      // history entry the viewer pushed is gone.
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await expect(page.locator('[data-photo-open="2"]')).toBeFocused();
      await expect.poll(() => page.evaluate(() => history.state?.photoViewer ?? null)).toBeNull();

      // The close button closes it as well.
      await photo.click();
      await expect(viewer).toBeVisible();
      await viewer.locator('[data-viewer-close]').click();
      await expect(viewer).toBeHidden();
    });
  });

  test(`the listing's number, date and view count (${lang})`, async ({ request }) => {
    const vehicle = await vehicleWithPhotos(request, 0, lang);
    // A query string keeps the page out of the page cache, so the count is read now.
    const read = async (n: number) => {
      const response = await request.get(`${prefix(lang)}/vehicle/${vehicle.slug}?fresh=${n}`);
      expect(response.ok()).toBe(true);
      return response.text();
    };
    const fact = (html: string, key: string) => {
      const match = new RegExp(`data-listing-fact="${key}"[\\s\\S]*?<dd[^>]*>([^<]*)</dd>`).exec(
        html,
      );
      return match?.[1]?.trim() ?? '';
    };
    const before = await read(Date.now());
    expect(fact(before, 'number')).toBe(`#${vehicle.id}`);
    expect(fact(before, 'date')).toBe(formatDate(vehicle.createdAt));
    const views = (text: string) => {
      if (lang === 'en') return Number(/^(\d+) views?$/.exec(text)?.[1] ?? NaN);
      const words: Record<string, number> = {
        'لا مشاهدات بعد': 0,
        'مشاهدة واحدة': 1,
        مشاهدتان: 2,
      };
      if (text in words) return words[text]!;
      return Number(/^(\d+) (?:مشاهدة|مشاهدات)$/.exec(text)?.[1] ?? NaN);
    };
    const first = views(fact(before, 'views'));
    expect(Number.isInteger(first)).toBe(true);

    // Three recorded visits later the page says three more.
    for (let i = 0; i < 3; i++) {
      const response = await request.post('/api/Visit/RecordVisit', {
        data: { ip: '', userAgent: 'e2e', route: `/vehicle/${vehicle.slug}` },
      });
      expect(response.ok()).toBe(true);
    }
    const after = fact(await read(Date.now() + 1), 'views');
    expect(views(after)).toBe(first + 3);
    if (lang === 'ar' && first + 3 >= 3 && first + 3 <= 10)
      expect(after).toBe(`${first + 3} مشاهدات`);
    if (lang === 'en') expect(after).toBe(`${first + 3} views`);
  });

  test(`every card shows its photo count (${lang})`, async ({ page, request }) => {
    const all = await cards(request);
    await page.goto(`${prefix(lang)}/vehicles`);
    const rendered = page.locator('[data-vehicle-card]');
    await expect(rendered.first()).toBeVisible();
    const n = await rendered.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(n, 6); i++) {
      const card = rendered.nth(i);
      const id = Number(await card.getAttribute('data-vehicle-card'));
      const expected =
        all.find((c) => c.id === id)?.imageCount ??
        (await detail(request, id, lang)).vehicleImages.length;
      const badge = card.locator('[data-card-photos]');
      await expect(badge).toHaveAttribute('data-card-photos', String(expected));
      const label =
        lang === 'en'
          ? expected === 1
            ? '1 photo'
            : `${expected} photos`
          : expected === 1
            ? 'صورة واحدة'
            : expected === 2
              ? 'صورتان'
              : expected <= 10
                ? `${expected} صور`
                : `${expected} صورة`;
      await expect(badge).toHaveAttribute('aria-label', label);
      await expect(badge).toHaveText(String(expected));
    }
    // The badge sits at the photo's start corner, in either direction.
    const first = rendered.first();
    const photoBox = (await first.locator('img').first().boundingBox())!;
    const badgeBox = (await first.locator('[data-card-photos]').boundingBox())!;
    if (lang === 'ar')
      expect(badgeBox.x + badgeBox.width).toBeGreaterThan(photoBox.x + photoBox.width / 2);
    else expect(badgeBox.x).toBeLessThan(photoBox.x + photoBox.width / 2);
  });
}
