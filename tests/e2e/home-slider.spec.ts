import { expect, test, type Page, type Route } from '@playwright/test';

/*
 * What a visitor sees of the home page's weight work: the main slider (CSS scroll-snap and a
 * small script) still slides by itself in the reading direction, its dots follow and work, it
 * pauses under the pointer; the page does not shift while its fonts swap in, in either language;
 * and the largest paint is the page's own picture, never the ads popup.
 */

const slider = (page: Page) => page.locator('ad-slider').first();

/** Where slide `index` sits against the row's visible box (0 when it fills it). */
async function slideOffset(page: Page, index: number): Promise<number> {
  return slider(page).evaluate((element, n) => {
    const track = element.querySelector('[data-track]')!.getBoundingClientRect();
    const slide = element.querySelectorAll('[data-slide]')[n].getBoundingClientRect();
    return Math.round(slide.left - track.left);
  }, index);
}

/**
 * Runs the page's clock on, a step at a time, until `holds` does. The countdown starts only once
 * the browser has reported the slider in view, and a glide moves on animation frames, both of
 * which a slow machine may deliver after a single jump of the clock has passed.
 */
async function runClockUntil(page: Page, holds: () => Promise<boolean>, step = 250) {
  await expect
    .poll(async () => (await holds()) || (await page.clock.runFor(step), holds()), {
      timeout: 15_000,
      // Each poll moves the clock on itself: no need to wait between polls.
      intervals: [20],
    })
    .toBe(true);
}

/**
 * Installs the page's fake clock stopped, so the slider's countdown and glides move only as the
 * test runs the clock on (an installed clock otherwise flows in real time, and on a slow first
 * load the slider would move on its own before the test looks).
 */
async function stopClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

const showsIndex = (page: Page, index: number) => async () =>
  (await slider(page).getAttribute('data-index')) === String(index);
const fills = (page: Page, index: number) => async () => (await slideOffset(page, index)) === 0;

for (const { path, dir } of [
  { path: '/', dir: 'rtl' },
  { path: '/en/', dir: 'ltr' },
]) {
  test(`the main slider slides by itself (${dir}), its dots follow and bring their slide`, async ({
    page,
  }) => {
    await stopClock(page);
    await page.goto(path);
    await expect(slider(page)).toHaveAttribute('data-ready', '');
    const slides = await slider(page).locator('[data-slide]').count();
    expect(slides).toBeGreaterThan(1);
    // The next slide waits on the side the language reads towards.
    const next = await slideOffset(page, 1);
    expect(dir === 'rtl' ? next < 0 : next > 0).toBe(true);
    expect(await slideOffset(page, 0)).toBe(0);

    await runClockUntil(page, showsIndex(page, 1));
    await runClockUntil(page, fills(page, 1), 50);
    const dots = slider(page).locator('[data-dot]');
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(0)).not.toHaveAttribute('aria-current', 'true');

    // A dot brings its slide; after the last the slider rewinds to the first.
    await dots.nth(slides - 1).click();
    // The slider pauses while the pointer is over it or focus is inside: leave it.
    await page.mouse.move(0, 0);
    await dots.nth(slides - 1).evaluate((dot: HTMLElement) => dot.blur());
    await expect.poll(() => slideOffset(page, slides - 1)).toBe(0);
    await runClockUntil(page, showsIndex(page, 0));
    await runClockUntil(page, fills(page, 0), 50);
  });
}

test('the main slider pauses while the pointer is over it', async ({ page }) => {
  await stopClock(page);
  await page.goto('/');
  await expect(slider(page)).toHaveAttribute('data-ready', '');
  await slider(page).hover();
  await page.clock.runFor(6000);
  await expect(slider(page)).not.toHaveAttribute('data-index', /./);
  expect(await slideOffset(page, 0)).toBe(0);
  await page.mouse.move(0, 0);
  await runClockUntil(page, showsIndex(page, 1));
});

test('with reduced motion the slider stays put', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await stopClock(page);
  await page.goto('/');
  await expect(slider(page)).toHaveAttribute('data-ready', '');
  await page.clock.runFor(6000);
  expect(await slideOffset(page, 0)).toBe(0);
});

/*
 * Layout shifts from the first paint on, with the font files held back until the page has
 * painted in its fallback face, so the swap to the real face happens in view. The sellers and
 * about pages carry the longest runs of Arabic text, where the Arabic fallback's measures count.
 */
for (const path of ['/', '/en/', '/sellers', '/aboutus']) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`no layout shift on ${path} at ${viewport.width} px while the fonts swap in`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const held: Route[] = [];
      let release = false;
      await page.route('**/*.woff2', (route) =>
        release ? route.continue() : void held.push(route),
      );
      await page.goto(path, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
      );
      expect(held.length).toBeGreaterThan(0);
      expect(held.length).toBeLessThanOrEqual(2);
      release = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.waitForLoadState('load');
      const fonts = await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return [...document.fonts].filter((face) => face.status === 'loaded').length;
      });
      expect(fonts).toBeGreaterThan(0);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
    });
  }
}

test('on a phone the first slide loads at once behind the first vehicle photo, which is the largest paint, never the ads popup', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
      (window as unknown as { lcp: Element | null }).lcp = last.element;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const first = slider(page).locator('[data-slide="0"] img');
  // At once, but behind the vehicles' first photo: on a phone that photo is the larger paint.
  await expect(first).toHaveAttribute('fetchpriority', 'low');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  await expect(slider(page).locator('[data-slide="1"] img')).toHaveAttribute('loading', 'lazy');
  // The slides behind the first take no bandwidth from the first paint.
  await expect(slider(page).locator('[data-slide="1"] img')).toHaveAttribute(
    'fetchpriority',
    'low',
  );
  await expect(page.locator('dialog[data-ad-popup]')).toBeHidden();
  const lcp = await page.evaluate(() => {
    const element = (window as unknown as { lcp: Element | null }).lcp;
    return {
      inDialog: Boolean(element?.closest('dialog')),
      lazy: element?.getAttribute('loading') === 'lazy',
      priority: element?.getAttribute('fetchpriority'),
    };
  });
  expect(lcp).toEqual({ inDialog: false, lazy: false, priority: 'high' });
});
