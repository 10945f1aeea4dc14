import { expect, test, type APIRequestContext } from '@playwright/test';
import { RECENTLY_VIEWED_KEY } from '../../src/islands/recently-viewed/store.ts';

/*
 * Finding a vehicle beyond the filters: the home page's make-and-model search box, the
 * recently viewed strip (kept in the browser), and the sellers directory's governorate and
 * city filter.
 */

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

async function apiData<T>(request: APIRequestContext, path: string, lang = 'ar'): Promise<T> {
  const response = await request.get(path, { headers: { 'accept-language': lang } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

async function firstModel(request: APIRequestContext, lang: string) {
  const brands = await apiData<{ id: number; name: string }[]>(
    request,
    '/api/Category/GetBrands',
    lang,
  );
  const brand = brands.find((candidate) => candidate.id === 1) ?? brands[0]!;
  const models = await apiData<{ id: number; name: string }[]>(
    request,
    `/api/Category/GetBrandModels?brandId=${brand.id}`,
    lang,
  );
  return { brand, model: models[0]! };
}

test.describe('home search box', () => {
  test('a make and model typed in Arabic lead to the list filtered by them', async ({
    page,
    request,
  }) => {
    const { brand, model } = await firstModel(request, 'ar');
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'ابحث عن مركبة' });
    // The suggestions are the makes and models, in the page's language.
    await expect(
      page.locator(`datalist option[value="${brand.name} ${model.name}"]`).first(),
    ).toHaveCount(1);
    await box.fill(`${brand.name} ${model.name}`);
    await box.press('Enter');
    await page.waitForURL(
      (url) =>
        url.pathname === '/vehicles' &&
        url.searchParams.get('vehicleBrandId') === String(brand.id) &&
        url.searchParams.get('vehicleModelId') === String(model.id) &&
        !url.searchParams.has('q'),
    );
    await expect(page.locator('#filter-vehicleBrandId')).toHaveValue(String(brand.id));
    await expect(page.locator('#filter-vehicleModelId')).toHaveValue(String(model.id));
    await expect(page.locator(`[data-chip="vehicleBrandId"]`)).toBeVisible();
  });

  test('in English a make alone is enough, and unknown words say so above every vehicle', async ({
    page,
    request,
  }) => {
    const { brand } = await firstModel(request, 'en');
    await page.goto('/en/');
    const box = page.getByRole('combobox', { name: 'Search for a vehicle' });
    await box.fill(brand.name.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/en/vehicles' &&
        url.searchParams.get('vehicleBrandId') === String(brand.id) &&
        !url.searchParams.has('vehicleModelId'),
    );

    await page.goto('/en/');
    await box.fill('Flying carpet');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Flying carpet');
    await expect(page.locator('[data-search-unmatched]')).toContainText('Flying carpet');
    await expect(page.locator('[data-vehicle-card]').first()).toBeVisible();
  });
});

test.describe('recently viewed', () => {
  test('the vehicles opened last show on the home and list pages, newest first, until cleared', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('recently-viewed')).toBeHidden();

    await page.goto('/vehicles?seed=3');
    const links = page.locator(
      '[data-vehicle-card] h3 a, [data-vehicle-card] a[href*="/vehicle/"]',
    );
    const hrefs = [
      ...new Set(
        (
          await links.evaluateAll((anchors) =>
            anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
          )
        ).filter((href) => href.startsWith('/vehicle/')),
      ),
    ].slice(0, 2);
    expect(hrefs).toHaveLength(2);
    for (const [opened, href] of hrefs.entries()) {
      await page.goto(href);
      await expect(page.locator('record-view')).toHaveCount(1);
      // The page records the visit once it has loaded and the browser is idle: wait for it
      // before leaving, as a visitor reading the page would.
      await page.waitForFunction(
        ({ key, count }) => JSON.parse(localStorage.getItem(key) ?? '[]').length === count,
        { key: RECENTLY_VIEWED_KEY, count: opened + 1 },
      );
    }

    await page.goto('/');
    const strip = page.locator('recently-viewed');
    await expect(strip).toBeVisible();
    await expect(strip.getByRole('heading', { name: 'شاهدتها مؤخراً' })).toBeVisible();
    const shown = strip.locator('[data-recent-list] a');
    await expect(shown).toHaveCount(2);
    // The last opened first, with its photo, title and price.
    await expect(shown.nth(0)).toHaveAttribute('href', hrefs[1]!);
    await expect(shown.nth(1)).toHaveAttribute('href', hrefs[0]!);
    await expect(shown.nth(0).locator('[data-recent-title]')).not.toBeEmpty();
    await expect(shown.nth(0).locator('[data-recent-price]')).not.toBeEmpty();

    // The English list shows them too, linking to the English pages.
    await page.goto('/en/vehicles');
    await expect(page.locator('recently-viewed [data-recent-list] a').first()).toHaveAttribute(
      'href',
      /^\/en\/vehicle\//,
    );

    await page.locator('[data-recent-clear]').click();
    await expect(page.locator('recently-viewed')).toBeHidden();
    await page.reload();
    await expect(page.locator('recently-viewed')).toBeHidden();
  });
});

test.describe('sellers directory', () => {
  test('narrows to a governorate and a city, in the URL, and the pages keep them', async ({
    page,
    request,
  }) => {
    const sellers = await apiData<{
      users: { data: { addressStateId: number; addressCityId: number }[] };
    }>(request, '/api/User/GetSellers?pageSize=100');
    const seller = sellers.users.data.find((candidate) => candidate.addressCityId > 0)!;
    const expected = await apiData<{ users: { pagination: { rowCount: number } } }>(
      request,
      `/api/User/GetSellers?stateId=${seller.addressStateId}&pageSize=100`,
    );

    await page.goto('/sellers');
    await expect(page.locator('#sellers-city')).toBeDisabled();
    await page.locator('#sellers-state').selectOption(String(seller.addressStateId));
    await page.waitForURL(
      (url) =>
        url.searchParams.get('stateId') === String(seller.addressStateId) &&
        !url.searchParams.has('name') &&
        !url.searchParams.has('cityId'),
    );
    await expect(page.locator('[data-sellers-results]')).toBeVisible();
    const cards = page.locator('[data-sellers-list] > li');
    await expect(cards).toHaveCount(Math.min(expected.users.pagination.rowCount, 12));

    await expect(page.locator('#sellers-city')).toBeEnabled();
    await page.locator('#sellers-city').selectOption(String(seller.addressCityId));
    await page.waitForURL(
      (url) =>
        url.searchParams.get('stateId') === String(seller.addressStateId) &&
        url.searchParams.get('cityId') === String(seller.addressCityId),
    );
    await expect(cards.first()).toBeVisible();
    await page
      .getByRole('link', { name: /مسح|Clear/ })
      .first()
      .click();
    await page.waitForURL((url) => url.search === '');
  });
});

test.describe('counted words', () => {
  test('the list says its count with the Arabic plural form of that number', async ({
    page,
    request,
  }) => {
    // Find makes whose public vehicles number 1 or 2, 3 to 10, and 11 or more.
    const brands = await apiData<{ id: number }[]>(request, '/api/Category/GetBrands');
    const byForm = new Map<string, number>();
    const formOf = (count: number) => (count <= 2 ? String(count) : count <= 10 ? 'few' : 'many');
    for (const brand of brands) {
      const result = await apiData<{ vehicles: { pagination: { rowCount: number } } }>(
        request,
        `/api/Vehicle/GetVehiclesRandomly?vehicleBrandId=${brand.id}&page=1&pageSize=1`,
      );
      const count = result.vehicles.pagination.rowCount;
      if (count > 0 && !byForm.has(formOf(count))) byForm.set(formOf(count), brand.id);
    }
    const expected: Record<string, (count: number) => string> = {
      '1': () => 'مركبة واحدة',
      '2': () => 'مركبتان',
      few: (count) => `${count} مركبات`,
      many: (count) => `${count} مركبة`,
    };
    expect(byForm.size).toBeGreaterThan(1);
    for (const [form, brandId] of byForm) {
      await page.goto(`/vehicles?vehicleBrandId=${brandId}`);
      const text = (await page.locator('[data-result-count]').textContent())!.trim();
      const count = Number(text.match(/\d+/)?.[0] ?? form);
      expect(text).toBe(expected[form]!(count));
    }
  });
});
