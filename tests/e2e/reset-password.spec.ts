import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Forgot password on the production build (issue §2): the login page's dialog asks for a link,
 * the link (read from the outbox through the test hook GET /api/Test/Outbox, which exists only
 * with E2E_TEST_HOOKS=1) opens the reset page, the new password signs in and the old one fails.
 */

const PASSWORD = 'Test@12345';
let counter = 0;

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

/** A new individual account made through the API. */
async function newAccount(request: APIRequestContext) {
  const email = `reset-${Date.now().toString(36)}-${(counter += 1)}@e2e.example.ps`;
  const states = await apiData<{ id: number }[]>(await request.get('/api/Category/GetStates'));
  const state = states[1] ?? states[0]!;
  const cities = await apiData<{ id: number }[]>(
    await request.get(`/api/Category/GetStateCities?StateId=${state.id}`),
  );
  await apiData(
    await request.post('/api/User/CustomerSignUp', {
      data: {
        name: 'حساب الاستعادة',
        email,
        mobile: '0599123456',
        ssn: '123456782',
        addressState: state.id,
        addressCity: cities[0]!.id,
        addressInfo: 'شارع القدس',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    }),
  );
  return { email, password: PASSWORD };
}

/** The path (with its token) of the last reset link mailed to `email`. */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await apiData<{ text: string }[]>(
        await request.get(`/api/Test/Outbox?to=${encodeURIComponent(email)}`),
      );
      link = /(https?:\/\/\S+\/reset_password\?token=[\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

const toast = (page: Page) => page.locator('.swal2-toast .swal2-title');

async function ready(page: Page) {
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
}

async function logIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await ready(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-password').press('Enter');
}

/** Asks for a link in the login page's forgot-password dialog. */
async function askForLink(page: Page, email: string, texts: Record<string, string>, path: string) {
  await page.goto(path);
  await ready(page);
  await page.getByRole('button', { name: texts.forgot! }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialog! });
  await expect(dialog).toBeVisible();
  await dialog.locator('#forgot-email').fill(email);
  await dialog.getByRole('button', { name: texts.send! }).click();
  await expect(toast(page)).toHaveText(texts.sent!);
  await expect(dialog).toBeHidden();
}

test('a person resets a forgotten password by the emailed link, once', async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await askForLink(
    page,
    account.email,
    {
      forgot: 'نسيت كلمة المرور؟',
      dialog: 'استعادة كلمة المرور',
      send: 'إرسال الرابط',
      sent: 'تم إرسال رابط تعيين كلمة مرور جديدة إلى بريدك الإلكتروني',
    },
    '/login',
  );
  const link = await resetLinkFor(request, account.email);
  expect(link).toMatch(/^\/reset_password\?token=/);

  // Until the link is used, the old password still signs in.
  const stillWorks = await request.post('/api/User/UserLogin', {
    data: { email: account.email, password: account.password },
  });
  expect(stillWorks.ok()).toBe(true);

  const opened = await page.goto(link);
  // The address carries the token: not cached, not sent on as a referrer.
  expect(opened?.headers()['cache-control']).toBe('no-store');
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تعيين كلمة مرور جديدة');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await ready(page);
  const submit = page.getByRole('button', { name: 'حفظ كلمة المرور' });
  await submit.click();
  await expect(toast(page)).toHaveText('أدخل كلمة المرور الجديدة');
  await page.locator('#reset-new').fill('Fresh@Pass2025');
  await page.locator('#reset-confirm').fill('Fresh@Pass2026');
  await submit.click();
  await expect(toast(page)).toHaveText('كلمة المرور الجديدة لا تطابق تأكيد كلمة المرور');
  await page.locator('#reset-confirm').fill('Fresh@Pass2025');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'تم تعيين كلمة المرور' })).toBeVisible();

  await page.locator('[data-reset-done]').getByRole('link', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, account.email, account.password);
  await expect(toast(page)).toHaveText('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  await logIn(page, account.email, 'Fresh@Pass2025');
  await expect(page).toHaveURL(/\/profile$/);

  // The same link a second time is refused, with a way to ask for a new one.
  await page.goto(link);
  await ready(page);
  await page.locator('#reset-new').fill('Again@Pass2025');
  await page.locator('#reset-confirm').fill('Again@Pass2025');
  await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
  const problem = page.locator('[data-reset-link-problem]');
  await expect(problem).toContainText('رابط تعيين كلمة المرور غير صالح أو مستخدم');
  await expect(problem.getByRole('link', { name: 'طلب رابط جديد' })).toHaveAttribute(
    'href',
    '/login',
  );
});

test('in English the link opens the English page, which sets the password', async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await askForLink(
    page,
    account.email,
    {
      forgot: 'Forgot your password?',
      dialog: 'Reset your password',
      send: 'Send the link',
      sent: 'We sent a link to set a new password to your email',
    },
    '/en/login',
  );
  const link = await resetLinkFor(request, account.email);
  expect(link).toMatch(/^\/en\/reset_password\?token=/);

  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set a new password');
  await ready(page);
  await page.locator('#reset-new').fill('English@2025');
  await page.locator('#reset-confirm').fill('English@2025');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.locator('[data-reset-done]').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);

  const fresh = await request.post('/api/User/UserLogin', {
    data: { email: account.email, password: 'English@2025' },
  });
  expect(fresh.ok()).toBe(true);

  // A link without its token says so instead of showing a form.
  await page.goto('/en/reset_password');
  await expect(page.locator('[data-reset-link-problem]')).toContainText('This link is incomplete');
  await expect(page.locator('[data-reset-password-form]')).toHaveCount(0);
});
