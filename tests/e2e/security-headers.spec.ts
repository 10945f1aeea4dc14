import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Issue §3 in the browser: every page works under its Content-Security-Policy (no violation, no
 * policy error in the console, islands hydrate, the hub connects, images and fonts load), and a
 * script injected into a page is refused.
 */

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  page: string;
}

interface Card {
  slug: string;
  ownerSlug: string;
  hasImage360: boolean;
}

declare global {
  interface Window {
    __cspViolation?: (violation: Omit<Violation, 'page'>) => void;
    __pwned?: number;
  }
}

/** Not a directive: the marker that flushes the reports sent before it. */
const FLUSH = 'flush-marker';

/**
 * Collects every CSP violation of the page's documents (reported from the first script on,
 * across navigations) and every console message about a policy.
 */
async function watchPolicy(page: Page) {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction('__cspViolation', (violation: Omit<Violation, 'page'>) => {
    if (violation.directive !== FLUSH) violations.push({ ...violation, page: page.url() });
  });
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        window.__cspViolation?.({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          sample: event.sample,
        }),
      true,
    );
  });
  page.on('console', (message) => {
    if (/Content.Security.Policy|Permissions.Policy|Refused to/i.test(message.text())) {
      consoleErrors.push(`${page.url()}: ${message.text()}`);
    }
  });
  return {
    violations,
    consoleErrors,
    async expectNone() {
      // Reports reach the test in the order the page sends them: once a marker sent now has
      // arrived, every report the page fired before it has too.
      await page.evaluate(
        (flush) => window.__cspViolation?.({ directive: flush, blocked: '', sample: '' }),
        FLUSH,
      );
      expect(violations).toEqual([]);
      expect(consoleErrors).toEqual([]);
    },
  };
}

/** Islands that hydrate on load or idle have done so (Astro drops their `ssr` attribute). */
async function expectHydrated(page: Page) {
  await expect(
    page.locator('astro-island[client="load"][ssr], astro-island[client="idle"][ssr]'),
  ).toHaveCount(0);
}

/** Every image the page has loaded decoded, and the self-hosted font loaded. */
async function expectImagesAndFonts(page: Page, { images = true } = {}) {
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    const faces = [...document.fonts];
    return {
      status: document.fonts.status,
      loaded: faces
        .filter((face) => face.status === 'loaded')
        .map((face) => face.family.replace(/["']/g, '')),
      failed: faces.filter((face) => face.status === 'error').length,
    };
  });
  expect(fonts.status).toBe('loaded');
  expect(fonts.failed).toBe(0);
  expect(fonts.loaded).toContain('IBM Plex Sans Arabic');

  const loaded = await page.evaluate(() =>
    [...document.images]
      .filter((image) => image.complete && image.currentSrc)
      .map((image) => ({ src: image.currentSrc, width: image.naturalWidth })),
  );
  expect(loaded.filter((image) => image.width === 0)).toEqual([]);
  if (images) expect(loaded.length).toBeGreaterThan(0);
}

async function cards(request: APIRequestContext): Promise<Card[]> {
  const response = await request.get('/api/Vehicle/GetVehiclesRandomly?page=1&pageSize=60&seed=1');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { vehicles: { data: Card[] } } };
  return body.data.vehicles.data;
}

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

/** Resolves once the notifications hub of the page at `path` has finished its handshake. */
function hubReady(page: Page, path: string) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/hubs/notifications') || !page.url().endsWith(path)) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('{}')) resolve();
      });
    });
  });
}

/** Waits for the page's form island to hydrate (its submit button is disabled until then). */
async function formReady(page: Page) {
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
}

test.describe('under the pages’ Content-Security-Policy', () => {
  for (const lang of ['ar', 'en'] as const) {
    test(`the public pages work in ${lang === 'ar' ? 'Arabic' : 'English'}`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const policy = await watchPolicy(page);
      const vehicle = (await cards(request)).find((card) => card.hasImage360)!;
      const prefix = lang === 'en' ? '/en' : '';
      const pages: [path: string, images: boolean][] = [
        ['/', true],
        ['/vehicles', true],
        [`/vehicle/${vehicle.slug}`, true],
        ['/sellers', true],
        [`/gallary/${vehicle.ownerSlug}`, true],
        ['/aboutus', false],
      ];
      for (const [path, images] of pages) {
        const response = await page.goto(prefix + path);
        expect(response?.headers()['content-security-policy'], path).toContain('script-src');
        await expectHydrated(page);
        await expectImagesAndFonts(page, { images });
        await policy.expectNone();
      }

      // The 360 viewer loads on click: its script, stylesheet, the panorama (fetched, then shown
      // from a blob: URL) and its WebGL canvas.
      await page.goto(`${prefix}/vehicle/${vehicle.slug}`);
      await page.locator('[data-vehicle-360]').click();
      const viewer = page.locator('dialog[data-panorama-dialog] [data-panorama-viewer]');
      await expect(viewer).toHaveClass(/pnlm-container/);
      await expect(viewer.locator('canvas')).toHaveCount(1, { timeout: 10_000 });
      await expect(viewer.locator('.pnlm-load-box')).toBeHidden({ timeout: 10_000 });
      await policy.expectNone();
    });
  }

  test('the home page on a phone, with its ads popup', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const policy = await watchPolicy(page);
    for (const path of ['/', '/en/']) {
      await page.evaluate(() => localStorage.removeItem('verticalAdsShown')).catch(() => {});
      await page.goto(path);
      // The popup opens when the visitor first turns to the loaded page.
      await page.waitForLoadState('load');
      await page.mouse.wheel(0, 120);
      await expect(page.locator('dialog[data-ad-popup]')).toBeVisible();
      await expectHydrated(page);
      await expectImagesAndFonts(page);
      await policy.expectNone();
    }
  });

  test('the sign-up and login forms, the account area, favourites and live notifications work', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const policy = await watchPolicy(page);
    const password = 'Test@12345';
    const email = `csp-${Date.now().toString(36)}@e2e.example.ps`;

    // Sign up through the form: its island fills the state and city lists from the API.
    await page.goto('/signUp');
    await formReady(page);
    await page.locator('#signup-name').fill('سلمى الأمن');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-mobile').fill('0599123456');
    await page.locator('#signup-ssn').fill('123456782');
    await page.locator('#signup-state').selectOption({ index: 1 });
    await expect(page.locator('#signup-city option')).not.toHaveCount(1);
    await page.locator('#signup-city').selectOption({ index: 1 });
    await page.locator('#signup-address').fill('شارع القدس');
    await page.locator('#signup-password').fill(password);
    await page.locator('#signup-confirm-password').fill(password);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await policy.expectNone();

    // The login page clears the session; its form signs in again and the profile's hub connects.
    await page.goto('/en/signUp');
    await formReady(page);
    await page.goto('/login');
    await formReady(page);
    const hub = hubReady(page, '/profile');
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(password);
    await page.locator('#login-password').press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await hub;
    await expect(page.locator('[data-profile-name]')).toHaveText('سلمى الأمن');
    await expectHydrated(page);
    await expectImagesAndFonts(page, { images: false });
    const id = Number(await page.evaluate(() => localStorage.getItem('id')));

    // A notification reaches the bell over the hub.
    const title = `تنبيه ${Date.now()}`;
    await apiData(
      await request.post('/api/Test/Notify', {
        data: { userId: id, title, message: 'سياسة المحتوى' },
      }),
    );
    await expect(page.locator('[data-bell-count]')).toHaveText('1');
    await page.locator('[data-bell]:visible').click();
    await expect(page.locator('[data-notification]', { hasText: title })).toBeVisible();
    await policy.expectNone();

    // The favourite star toggles on a vehicle page and the vehicle shows in favourites.
    const vehicle = (await cards(request))[0]!;
    await page.goto(`/vehicle/${vehicle.slug}`);
    const star = page.locator('favourite-star button').first();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/profile/favorit');
    await expect(page.locator('[data-favourite-card]')).toHaveCount(1);
    await expectImagesAndFonts(page);
    await policy.expectNone();

    for (const path of ['/profile/change_password', '/en/profile', '/en/profile/favorit']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectHydrated(page);
      await expectImagesAndFonts(page, { images: path.endsWith('favorit') });
    }
    await page.goto('/en/login');
    await formReady(page);
    await policy.expectNone();
  });

  test('refuses a script injected into a page, and reports it', async ({ page }) => {
    const policy = await watchPolicy(page);
    await page.route('**/aboutus', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      expect(headers['content-security-policy']).toContain('script-src');
      // The body is handed over decoded.
      delete headers['content-encoding'];
      delete headers['content-length'];
      const html = (await response.text()).replace(
        '</head>',
        '<script>window.__pwned = 1</script></head>',
      );
      await route.fulfill({ status: response.status(), headers, body: html });
    });
    await page.goto('/aboutus');
    await expect.poll(() => policy.violations.length).toBe(1);
    expect(policy.violations[0]).toMatchObject({ directive: 'script-src-elem', blocked: 'inline' });
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    expect(policy.consoleErrors.join('\n')).toMatch(
      /inline script violates .*Content Security Policy/,
    );
    // The page's own scripts still ran.
    await expectHydrated(page);
  });
});
