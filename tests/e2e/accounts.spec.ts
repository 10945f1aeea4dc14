import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/*
 * Accounts on the production build: sign-up (both kinds, every check in order), login, the
 * profile (edit, picture crop, password), favourites, the guard of the profile area, and live
 * notifications on the bell (the forgot-password link has its own file, reset-password.spec.ts).
 *
 * Notifications are created with POST /api/Test/Notify, which exists only on a server started
 * with E2E_TEST_HOOKS=1.
 */

interface Session {
  id: number;
  token: string;
  name: string;
  userType: number;
}

interface Account {
  email: string;
  password: string;
  name: string;
  session: Session;
}

const PASSWORD = 'Test@12345';
let counter = 0;
const uniqueEmail = (kind: string) =>
  `${kind}-${Date.now().toString(36)}-${(counter += 1)}@e2e.example.ps`;

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

/** The first state and one of its cities, by id (the fixed lists of spec §3). */
async function place(request: APIRequestContext) {
  const states = await apiData<{ id: number; name: string }[]>(
    await request.get('/api/Category/GetStates'),
  );
  const state = states[1] ?? states[0]!;
  const cities = await apiData<{ id: number; name: string }[]>(
    await request.get(`/api/Category/GetStateCities?StateId=${state.id}`),
  );
  return { state, city: cities[0]! };
}

/** A new individual account made through the API (for tests about something else). */
async function newAccount(request: APIRequestContext, name = 'حساب تجريبي'): Promise<Account> {
  const { state, city } = await place(request);
  const email = uniqueEmail('user');
  const session = await apiData<Session>(
    await request.post('/api/User/CustomerSignUp', {
      data: {
        name,
        email,
        mobile: '0599123456',
        ssn: '123456782',
        addressState: state.id,
        addressCity: city.id,
        addressInfo: 'شارع القدس',
        moreInfo: '',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    }),
  );
  return { email, password: PASSWORD, name, session };
}

const toast = (page: Page) => page.locator('.swal2-toast .swal2-title');

async function expectToast(page: Page, text: string) {
  await expect(toast(page)).toHaveText(text);
}

/** Waits for the page's form island to hydrate (its submit button is disabled until then). */
async function ready(page: Page) {
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
}

/** Logs in through the form, pressing Enter in the password field. */
async function logIn(page: Page, email: string, password: string, path = '/login') {
  if (!page.url().includes('/login')) await page.goto(path);
  await ready(page);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-password').press('Enter');
}

/**
 * Logs in and waits for the "Login Success" toast of the next page, so that toast cannot replace
 * a later one the test is waiting for.
 */
async function signedIn(page: Page, account: Account, next?: string) {
  await logIn(page, account.email, account.password, next ? `/login?next=${next}` : '/login');
  await expect(page).toHaveURL(next ? new RegExp(`${next}$`) : /\/profile$/);
  await expectToast(page, 'تم تسجيل الدخول بنجاح');
}

/** Resolves once the hub of the page at `path` has finished its handshake. */
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

test.describe('sign-up', () => {
  test('an individual signs up and lands on the profile', async ({ page, request }) => {
    const { state, city } = await place(request);
    const email = uniqueEmail('individual');
    await page.goto('/signUp');
    await ready(page);
    await expect(page.getByRole('tab', { name: /حساب فردي/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.locator('#signup-name').fill('سامي الخطيب');
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-mobile').fill('0599123456');
    await page.locator('#signup-ssn').fill('123456782');
    await page.locator('#signup-state').selectOption(String(state.id));
    await page.locator('#signup-city').selectOption(String(city.id));
    await page.locator('#signup-address').fill('شارع الإرسال');
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirm-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expectToast(page, 'تم إنشاء الحساب بنجاح');
    await expect(page.locator('#profile-name')).toHaveValue('سامي الخطيب');
    await expect(page.locator('#profile-ssn')).toHaveValue('123456782');
    await expect(page.locator('#profile-license')).toHaveCount(0);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      userType: localStorage.getItem('userType'),
      id: localStorage.getItem('id'),
    }));
    expect(stored.token?.split('.')).toHaveLength(3);
    expect(stored.userType).toBe('71');
    expect(Number(stored.id)).toBeGreaterThan(0);
  });

  test('a dealership signs up in English and lands on its profile', async ({ page, request }) => {
    const { state, city } = await place(request);
    await page.goto('/en/signUp');
    await ready(page);
    await page.getByRole('tab', { name: /Dealership account/ }).click();
    await page.locator('#signup-name').fill('Al-Quds Motors');
    await page.locator('#signup-email').fill(uniqueEmail('dealer'));
    await page.locator('#signup-mobile').fill('+970599123456');
    await page.locator('#signup-license').fill('LIC-123456');
    await page.locator('#signup-state').selectOption(String(state.id));
    await page.locator('#signup-city').selectOption(String(city.id));
    await page.locator('#signup-address').fill('Main Street');
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-confirm-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create the account' }).click();

    await expect(page).toHaveURL(/\/en\/profile$/);
    await expectToast(page, 'Your account was created.');
    await expect(page.locator('#profile-license')).toHaveValue('LIC-123456');
    await expect(page.locator('#profile-mobile')).toHaveValue('+970599123456');
    await expect(page.locator('[data-profile-card]')).toContainText('Dealership account');
  });

  test('every invalid field is marked with its message and the first one takes the focus; the password rules show as they are met', async ({
    page,
  }) => {
    await page.goto('/signUp');
    await ready(page);
    await page.locator('#signup-email').fill('not-an-email');
    await page.locator('#signup-password').fill('short');
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    // The spec's toast names the first failure; every failing field carries its own message.
    await expectToast(page, 'أدخل الإسم');
    const name = page.locator('#signup-name');
    await expect(name).toBeFocused();
    // The focused field shows the same 3 px ring as the buttons (WCAG 2.2 focus appearance).
    await expect(name).toHaveCSS('outline-width', '3px');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#signup-name-error')).toHaveText('أدخل الإسم');
    await expect(name).toHaveAccessibleDescription('أدخل الإسم');
    await expect(page.locator('#signup-mobile')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#signup-email-error')).toHaveText('الرجاء إدخال إيميل صالح');
    await expect(page.locator('#signup-password-error')).toHaveText(
      'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل',
    );
    await expect(page.locator('#signup-confirm-password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#signup-state')).toHaveAttribute('aria-invalid', 'true');

    // Editing a field clears its mark; the others stay.
    await name.fill('ليلى');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#signup-name-error')).toHaveCount(0);
    await expect(page.locator('#signup-mobile')).toHaveAttribute('aria-invalid', 'true');

    // The rules under the password say which are met while typing.
    const rules = page.locator('[data-password-rules] li');
    await expect(rules).toHaveCount(2);
    await expect(rules.nth(0)).toHaveAttribute('data-met', 'false');
    await page.locator('#signup-password').fill('Long@1234');
    await expect(rules.nth(0)).toHaveAttribute('data-met', 'true');
    await expect(rules.nth(1)).toHaveAttribute('data-met', 'false');
    await page.locator('#signup-confirm-password').fill('Long@1234');
    await expect(rules.nth(1)).toHaveAttribute('data-met', 'true');
  });

  test('the change-password form marks its fields and asks 8 characters in English', async ({
    page,
    request,
  }) => {
    const account = await newAccount(request);
    await signedIn(page, account);
    await page.goto('/en/profile/change_password');
    await ready(page);
    await page.locator('#password-old').fill(account.password);
    await page.locator('#password-new').fill('new1');
    await page.locator('#password-confirm').fill('new2');
    await page.locator('#password-new').press('Enter');
    await expectToast(page, 'The password must be at least 8 characters long');
    await expect(page.locator('#password-new')).toBeFocused();
    await expect(page.locator('#password-old')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#password-confirm-error')).toHaveText(
      'The new password does not match its confirmation',
    );
    await expect(page.locator('[data-password-rules]')).toContainText('At least 8 characters');
  });

  test('each check shows its Arabic message in the spec order, and inputs keep only what they allow', async ({
    page,
    request,
  }) => {
    // Eleven round trips of type, submit and read the toast.
    test.setTimeout(60_000);
    const { state, city } = await place(request);
    const existing = await newAccount(request);
    await page.goto('/signUp');
    await ready(page);
    const submit = page.getByRole('button', { name: 'إنشاء الحساب' });
    const step = async (message: string, fill: () => Promise<unknown>) => {
      await submit.click();
      await expectToast(page, message);
      await fill();
    };

    await step('أدخل الإسم', () => page.locator('#signup-name').fill('ليلى'));
    await step('أدخل الإيميل', () => page.locator('#signup-email').fill('not-an-email'));
    await step('أدخل رقم الجوال', async () => {
      const mobile = page.locator('#signup-mobile');
      await mobile.pressSequentially('05a9-9 12345678901');
      await expect(mobile).toHaveValue('05991234567890');
      await mobile.fill('');
      await mobile.pressSequentially('+9705991234567890');
      await expect(mobile).toHaveValue('+970599123456');
    });
    await step('أدخل رقم الهوية', async () => {
      const ssn = page.locator('#signup-ssn');
      await ssn.pressSequentially('12a3456789012');
      await expect(ssn).toHaveValue('123456789');
    });
    const cityControl = page.locator('#signup-city');
    await expect(cityControl).toBeDisabled();
    await step('إختر المحافظة', () => page.locator('#signup-state').selectOption(String(state.id)));
    await expect(cityControl).toBeEnabled();
    await step('إختر المدينة', () => cityControl.selectOption(String(city.id)));
    await step('أدخل كلمة المرور', () => page.locator('#signup-password').fill(PASSWORD));
    await step('أدخل تأكيد كلمة المرور', () =>
      page.locator('#signup-confirm-password').fill('Other@123'),
    );
    await step('تأكيد كلمة المرور لا يطابق كلمة المرور', () =>
      page.locator('#signup-confirm-password').fill(PASSWORD),
    );
    await step('الرجاء إدخال إيميل صالح', () => page.locator('#signup-email').fill(existing.email));

    // Changing the state resets the city.
    const states = await page
      .locator('#signup-state option')
      .evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value).filter((v) => v !== '0'),
      );
    const otherState = states.find((value) => value !== String(state.id))!;
    await page.locator('#signup-state').selectOption(otherState);
    await expect(cityControl).toHaveValue('0');
    await step('إختر المدينة', async () => {
      await page.locator('#signup-state').selectOption(String(state.id));
      await cityControl.selectOption(String(city.id));
    });

    // The dealership tab asks for the licence number in place of the identity number.
    await page.getByRole('tab', { name: /حساب معرض/ }).click();
    await step('أدخل رقم الترخيص', () => page.locator('#signup-license').fill('12345678901234'));
    await expect(page.locator('#signup-license')).toHaveValue('1234567890');

    // Everything passes on this side; the server refuses the taken email with its message.
    await submit.click();
    await expectToast(page, 'هذا البريد الإلكتروني مسجل مسبقاً');
    await expect(page).toHaveURL(/\/signUp$/);
  });
});

test.describe('login', () => {
  test('Enter signs in, says Login Success and goes to the profile', async ({ page, request }) => {
    const account = await newAccount(request, 'منى يوسف');
    await page.goto('/login');
    await ready(page);
    await page.getByRole('button', { name: 'دخول' }).click();
    await expectToast(page, 'أدخل الإيميل');
    await page.locator('#login-email').fill(account.email);
    await page.locator('#login-password').press('Enter');
    await expectToast(page, 'أدخل كلمة المرور');

    // Show/hide.
    const password = page.locator('#login-password');
    await password.fill('wrong-password');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'إظهار كلمة المرور' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await password.press('Enter');
    await expectToast(page, 'البريد الإلكتروني أو كلمة المرور غير صحيحة');

    await password.fill(account.password);
    await password.press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await expectToast(page, 'تم تسجيل الدخول بنجاح');
    await expect(page.locator('[data-profile-name]')).toHaveText('منى يوسف');
  });

  test('a failed call says why in Arabic: no connection, too many requests', async ({ page }) => {
    await page.goto('/login');
    await ready(page);
    await page.locator('#login-email').fill('someone@example.ps');
    await page.locator('#login-password').fill(PASSWORD);

    await page.route('**/api/User/UserLogin', (route) => route.abort('internetdisconnected'));
    await page.locator('#login-password').press('Enter');
    await expectToast(page, 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت ثم حاول مجدداً');
    await expect(page.locator('[data-login-form]')).not.toHaveAttribute('aria-busy');
    await expect(page.getByRole('button', { name: 'دخول' })).toBeEnabled();

    // A proxy in front of the API refuses without the API's envelope.
    await page.unroute('**/api/User/UserLogin');
    await page.route('**/api/User/UserLogin', (route) =>
      route.fulfill({ status: 429, contentType: 'text/html', body: '<h1>429</h1>' }),
    );
    await page.locator('#login-password').press('Enter');
    await expectToast(page, 'عدد كبير من الطلبات، الرجاء الانتظار قليلاً ثم المحاولة مجدداً');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('opening the login page clears the session but keeps the language', async ({
    page,
    request,
  }) => {
    const account = await newAccount(request);
    await signedIn(page, account);
    await page.evaluate(() => localStorage.setItem('lang', 'ar'));
    await page.goto('/login');
    const stored = await page.evaluate(() =>
      ['token', 'userName', 'userType', 'id', 'isAdmin', 'lang'].map((key) =>
        localStorage.getItem(key),
      ),
    );
    expect(stored).toEqual([null, null, null, null, null, 'ar']);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' }),
    ).toBeVisible();
  });
});

test.describe('profile area', () => {
  test('a protected page without a session goes to login and comes back after it', async ({
    page,
    request,
  }) => {
    const account = await newAccount(request);
    await page.goto('/profile/change_password');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile%2Fchange_password$/);
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile\/change_password$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('تغيير كلمة المرور');

    // An expired token counts as none.
    await page.evaluate(() => {
      const part = (value: unknown) =>
        btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const exp = Math.floor(Date.now() / 1000) - 60;
      localStorage.setItem('token', `${part({ alg: 'HS256' })}.${part({ exp })}.sig`);
    });
    await page.goto('/en/profile/favorit');
    await expect(page).toHaveURL(/\/en\/login\?next=%2Fen%2Fprofile%2Ffavorit$/);
  });

  test('the side menu shows the sections, disables the ones not built yet, and logs out', async ({
    page,
    request,
  }) => {
    const account = await newAccount(request, 'خالد حمدان');
    await signedIn(page, account);
    const menu = page.getByRole('navigation', { name: 'قائمة حسابي' }).last();
    await expect(menu.getByRole('link', { name: 'الملف الشخصي' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.getByRole('link', { name: 'المفضلة' })).toHaveAttribute(
      'href',
      '/profile/favorit',
    );
    await expect(menu.getByRole('link', { name: 'عمليات الدفع' })).toHaveAttribute(
      'href',
      '/profile/payment_operation',
    );
    // The menu holds the phone's folded copy too, hidden on a wide screen.
    await menu.getByText('الطلبات', { exact: true }).filter({ visible: true }).click();
    await expect(menu.getByRole('link', { name: 'طلبات الإعلانات' })).toHaveAttribute(
      'href',
      '/profile/ads_orders',
    );
    await expect(page.locator('[data-profile-card]')).toContainText('خالد حمدان');
    await expect(page.locator('[data-profile-visits]')).toHaveText('0');
    await expect(page.locator('[data-profile-image]')).toHaveAttribute(
      'src',
      '/img/profile-icon.png',
    );

    await menu.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the profile is edited with checks in order, and a cropped picture replaces the old one', async ({
    page,
    request,
  }) => {
    const account = await newAccount(request, 'رنا سعيد');
    await signedIn(page, account);
    await expect(page.locator('#profile-name')).toHaveValue('رنا سعيد');
    const save = page.getByRole('button', { name: 'حفظ التعديلات' });

    await page.locator('#profile-name').fill('');
    await save.click();
    await expectToast(page, 'أدخل الإسم');
    await page.locator('#profile-name').fill('رنا سعيد عودة');
    await page.locator('#profile-address').fill('');
    await save.click();
    await expectToast(page, 'أدخل العنوان');

    const mobile = page.locator('#profile-mobile');
    await mobile.fill('');
    await mobile.pressSequentially('0598-7654321');
    await expect(mobile).toHaveValue('0598765432');
    await page.locator('#profile-address').fill('البيرة - شارع النهضة');
    await page.locator('#profile-more-info').fill('متوفر بعد الساعة الخامسة مساءً');
    await save.click();
    await expectToast(page, 'تمت عملية التعديل بنجاح');
    await expect(page.locator('[data-profile-name]')).toHaveText('رنا سعيد عودة');

    await page.reload();
    await expect(page.locator('#profile-name')).toHaveValue('رنا سعيد عودة');
    await expect(page.locator('#profile-mobile')).toHaveValue('0598765432');
    await expect(page.locator('#profile-more-info')).toHaveValue('متوفر بعد الساعة الخامسة مساءً');

    // Not an image: refused before any upload.
    const input = page.locator('[data-profile-picture-input]');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expectToast(page, 'الرجاء اختيار ملف صورة');

    const png = await sharp({
      create: { width: 480, height: 320, channels: 3, background: '#1d7a5f' },
    })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const dialog = page.getByRole('dialog', { name: 'صورة الملف الشخصي' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.cropper-crop-box')).toBeVisible();
    const saveCrop = dialog.getByRole('button', { name: 'حفظ الصورة' });
    await expect(saveCrop).toBeEnabled();
    const upload = page.waitForRequest(
      (req) => req.url().includes('/api/User/UpdateCustomerImage') && req.method() === 'PUT',
    );
    await saveCrop.click();
    const sent = (await upload).postDataJSON() as { id: number; image: string };
    expect(sent.id).toBe(account.session.id);
    expect(sent.image.startsWith('data:image/jpeg;base64,')).toBe(true);
    await expect(dialog).toBeHidden();
    await expectToast(page, 'تم تعديل الصورة بنجاح');
    await expect(page.locator('[data-profile-edit-image]')).toHaveAttribute(
      'src',
      /^\/uploads\/profile\/.+\.jpg$/,
    );
    await expect(page.locator('[data-profile-image]')).toHaveAttribute(
      'src',
      /^\/uploads\/profile\/.+-320\.webp$/,
    );
    // The stored picture is the square crop.
    const src = await page.locator('[data-profile-edit-image]').getAttribute('src');
    const stored = await request.get(src!);
    const meta = await sharp(await stored.body()).metadata();
    expect(meta.width).toBe(meta.height);
  });

  test('the password changes after its checks, and the new one signs in', async ({
    page,
    request,
  }) => {
    const account = await newAccount(request);
    await signedIn(page, account);
    await page.goto('/profile/change_password');
    await ready(page);
    const submit = page.getByRole('button', { name: 'تغيير كلمة المرور' });
    await submit.click();
    await expectToast(page, 'أدخل كلمة المرور القديمة');
    await page.locator('#password-old').fill(account.password);
    await submit.click();
    await expectToast(page, 'أدخل كلمة المرور الجديدة');
    await page.locator('#password-new').fill('New@Pass2024');
    await page.locator('#password-confirm').fill('New@Pass2025');
    await submit.click();
    await expectToast(page, 'كلمة المرور الجديدة لا تطابق تأكيد كلمة المرور');
    const toggles = page.getByRole('button', { name: 'إظهار كلمة المرور' });
    await expect(toggles).toHaveCount(3);
    await toggles.nth(2).click();
    await expect(page.locator('#password-confirm')).toHaveAttribute('type', 'text');
    await page.locator('#password-confirm').fill('New@Pass2024');
    await submit.click();
    await expectToast(page, 'تم تغيير كلمة المرور بنجاح');
    await expect(page.locator('#password-old')).toHaveValue('');
    // The change ended the old session; this page keeps working with the token it answered.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).not.toBe(account.session.token);
    const profile = await request.get('/api/User/CustomerProfileInfo', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.ok()).toBe(true);
    const old = await request.get('/api/User/CustomerProfileInfo', {
      headers: { authorization: `Bearer ${account.session.token}` },
    });
    expect(old.status()).toBe(401);

    await page.goto('/login');
    await logIn(page, account.email, account.password);
    await expectToast(page, 'البريد الإلكتروني أو كلمة المرور غير صحيحة');
    await logIn(page, account.email, 'New@Pass2024');
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a favourite starred on the vehicle page is listed in favourites and leaves when un-starred', async ({
    page,
    request,
  }) => {
    const account = await newAccount(request);
    const list = await apiData<{ vehicles: { data: { id: number; slug: string }[] } }>(
      await request.get('/api/Vehicle/GetVehiclesRandomly?page=1&pageSize=6'),
    );
    const vehicle = list.vehicles.data[0]!;
    await signedIn(page, account, `/vehicle/${vehicle.slug}`);

    const star = page.locator(`favourite-star[vehicle-id="${vehicle.id}"] button`).first();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expectToast(page, 'تمت إضافة المركبة إلى المفضلة');
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/profile/favorit');
    const card = page.locator(`[data-favourite-card="${vehicle.id}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByRole('link').last()).toHaveAttribute('href', /^\/gallary\/.+/);
    const description = await card.locator('[data-favourite-description]').textContent();
    expect(description).not.toMatch(/[<>]/);
    expect(Array.from(description ?? '').length).toBeLessThanOrEqual(76);

    await card.locator(`[data-favourite-toggle="${vehicle.id}"]`).click();
    await expectToast(page, 'تمت إزالة المركبة من المفضلة');
    await expect(card).toHaveCount(0);
    await expect(page.locator('[data-favourites-empty]')).toBeVisible();
  });
});

test.describe('notifications', () => {
  test('a new notification reaches the bell of an open page without reload, and only its user', async ({
    browser,
    request,
  }) => {
    const [alice, bob] = [await newAccount(request, 'أليس'), await newAccount(request, 'بسام')];
    const open = async (account: Account) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signedIn(page, account);
      const ready = hubReady(page, '/vehicles');
      await page.goto('/vehicles');
      await ready;
      return page;
    };
    const [alicePage, bobPage] = [await open(alice), await open(bob)];
    const aliceBell = alicePage.locator('[data-bell]:visible');
    const bobBell = bobPage.locator('[data-bell]:visible');
    const count = (page: Page) => page.locator('[data-bell-count]').textContent({ timeout: 500 });
    const before = Number(await count(alicePage).catch(() => '0'));
    const bobBefore = Number(await count(bobPage).catch(() => '0'));

    const title = `تنبيه ${Date.now()}`;
    await apiData(
      await request.post('/api/Test/Notify', {
        data: { userId: alice.session.id, title, message: 'تمت الموافقة على طلبك' },
      }),
    );

    await expect(alicePage.locator('[data-bell-count]')).toHaveText(String(before + 1));
    await expect(aliceBell).toHaveAccessibleName(`الإشعارات: ${before + 1} غير مقروءة`);
    await aliceBell.click();
    const item = alicePage.locator('[data-notification]', { hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText('تمت الموافقة على طلبك');
    await expect(item).toHaveAttribute('data-unread', 'true');
    // Opening the bell marks everything read.
    await expect(alicePage.locator('[data-bell-count]')).toHaveCount(0);

    await bobBell.click();
    await expect(bobPage.locator('[data-bell-panel]')).toBeVisible();
    await expect(bobPage.locator('[data-notification]', { hasText: title })).toHaveCount(0);
    expect(bobBefore).toBeGreaterThanOrEqual(0);

    // The read state is the server's too.
    await alicePage.reload();
    await expect(alicePage.locator('[data-bell-count]')).toHaveCount(0);
    await alicePage.locator('[data-bell]:visible').click();
    await expect(alicePage.locator('[data-notification]', { hasText: title })).not.toHaveAttribute(
      'data-unread',
      'true',
    );
    await alicePage.context().close();
    await bobPage.context().close();
  });
});
