import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNT_PAGES, inLanguage, publicPages } from '../support/public-pages.ts';
import { newSeller, signInAdmin, useSession } from './support/admin.ts';

/*
 * axe on every public page type in both languages, as a browser renders it (styles, islands
 * hydrated), and with the dialogs and the phone's filter sheet open, and on the account pages
 * of a signed-in seller and every screen of the dashboard: any violation fails. The same pages
 * html-validate checks in tests/site/markup.test.ts.
 */

/** Every screen of the dashboard ('' is its home). */
const DASHBOARD_SCREENS = [
  '',
  'profile',
  'permissions',
  'brands',
  'models',
  'constants',
  'events',
  'interface',
  'notifications',
  'audit',
  'vehicles',
  'reports',
  'payments',
  'tickets',
];

/** Opens `path` of a page filled in the browser and waits until its data calls have answered. */
async function openFilled(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/** Opens each of `paths` with `opener` and expects axe to find nothing on any of them. */
async function expectNoViolations(
  page: Page,
  paths: string[],
  opener: (page: Page, path: string) => Promise<void>,
) {
  const found: string[] = [];
  for (const path of paths) {
    await opener(page, path);
    found.push(...(await violations(page)).map((line) => `${path}: ${line}`));
  }
  expect(found, found.join('\n')).toEqual([]);
}

/** One of each page type on the demo catalogue (tests/support/public-pages.ts). */
const pagesOf = (request: APIRequestContext) =>
  publicPages(async <T>(path: string) => {
    const response = await request.get(path);
    expect(response.ok(), path).toBe(true);
    return ((await response.json()) as { data: T }).data;
  });

/** axe's violations on the page as it is now, one readable line each. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/**
 * Opens `path` and waits until the islands that hydrate on their own (on load or when idle) have,
 * and the fonts are in; the others wait for a session or a scroll, which these visits never give.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]:is([client="load"], [client="idle"])')).toHaveCount(
    0,
  );
  await page.evaluate(() => document.fonts.ready);
}

for (const lang of ['ar', 'en'] as const) {
  test.describe(`axe in ${lang === 'ar' ? 'Arabic' : 'English'}`, () => {
    test('finds no violation on any public page', async ({ page, request }) => {
      test.setTimeout(120_000);
      const { paths } = await pagesOf(request);
      await expectNoViolations(
        page,
        paths.map((p) => inLanguage(lang, p)),
        open,
      );
    });

    test('finds no violation in the contact dialogs', async ({ page, request }) => {
      const { card } = await pagesOf(request);
      await open(page, inLanguage(lang, `/vehicle/${card.slug}`));
      await page.locator('[data-vehicle-contact]').click();
      await expect(page.locator('dialog:has([data-contact-seller])')).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.locator('dialog:has([data-contact-seller])')).toBeHidden();

      await page.locator('footer button[commandfor="dialog-contact"]:visible').first().click();
      await expect(page.locator('#dialog-contact')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('finds no violation on the account pages of a signed-in seller', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await useSession(page, await newSeller(request, 'سامر الفحص'));
      await expectNoViolations(
        page,
        ACCOUNT_PAGES.map((p) => inLanguage(lang, p)),
        openFilled,
      );
    });

    test("finds no violation on the dashboard's screens", async ({ page }) => {
      test.setTimeout(120_000);
      await signInAdmin(page, inLanguage(lang, '/admin/login'));
      await expectNoViolations(
        page,
        DASHBOARD_SCREENS.map((p) => inLanguage(lang, `/admin/${p}`)),
        openFilled,
      );
    });

    test("finds no violation in the phone's filter sheet", async ({ page }) => {
      await page.setViewportSize({ width: 412, height: 915 });
      await open(page, inLanguage(lang, '/vehicles'));
      await page.locator('[data-filter-toggle]').click();
      await expect(page.locator('form[data-filter-form]')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  });
}
