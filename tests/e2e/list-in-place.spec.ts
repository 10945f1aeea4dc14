import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminSession, apiData, bearer } from './support/admin.ts';

/*
 * The vehicles list as a buyer uses it on a desktop and on a phone: filters, sort, chips and
 * pages applied in place with the URL as the state, Back and Forward restoring the controls
 * and the results, Arabic-Indic digits, and the price compared across currencies at the
 * admin's rates.
 */

interface Card {
  id: number;
  price: number;
  currency: number;
  year: number;
  meals: number;
}
interface Search {
  vehicles: { data: Card[]; pagination: { rowCount: number } };
}

const cardIds = (page: Page) =>
  page
    .locator('[data-vehicle-card]')
    .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-vehicle-card'))));

async function search(request: APIRequestContext, query: string) {
  return apiData<Search>(await request.get(`/api/Vehicle/GetVehiclesRandomly?${query}`));
}

/** Every document load of the page, so a test can prove nothing reloaded. */
function watchNavigations(page: Page) {
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      navigations.push(request.url());
    }
  });
  return navigations;
}

const countOf = async (page: Page) =>
  Number((await page.locator('[data-result-count]').textContent())!.match(/\d+/)?.[0] ?? 0);

test.describe('the list in place', () => {
  test('filters apply without a reload; Back and Forward restore the controls and results', async ({
    page,
  }) => {
    await page.goto('/vehicles?seed=11');
    const navigations = watchNavigations(page);
    const initial = await cardIds(page);

    const make = page.locator('#filter-vehicleBrandId');
    await make.selectOption({ index: 1 });
    await page.waitForURL((url) => url.searchParams.has('vehicleBrandId'));
    const brandId = new URL(page.url()).searchParams.get('vehicleBrandId');
    await expect(page.locator('#filter-vehicleModelId')).toBeEnabled();
    const byMake = await cardIds(page);

    await page.locator('#filter-bodyType').selectOption({ index: 1 });
    await page.waitForURL((url) => url.searchParams.has('bodyType'));
    const bodyType = new URL(page.url()).searchParams.get('bodyType');
    expect(navigations).toEqual([]);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('bodyType'));
    await expect(page.locator('#filter-bodyType')).toHaveValue('');
    await expect(make).toHaveValue(brandId!);
    await expect.poll(() => cardIds(page)).toEqual(byMake);

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('vehicleBrandId'));
    // The make box follows the URL: nothing is re-applied by the next change.
    await expect(make).toHaveValue('');
    await expect(page.locator('#filter-vehicleModelId')).toBeDisabled();
    await expect.poll(() => cardIds(page)).toEqual(initial);

    await page.goForward();
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('bodyType') === bodyType);
    await expect(make).toHaveValue(brandId!);
    await expect(page.locator('#filter-bodyType')).toHaveValue(bodyType!);
    expect(navigations).toEqual([]);

    // The state is a shareable URL: a fresh load shows the same first page.
    const shown = await cardIds(page);
    await page.reload();
    expect(await cardIds(page)).toEqual(shown);
  });

  test('active filters show as chips that remove one filter each', async ({ page }) => {
    await page.goto('/vehicles?seed=5');
    await page.locator('#filter-vehicleBrandId').selectOption({ index: 1 });
    await page.waitForURL((url) => url.searchParams.has('vehicleBrandId'));
    const makeName = await page.locator('#filter-vehicleBrandId option:checked').textContent();
    await page.locator('#filter-yearFrom').fill('2010');
    await page.locator('#filter-yearTo').fill('2024');
    await page.waitForURL((url) => url.searchParams.get('yearTo') === '2024');

    const chips = page.locator('[data-chip]');
    await expect(chips).toHaveCount(2);
    await expect(page.locator('[data-chip="vehicleBrandId"]')).toContainText(
      `الماركة: ${makeName!.trim()}`,
    );
    await expect(page.locator('[data-chip="yearTo"]')).toContainText('سنة الصنع: 2010 – 2024');

    await page.locator('[data-chip="yearTo"]').click();
    await page.waitForURL((url) => !url.searchParams.has('yearTo'));
    expect(new URL(page.url()).searchParams.has('yearFrom')).toBe(false);
    await expect(page.locator('#filter-yearFrom')).toHaveValue('');
    await expect(chips).toHaveCount(1);

    await page.locator('[data-chips-clear]').click();
    await page.waitForURL((url) => !url.searchParams.has('vehicleBrandId'));
    await expect(chips).toHaveCount(0);
    await expect(page.locator('#filter-vehicleBrandId')).toHaveValue('');
  });

  test('number fields take Arabic-Indic and Persian digits with separators', async ({ page }) => {
    await page.goto('/vehicles?seed=3');
    await page.locator('#filter-yearFrom').fill('٢٠١٥');
    await page.locator('#filter-yearTo').fill('۲۰۲۰');
    await page.waitForURL((url) => url.searchParams.get('yearTo') === '2020');
    expect(new URL(page.url()).searchParams.get('yearFrom')).toBe('2015');
    await page.locator('#filter-mealsFrom').fill('٠');
    await page.locator('#filter-mealsTo').fill('١٠٠٬٠٠٠');
    await page.locator('#filter-mealsTo').blur();
    await page.waitForURL((url) => url.searchParams.get('mealsTo') === '100000');
    await expect(page.locator('#filter-mealsTo')).toHaveValue('100000');
    for (const card of await page.locator('[data-vehicle-card]').all()) {
      await expect(card).toBeVisible();
    }
  });

  test('the price compares every currency in one, at the rates the page states', async ({
    page,
    request,
  }) => {
    const admin = await adminSession(request);
    const setRate = (id: number, value: string) =>
      request.put('/api/Category/UpdateConstant', { headers: bearer(admin), data: { id, value } });
    expect((await setRate(141, '4')).ok()).toBe(true);
    expect((await setRate(142, '5')).ok()).toBe(true);
    try {
      const rates: Record<number, number> = { 86: 1, 87: 4, 88: 5 };
      await page.goto('/vehicles?seed=9&sort=price-asc');
      await expect(page.locator('[data-rates]')).toContainText('١ دولار = 4 ₪، ١ دينار = 5 ₪');
      await page.locator('#filter-priceCurrency').selectOption('87');
      await page.locator('#filter-priceFrom').fill('5000');
      await page.locator('#filter-priceTo').fill('20000');
      await page.locator('#filter-priceTo').blur();
      await page.waitForURL((url) => url.searchParams.get('priceTo') === '20000');
      expect(new URL(page.url()).searchParams.get('priceCurrency')).toBe('87');

      const expected = await search(
        request,
        'priceFrom=5000&priceTo=20000&priceCurrency=87&sort=price-asc&pageSize=100',
      );
      const matches = expected.vehicles.data;
      expect(matches.length).toBeGreaterThan(0);
      // Every match is within 20,000-80,000 ₪, whatever its own currency.
      for (const card of matches) {
        const shekels = card.price * rates[card.currency]!;
        expect(shekels).toBeGreaterThanOrEqual(20_000);
        expect(shekels).toBeLessThanOrEqual(80_000);
      }
      expect(new Set(matches.map((card) => card.currency)).size).toBeGreaterThan(1);
      expect(await countOf(page)).toBe(expected.vehicles.pagination.rowCount);
      expect(await cardIds(page)).toEqual(matches.slice(0, 6).map((card) => card.id));
      await expect(page.locator('[data-chip="priceTo"]')).toContainText('$');
    } finally {
      await setRate(141, '3.70');
      await setRate(142, '5.20');
    }
  });

  test('each sort order, in the URL and the same as the API', async ({ page, request }) => {
    await page.goto('/vehicles?seed=4');
    const sort = page.locator('#list-sort');
    for (const order of ['newest', 'price-asc', 'price-desc', 'year-desc', 'distance-asc']) {
      await sort.selectOption(order);
      await page.waitForURL((url) => url.searchParams.get('sort') === order);
      const expected = await search(request, `sort=${order}&pageSize=6`);
      await expect.poll(() => cardIds(page)).toEqual(expected.vehicles.data.map((card) => card.id));
      await expect(sort).toHaveValue(order);
    }
    const years = (await search(request, 'sort=year-desc&pageSize=50')).vehicles.data.map(
      (card) => card.year,
    );
    expect(years).toEqual([...years].sort((a, b) => b - a));
    // Paging keeps the order.
    await page.locator('a[data-page-next]').click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    const second = await search(request, 'sort=distance-asc&pageSize=6&page=2');
    await expect.poll(() => cardIds(page)).toEqual(second.vehicles.data.map((card) => card.id));
    await expect(page.locator('#results-title')).toBeFocused();
  });

  test('in English the chips and sort speak English', async ({ page }) => {
    await page.goto('/en/vehicles?seed=2&yearFrom=2012&yearTo=2022&sort=newest');
    await expect(page.locator('[data-chip="yearTo"]')).toContainText('Year: 2012 – 2022');
    await expect(page.locator('#list-sort option:checked')).toHaveText('Newest first');
    await page.locator('[data-chip="yearTo"]').click();
    await page.waitForURL((url) => !url.searchParams.has('yearTo'));
    expect(new URL(page.url()).pathname).toBe('/en/vehicles');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('newest');
  });
});
