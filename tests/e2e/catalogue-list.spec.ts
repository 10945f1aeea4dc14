import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/*
 * The public catalogue on the production build with the demo catalogue: the vehicles list
 * (filters in the URL, server-rendered first page, paging one shuffled order, empty state,
 * folding sidebar, English), the favourite star, and the home page (featured vehicles, main
 * slider, the vertical ads popup on small screens).
 */

interface Envelope<T> {
  success: boolean;
  data: T;
}

interface Option {
  id: number;
  name: string;
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: { 'Accept-Language': 'ar' } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Envelope<T>).data;
}

/** Ids of the vehicle cards on the page, in order. */
function cardIds(page: Page): Promise<number[]> {
  return page
    .locator('[data-vehicle-card]')
    .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-vehicle-card'))));
}

/** Ids of the vehicle cards in a page's HTML as the server sends it. */
function cardIdsInHtml(html: string): number[] {
  return [...html.matchAll(/data-vehicle-card="(\d+)"/g)].map((match) => Number(match[1]));
}

const summary = (page: Page) => page.locator('[data-pagination-summary]');

/** The visitor turns to the loaded page (the ads popup waits for this). */
async function turnToPage(page: Page) {
  await page.waitForLoadState('load');
  await page.mouse.wheel(0, 120);
}

/** The state with the most public vehicles, so its search spans several pages. */
async function busiestState(request: APIRequestContext) {
  const states = await apiData<Option[]>(request, '/api/Category/GetStates');
  let best = { state: states[0]!, count: 0 };
  for (const state of states) {
    const data = await apiData<{ vehicles: { pagination: { rowCount: number } } }>(
      request,
      `/api/Vehicle/GetVehiclesRandomly?stateId=${state.id}&page=1&pageSize=6`,
    );
    if (data.vehicles.pagination.rowCount > best.count) {
      best = { state, count: data.vehicles.pagination.rowCount };
    }
  }
  return best;
}

test.describe('vehicles list', () => {
  test('filters by make, then by a model of that make only', async ({ page, request }) => {
    await page.goto('/vehicles');
    const model = page.locator('#filter-vehicleModelId');
    await expect(model).toBeDisabled();

    const brands = await apiData<Option[]>(request, '/api/Category/GetBrands');
    const hyundai = brands.find((brand) => brand.name === 'هيونداي')!;
    await page.locator('#filter-vehicleBrandId').selectOption(String(hyundai.id));
    await page.waitForURL((url) => url.searchParams.get('vehicleBrandId') === String(hyundai.id));
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    const models = await apiData<Option[]>(
      request,
      `/api/Category/GetBrandModels?brandId=${hyundai.id}`,
    );
    await expect(model).toBeEnabled();
    const offered = await model
      .locator('option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
      );
    expect(offered.map(Number).sort((a, b) => a - b)).toEqual(
      models.map((entry) => entry.id).sort((a, b) => a - b),
    );
    const titles = page.locator('[data-vehicle-card] h2');
    await expect(titles.first()).toBeVisible();
    for (const title of await titles.allTextContents()) expect(title).toContain('هيونداي');

    // A model that has vehicles: the first card's.
    const firstTitle = (await titles.first().textContent())!.trim();
    const chosen = models.find((entry) => firstTitle.endsWith(entry.name))!;
    await model.selectOption(String(chosen.id));
    await page.waitForURL((url) => url.searchParams.get('vehicleModelId') === String(chosen.id));
    await expect(titles.first()).toBeVisible();
    for (const title of await titles.allTextContents()) {
      expect(title.trim()).toBe(`هيونداي ${chosen.name}`);
    }
    await expect(page.locator('#filter-vehicleBrandId')).toHaveValue(String(hyundai.id));
    await expect(model).toHaveValue(String(chosen.id));
  });

  test('pages through one search showing every vehicle once, with the range text right', async ({
    page,
    request,
  }) => {
    const { state, count } = await busiestState(request);
    expect(count).toBeGreaterThan(6);
    const pageCount = Math.ceil(count / 6);

    await page.goto('/vehicles');
    await page.locator('#filter-stateId').selectOption(String(state.id));
    await page.waitForURL((url) => url.searchParams.get('stateId') === String(state.id));
    const seed = new URL(page.url()).searchParams.get('seed');
    expect(seed).toMatch(/^\d+$/);

    const seen: number[] = [];
    for (let n = 1; n <= pageCount; n++) {
      const from = (n - 1) * 6 + 1;
      const to = Math.min(n * 6, count);
      await expect(summary(page)).toHaveText(`عرض ${from} إلى ${to} من ${count}`);
      await expect(page.locator('[data-pagination] [aria-current="page"]')).toHaveText(String(n));
      const previous = page.locator('[data-page-previous]');
      const next = page.locator('[data-page-next]');
      if (n === 1) {
        await expect(previous).toHaveAttribute('aria-disabled', 'true');
        expect(await previous.evaluate((node) => node.tagName)).toBe('SPAN');
      }
      const ids = await cardIds(page);
      expect(ids).toHaveLength(to - from + 1);
      seen.push(...ids);
      if (n < pageCount) {
        await next.click();
        await page.waitForURL((url) => url.searchParams.get('page') === String(n + 1));
        const url = new URL(page.url());
        expect(url.searchParams.get('seed')).toBe(seed);
        expect(url.searchParams.get('stateId')).toBe(String(state.id));
      } else {
        await expect(next).toHaveAttribute('aria-disabled', 'true');
      }
    }
    expect(new Set(seen).size).toBe(count);
    expect(seen).toHaveLength(count);
  });

  test('a shared URL shows the same first page, in the server HTML and in a new tab', async ({
    page,
    context,
    request,
  }) => {
    await page.goto('/vehicles');
    await page.locator('#filter-bodyType').selectOption({ index: 1 });
    await page.waitForURL((url) => url.searchParams.has('bodyType'));
    let ids = await cardIds(page);
    if (ids.length === 0) {
      // The first body type may have no vehicle; the unfiltered list always has some.
      await page.goto('/vehicles?seed=4242');
      ids = await cardIds(page);
    }
    const shared = page.url();
    expect(ids.length).toBeGreaterThan(0);

    const html = await (await request.get(shared)).text();
    expect(cardIdsInHtml(html)).toEqual(ids);

    const tab = await context.newPage();
    await tab.goto(shared);
    expect(await cardIds(tab)).toEqual(ids);
    await expect(tab.locator('[data-pagination-summary]')).toHaveText(
      (await summary(page).textContent())!,
    );
  });

  test('bad and unknown query values are ignored, and a page past the end shows the last', async ({
    page,
  }) => {
    const response = await page.goto(
      '/vehicles?stateId=abc&color=-4&yearFrom=1e9&priceTo=zzz&page=999&seed=5&foo=bar',
    );
    expect(response?.status()).toBe(200);
    const text = (await summary(page).textContent())!;
    const total = Number(/من (\d+)/.exec(text)![1]);
    const last = Math.ceil(total / 6);
    await expect(page.locator('[data-pagination] [aria-current="page"]')).toHaveText(String(last));
    await expect(page.locator('[data-page-next]')).toHaveAttribute('aria-disabled', 'true');
  });

  test('shows the empty-state alert when nothing matches', async ({ page }) => {
    await page.goto('/vehicles');
    await page.locator('#filter-priceFrom').fill('1');
    await page.locator('#filter-priceTo').fill('2');
    await page.locator('#filter-priceTo').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('priceTo') === '2');
    const empty = page.locator('[data-empty-state]');
    await expect(empty).toBeVisible();
    await expect(empty).toContainText('لا يوجد بيانات لعرضها');
    await expect(page.locator('[data-vehicle-card]')).toHaveCount(0);
    // An empty list has no "0 to 0 of 0" footer, and its count says "no vehicles" in words.
    await expect(page.locator('[data-pagination]')).toHaveCount(0);
    await expect(page.locator('[data-result-count]')).toHaveText('لا توجد مركبات');
  });

  test('one end of a range does not change the list until the range applies', async ({ page }) => {
    await page.goto('/vehicles?seed=7');
    const before = page.url();
    const navigations: string[] = [];
    const listLoads: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
      else if (new URL(request.url()).pathname === '/vehicles') listLoads.push(request.url());
    });
    await page.locator('#filter-yearFrom').fill('2015');
    await page.locator('#filter-yearFrom').blur();
    expect(page.url()).toBe(before);
    await page.locator('#filter-yearTo').fill('2020');
    await page.locator('#filter-yearTo').blur();
    await page.waitForURL((url) => url.searchParams.get('yearTo') === '2020');
    // Applied in place, once: the first end alone loaded nothing.
    expect(navigations).toEqual([]);
    expect(listLoads).toHaveLength(1);
    const url = new URL(page.url());
    expect(url.searchParams.get('yearFrom')).toBe('2015');
    expect(url.searchParams.get('seed')).toBe('7');
  });

  test('the English list is left to right', async ({ page }) => {
    await page.goto('/en/vehicles');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicles');
    await expect(summary(page)).toHaveText(/^\s*Showing 1 to 6 of \d+\s*$/);
    // Left to right: the sidebar sits on the left of the results.
    const sidebar = await page.locator('[data-filters-panel]').boundingBox();
    const results = await page.locator('[data-results]').boundingBox();
    expect(sidebar!.x).toBeLessThan(results!.x);
    const href = await page.locator('[data-vehicle-card] h2 a').first().getAttribute('href');
    expect(href).toMatch(/^\/en\/vehicle\/\d+/);
  });
});

test.describe('filter sidebar on narrow windows', () => {
  test('folds at 992 px into a sheet over the page, with a close button and a reset link', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 992, height: 900 });
    await page.goto('/vehicles?color=0&stateId=1&seed=3');
    const form = page.locator('form[data-filter-form]');
    const toggle = page.locator('[data-filter-toggle]');
    await expect(toggle).toBeVisible();
    await expect(form).toBeHidden();
    await toggle.click();
    await expect(form).toBeVisible();
    // The sheet covers the window.
    const sheet = await page.locator('[data-filter-sheet]').boundingBox();
    expect(sheet).toMatchObject({ x: 0, y: 0, width: 992, height: 900 });
    await page.locator('[data-sheet-close]').click();
    await expect(form).toBeHidden();

    await toggle.click();
    await page.locator('[data-filter-reset-panel]').click();
    await page.waitForURL((url) => url.pathname === '/vehicles' && url.search === '');
    await expect(page.locator('#filter-stateId')).toHaveValue('');

    await page.setViewportSize({ width: 993, height: 900 });
    await expect(form).toBeVisible();
    await expect(toggle).toBeHidden();
  });

  test('on a phone the sheet counts live and its one button shows the results', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto('/vehicles');
    await page.locator('[data-filter-toggle]').click();
    const button = page.locator('[data-filter-submit]');
    // The button is in reach without scrolling the sheet.
    await expect(button).toBeInViewport();
    const before = await button.textContent();
    await page.locator('#filter-gearType').focus();
    await page.locator('#filter-gearType').selectOption({ index: 1 });
    await page.waitForURL((url) => url.searchParams.has('gearType'));
    await expect(page.locator('form[data-filter-form]')).toBeVisible();
    await expect(page.locator('#filter-gearType')).toBeFocused();
    await expect(button).not.toHaveText(before!);
    const count = Number(
      (await page.locator('[data-result-count]').textContent())!.match(/\d+/)![0],
    );
    await expect(button).toContainText(String(count));
    await button.click();
    await expect(page.locator('form[data-filter-form]')).toBeHidden();
    await expect(page.locator('[data-vehicle-card]').first()).toBeInViewport();
    await expect(page.locator('[data-filter-toggle]')).toContainText('1');
  });
});

test.describe('favourite star', () => {
  test('without a session it shows the Arabic message and makes no request', async ({ page }) => {
    await page.goto('/vehicles');
    const calls: string[] = [];
    // The visit beacon leaves a second after load, whatever the visitor does: not the star's.
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/') && !url.includes('/api/Visit/')) calls.push(url);
    });
    const star = page.locator('[data-vehicle-card] favourite-star button').first();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(page.locator('.swal2-toast')).toContainText(
      'لا يوجد معلومات دخول للمستخدم قم بتسجيل الدخول أولاً',
    );
    // The star decides before it shows this toast: a call to the API would have gone out first.
    await expect(page.locator('#loading-overlay')).toBeHidden();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(calls).toEqual([]);
    expect(page.url()).toMatch(/\/vehicles$/);
  });

  test('a signed-out visitor is offered the way to sign in, and comes back to the vehicle', async ({
    page,
  }) => {
    await page.goto('/vehicles?seed=5');
    const href = await page
      .locator('[data-vehicle-card] a[href*="/vehicle/"]')
      .first()
      .getAttribute('href');
    await page.goto(href!);
    const vehiclePath = new URL(page.url()).pathname;
    await page.locator('favourite-star button').first().click();
    const signIn = page.locator('.swal2-toast').getByRole('button', { name: 'تسجيل الدخول' });
    await signIn.click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === vehiclePath,
    );
    await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
    await page.locator('#login-email').fill('seller1@example.ps');
    await page.locator('#login-password').fill('Demo@12345');
    await page.locator('#login-password').press('Enter');
    await expect(page).toHaveURL(new RegExp(`${vehiclePath}$`));
  });

  test('with an expired session it asks to sign in again', async ({ page }) => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const expired = `${part({ alg: 'HS256' })}.${part({ sub: '5', exp: 1000 })}.sig`;
    await page.addInitScript((token) => localStorage.setItem('token', token), expired);
    await page.goto('/vehicles');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('Favorite')) calls.push(request.url());
    });
    await page.locator('[data-vehicle-card] favourite-star button').first().click();
    await expect(page.locator('.swal2-toast')).toContainText('قم بتسجيل الدخول مجدداً');
    expect(calls).toEqual([]);
  });

  test('a visitor without a session loads none of its code; a sign-in in another tab lights it', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/vehicles?seed=12', { waitUntil: 'networkidle' });
    const star = page.locator('[data-vehicle-card] favourite-star').first();
    await expect(star.locator('button')).toHaveAttribute('aria-pressed', 'false');
    // The star is on the page, but the API client and the favourites' code are not.
    expect(scripts.some((url) => /\/(favourites|api)\.[\w-]+\.js$/.test(url))).toBe(false);

    // The seller has this vehicle among the favourites.
    const login = await request.post('/api/User/UserLogin', {
      data: { email: 'seller2@example.ps', password: 'Demo@12345' },
    });
    const session = ((await login.json()) as Envelope<{ id: number; token: string }>).data;
    const headers = { authorization: `Bearer ${session.token}` };
    const vehicleId = Number(await star.getAttribute('vehicle-id'));
    const ids = await request.get('/api/Vehicle/GetVehiclesFavoriteId', { headers });
    if (!((await ids.json()) as Envelope<number[]>).data.includes(vehicleId)) {
      await request.get(`/api/Vehicle/ToggleVehicleFavorite?vehicleId=${vehicleId}`, { headers });
    }
    // Signing in in another tab stores the token; this tab's stars follow.
    const other = await page.context().newPage();
    await other.goto('/about');
    await other.evaluate((value) => {
      localStorage.setItem('id', String(value.id));
      localStorage.setItem('token', value.token);
    }, session);
    await expect(star.locator('button')).toHaveAttribute('aria-pressed', 'true');
  });

  test('a signed-in seller turns a star gold and back', async ({ page, request }) => {
    const login = await request.post('/api/User/UserLogin', {
      data: { email: 'seller1@example.ps', password: 'Demo@12345' },
    });
    const session = ((await login.json()) as Envelope<{ id: number; token: string }>).data;
    await page.addInitScript((value) => {
      if (sessionStorage.getItem('seeded')) return;
      localStorage.setItem('token', value.token);
      localStorage.setItem('id', String(value.id));
      localStorage.setItem('userType', '71');
      sessionStorage.setItem('seeded', 'yes');
    }, session);
    await page.goto('/vehicles?seed=11');
    const star = page.locator('[data-vehicle-card] favourite-star button').first();
    const initial = await star.getAttribute('aria-pressed');
    const toggled = initial === 'true' ? 'false' : 'true';
    const answer = page.waitForResponse((r) => r.url().includes('ToggleVehicleFavorite'));
    await star.click();
    expect((await answer).status()).toBe(200);
    await expect(star).toHaveAttribute('aria-pressed', toggled);
    await expect(page.locator('.swal2-toast')).toBeVisible();
    await page.reload();
    await expect(star).toHaveAttribute('aria-pressed', toggled);
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', initial!);
  });
});

test.describe('home page', () => {
  test('shows the featured vehicles and the main slider', async ({ page, request }) => {
    const featured = await apiData<{ id: number }[]>(request, '/api/Order/GetStarActiveVehicles');
    expect(featured.length).toBeGreaterThan(0);

    const html = await (await request.get('/')).text();
    expect(cardIdsInHtml(html).sort((a, b) => a - b)).toEqual(
      featured.map((vehicle) => vehicle.id).sort((a, b) => a - b),
    );
    // The first slide's picture is in the HTML, loaded at once.
    expect(html).toMatch(/<ad-slider[^]*?<img[^>]*loading="eager"/);

    await page.goto('/');
    await expect(page.locator('[data-featured] [data-vehicle-card]')).toHaveCount(featured.length);
    const slider = page.locator('ad-slider').first();
    await expect(slider).toHaveAttribute('data-ready', '');
    await expect(slider.locator('[data-track]')).toHaveAttribute('dir', 'rtl');
    await expect(slider.locator('[data-dot]').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'عرض جميع المركبات' })).toHaveAttribute(
      'href',
      '/vehicles',
    );
    await expect(page.locator('[data-side-ads]')).toBeVisible();
    await expect(page.locator('dialog[data-ad-popup]')).not.toBeVisible();
  });

  test('on a phone the vertical ads open once as a popup with previous and next', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The page's timers and frames run on a fake clock, moved on by the test.
    await page.clock.install();
    await page.goto('/');
    await expect(page.locator('[data-side-ads]')).toBeHidden();
    const popup = page.locator('dialog[data-ad-popup]');
    await page.waitForLoadState('load');
    // Not before the visitor turns to the page, however long it waits.
    await page.clock.runFor(10_000);
    await expect(popup).toBeHidden();
    await turnToPage(page);
    await page.clock.runFor(100);
    await expect(popup).toBeVisible();
    const previous = popup.locator('[data-ad-previous]');
    const next = popup.locator('[data-ad-next]');
    const slides = await popup.locator('[data-ad-slide]').count();
    expect(slides).toBeGreaterThan(1);
    await expect(previous).toBeDisabled();
    for (let n = 1; n < slides; n++) {
      await expect(next).toBeEnabled();
      await next.click();
      await expect(popup.locator(`[data-ad-slide="${n}"]`)).toBeVisible();
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(next).toBeEnabled();
    await popup.locator('[data-ad-close]').click();
    await expect(popup).toBeHidden();

    await page.reload();
    await turnToPage(page);
    await page.clock.runFor(2000);
    await expect(popup).toBeHidden();

    // Once a day: a day later it opens again.
    await page.evaluate(() =>
      localStorage.setItem('verticalAdsShown', String(Date.now() - 24 * 60 * 60 * 1000 - 1)),
    );
    await page.reload();
    await turnToPage(page);
    await page.clock.runFor(2000);
    await expect(popup).toBeVisible();
  });

  test('the ads popup stays closed in a new session of the same day, and opens only after the page has painted', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      // Records whether anything had painted when the dialog first opened.
      const original = HTMLDialogElement.prototype.showModal;
      HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
        const paints = performance.getEntriesByType('paint').map((entry) => entry.name);
        (window as unknown as { paintsAtOpen: string[] }).paintsAtOpen = paints;
        original.call(this);
      };
    });
    await page.goto('/');
    const popup = page.locator('dialog[data-ad-popup]');
    await turnToPage(page);
    await expect(popup).toBeVisible();
    const paints = await page.evaluate(
      () => (window as unknown as { paintsAtOpen: string[] }).paintsAtOpen,
    );
    expect(paints).toContain('first-contentful-paint');
    await popup.locator('[data-ad-close]').click();
    // The same browser, a new tab (a new session): not again today.
    // Its timers run on a fake clock, so its frames pass at once.
    const other = await context.newPage();
    await other.clock.install();
    await other.goto('/');
    await turnToPage(other);
    await other.clock.runFor(2000);
    await expect(other.locator('dialog[data-ad-popup]')).toBeHidden();
    await context.close();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form works as a plain GET form', async ({ page }) => {
    await page.goto('/vehicles');
    await page.locator('#filter-stateId').selectOption({ index: 1 });
    await page.locator('[data-filter-submit]').click();
    await page.waitForURL((url) => url.searchParams.has('stateId'));
    await expect(page.locator('#filter-stateId')).not.toHaveValue('');
    await expect(page.locator('[data-vehicle-card]').first()).toBeVisible();
    const next = page.locator('a[data-page-next]');
    if (await next.count()) {
      await next.click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
    }
  });
});
