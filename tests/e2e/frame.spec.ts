import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/*
 * The page frame on the production build: language and direction, the language switch and its
 * memory, the footer's modals with texts from the API, the account corner and the 404 page.
 */

interface InterfaceItem {
  code: string;
  title: string;
  body: string;
}

interface SiteContact {
  name: string;
  mobile: string;
  email: string;
  addressCityName: string;
  addressStateName: string;
  addressInfo: string;
}

async function apiData<T>(request: APIRequestContext, path: string, lang: 'ar' | 'en'): Promise<T> {
  const response = await request.get(path, { headers: { 'Accept-Language': lang } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { success: boolean; data: T };
  expect(body.success).toBe(true);
  return body.data;
}

const squash = (text: string | null) => (text ?? '').replace(/\s+/g, '');

/** A token the browser accepts as valid (three parts, exp in the future); the server never sees it. */
function fakeToken(expInSeconds: number) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expInSeconds;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '5', exp })}.signature`;
}

async function signInWith(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', value);
      localStorage.setItem('userName', 'سامي الخطيب');
      localStorage.setItem('userType', '71');
      localStorage.setItem('id', '5');
      sessionStorage.setItem('seeded', 'yes');
    }
  }, token);
}

test.describe('language and direction', () => {
  test('the home page renders Arabic right to left with an Arabic heading', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('سوق المركبات');
    await expect(page).toHaveTitle(/سوق المركبات/);
    const browse = page.getByRole('link', { name: 'تصفح المركبات' });
    await expect(browse).toHaveAttribute('href', '/vehicles');
  });

  test('the English home page renders left to right under /en/', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicle Market');
    await expect(page.getByRole('link', { name: 'Browse vehicles' })).toHaveAttribute(
      'href',
      '/en/vehicles',
    );
    const nav = page.getByRole('navigation', { name: 'Main navigation' }).first();
    await expect(nav.getByRole('link', { name: 'Sellers' })).toHaveAttribute('href', '/en/sellers');
  });

  test('switching to English is remembered across reloads and visits, and switching back works', async ({
    page,
  }) => {
    await page.goto('/');
    const toEnglish = page.locator('header a[data-lang-switch="en"]:visible');
    await expect(toEnglish).toHaveAttribute('href', '/en/');
    await toEnglish.click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    await page.reload();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // A later visit to the Arabic address goes to the English page.
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vehicle Market');

    const toArabic = page.locator('header a[data-lang-switch="ar"]:visible');
    await expect(toArabic).toHaveAttribute('href', '/');
    await toArabic.click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');

    await page.goto('/en/');
    await expect(page).not.toHaveURL(/\/en\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });

  test('the switch keeps the query string', async ({ page }) => {
    await page.goto('/?brand=3');
    await expect(page.locator('header a[data-lang-switch="en"]:visible')).toHaveAttribute(
      'href',
      '/en/?brand=3',
    );
  });
});

test.describe('footer modals', () => {
  const policies = [
    { code: 'privacy_policy_modal' },
    { code: 'terms_and_conditions_modal' },
    { code: 'return_polices_modal' },
  ];

  for (const policy of policies) {
    test(`${policy.code} opens with its interface item's title and text`, async ({
      page,
      request,
    }) => {
      const items = await apiData<InterfaceItem[]>(
        request,
        '/api/Interfaces/GetInterfacesItems',
        'ar',
      );
      const item = items.find((candidate) => candidate.code === policy.code);
      expect(item, `interface item ${policy.code}`).toBeTruthy();
      if (!item) return;

      await page.goto('/');
      // The link says the title of the dialog it opens (the admin's title of the item).
      const opener = page
        .getByRole('contentinfo')
        .getByRole('button', { name: item.title, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: item.title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: item.title })).toBeVisible();

      // The body is the item's HTML as is: the same text, paragraph for paragraph.
      const expected = await page.evaluate((html) => {
        const holder = document.createElement('div');
        holder.innerHTML = html;
        return holder.textContent;
      }, item.body);
      expect(squash(expected).length).toBeGreaterThan(20);
      const shown = await dialog.locator('[data-dialog-body]').textContent();
      expect(squash(shown)).toBe(squash(expected));

      // Focus moves into the dialog, Escape closes it and focus returns to the opener.
      await expect
        .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]'))))
        .toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      // The close button closes it too.
      await opener.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'إغلاق' }).last().click();
      await expect(dialog).toBeHidden();
    });
  }

  test('English pages show the English policy texts', async ({ page, request }) => {
    const items = await apiData<InterfaceItem[]>(
      request,
      '/api/Interfaces/GetInterfacesItems',
      'en',
    );
    const terms = items.find((item) => item.code === 'terms_and_conditions_modal');
    expect(terms).toBeTruthy();
    if (!terms) return;
    await page.goto('/en/');
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Terms and conditions' })
      .click();
    const dialog = page.getByRole('dialog', { name: terms.title });
    await expect(dialog).toBeVisible();
    const expected = await page.evaluate((html) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      return holder.textContent;
    }, terms.body);
    expect(squash(await dialog.locator('[data-dialog-body]').textContent())).toBe(squash(expected));
  });

  test('the contact modal shows the site contact and a messaging-app link', async ({
    page,
    request,
  }) => {
    const contact = await apiData<SiteContact>(
      request,
      '/api/User/GetWebSiteComunicationInfo',
      'ar',
    );
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'تواصل معنا' }).click();
    const dialog = page.getByRole('dialog', { name: 'تواصل معنا' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-contact="name"]')).toHaveText(contact.name);
    await expect(dialog.locator('[data-contact="location"]')).toHaveText(
      `${contact.addressCityName} / ${contact.addressStateName}`,
    );
    await expect(dialog.locator('[data-contact="address"]')).toHaveText(contact.addressInfo);
    await expect(dialog.locator('[data-contact="phone"]')).toHaveText(contact.mobile);
    await expect(dialog.locator('[data-contact="email"]')).toHaveText(contact.email);

    // The rule: digits only, the local 0 of a 059/056 number replaced by 970.
    const digits = contact.mobile.replace(/\D/g, '');
    expect(digits).toMatch(/^05[96]/);
    const whatsApp = dialog.locator('[data-contact="whatsapp"]');
    await expect(whatsApp).toHaveAttribute('href', `https://wa.me/970${digits.slice(1)}`);
    await expect(whatsApp).toHaveAttribute('href', /^https:\/\/wa\.me\/970\d{9}$/);

    await dialog.getByRole('button', { name: 'إغلاق' }).first().click();
    await expect(dialog).toBeHidden();
  });

  test('social links show only the accounts the site has, with names', async ({
    page,
    request,
  }) => {
    const contact = await apiData<SiteContact & { social: Record<string, string> }>(
      request,
      '/api/User/GetWebSiteComunicationInfo',
      'en',
    );
    await page.goto('/en/');
    const links = page.locator('[data-social-links] a');
    const set = Object.entries(contact.social).filter(([, href]) => href);
    await expect(links).toHaveCount(set.length);
    for (const [network, href] of set) {
      const link = page.locator(`[data-social-links] a[data-network="${network}"]`);
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('aria-label', /^Vehicle Market on /);
    }
    await expect(page.locator('[data-copyright]')).toContainText('2024');
  });
});

test.describe('account corner', () => {
  test('visitors see the login and sign-up buttons and no bell', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute(
      'href',
      '/signUp',
    );
    await expect(header.getByRole('button', { name: 'الإشعارات' })).toBeHidden();
  });

  test('a valid session shows the bell and the account menu; logout keeps the language', async ({
    page,
  }) => {
    await signInWith(page, fakeToken(3600));
    await page.goto('/en/');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Log in' })).toBeHidden();

    const menu = header.getByLabel('Account menu');
    await menu.click();
    await expect(header.getByText('سامي الخطيب').first()).toBeVisible();
    await expect(header.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/en/profile',
    );
    await header.getByRole('button', { name: 'Log out' }).click();

    await expect(page).toHaveURL(/\/en\/$/);
    await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Notifications' })).toBeHidden();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      id: localStorage.getItem('id'),
      lang: localStorage.getItem('lang'),
    }));
    expect(stored).toEqual({ token: null, id: null, lang: 'en' });
  });

  test('an expired session counts as signed out', async ({ page }) => {
    await signInWith(page, fakeToken(-60));
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'الإشعارات' })).toBeHidden();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page is complete: navigation, hero, footer', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'القائمة الرئيسية' }).first();
    for (const [name, href] of [
      ['الرئيسية', '/'],
      ['المركبات', '/vehicles'],
      ['البائعون', '/sellers'],
      ['من نحن', '/aboutus'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('سوق المركبات');
    await expect(page.locator('[data-copyright]')).toContainText('2024');
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/en/']) {
    test(`${path} fits 390 px, signed out and signed in, and the menu opens`, async ({ page }) => {
      // The vertical ads popup opens by itself at this width; this test is about the menu.
      await page.addInitScript(() => localStorage.setItem('verticalAdsShown', String(Date.now())));
      await page.goto(path);
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);

      await page.locator('[data-mobile-menu] summary').click();
      const panel = page.locator('[data-mobile-menu] nav');
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link')).toHaveCount(4);

      await page.evaluate((token) => localStorage.setItem('token', token), fakeToken(3600));
      await page.reload();
      await expect(
        page.getByRole('banner').getByRole('button', { name: /الإشعارات|Notifications/ }),
      ).toBeVisible();
      expect(await overflow()).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('not found', () => {
  test('a missing page answers 404 in Arabic', async ({ page, request }) => {
    const contact = await apiData<SiteContact>(
      request,
      '/api/User/GetWebSiteComunicationInfo',
      'ar',
    );
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
    // The whole frame is there, footer contact included.
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: contact.mobile }),
    ).toBeVisible();
  });

  test('a missing page under /en/ answers 404 in English', async ({ page }) => {
    const response = await page.goto('/en/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});
