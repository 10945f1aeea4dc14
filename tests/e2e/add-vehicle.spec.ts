import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/*
 * The add-vehicle and edit-vehicle pages on the production build (spec §2, §4, §5, §8; issue 9):
 * the §5 checks in order with their Arabic messages, a full listing (cropped main image, six
 * photos reordered, rich text, an extra row) sent with progress and a retry after a dropped
 * connection, the draft that survives a reload, an edit of the price, and the English form.
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
  session: Session;
}

interface ForUpdate {
  id: number;
  price: number;
  image: string;
  images: { path: string }[];
  moreInfo: string;
  bestThreeCategories: string[];
  extinsionCategory: { extensionName: string; extentionValue: string }[];
  statusId: number;
}

const PASSWORD = 'Test@12345';
let counter = 0;

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

const auth = (account: Account) => ({ Authorization: `Bearer ${account.session.token}` });

async function newSeller(request: APIRequestContext): Promise<Account> {
  const states = await apiData<{ id: number }[]>(await request.get('/api/Category/GetStates'));
  const cities = await apiData<{ id: number }[]>(
    await request.get(`/api/Category/GetStateCities?StateId=${states[0]!.id}`),
  );
  const email = `seller-${Date.now().toString(36)}-${(counter += 1)}@e2e.example.ps`;
  const session = await apiData<Session>(
    await request.post('/api/User/CustomerSignUp', {
      data: {
        name: 'بائع تجريبي',
        email,
        mobile: '0599123456',
        ssn: '123456782',
        addressState: states[0]!.id,
        addressCity: cities[0]!.id,
        addressInfo: 'رام الله',
        moreInfo: '',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    }),
  );
  return { email, password: PASSWORD, session };
}

/** Opens pages as the seller without the login form (the session lives in localStorage). */
async function useSession(page: Page, account: Account) {
  await page.addInitScript((session: Session) => {
    localStorage.setItem('token', session.token);
    localStorage.setItem('id', String(session.id));
    localStorage.setItem('userName', session.name);
    localStorage.setItem('userType', String(session.userType));
  }, account.session);
}

/**
 * A photo of one colour with grain: told apart by its mean colour after the server re-encodes
 * it, and heavy enough (a few hundred KB) for the upload to take a moment on a slow uplink.
 */
const COLOURS = ['#c0392b', '#27ae60', '#2980b9', '#e1a40f', '#8e44ad', '#16a085', '#d35400'];
async function photo(index: number, width = 900, height = 600): Promise<Buffer> {
  const [r, g, b] = hexToRgb(COLOURS[index]!);
  const pixels = Buffer.alloc(width * height * 3);
  for (let at = 0; at < pixels.length; at += 3) {
    const grain = Math.round((Math.random() - 0.5) * 50);
    pixels[at] = r! + grain;
    pixels[at + 1] = g! + grain;
    pixels[at + 2] = b! + grain;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
const photoFiles = async (count: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `photo-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await photo(index),
    })),
  );

/** The colour of a stored image, as [r, g, b]. */
async function colourOf(request: APIRequestContext, path: string): Promise<number[]> {
  const image = await request.get(path);
  expect(image.ok(), path).toBe(true);
  const { channels } = await sharp(await image.body()).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}
function hexToRgb(hex: string) {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
}
function expectColour(actual: number[], hex: string) {
  hexToRgb(hex).forEach((value, index) =>
    expect(Math.abs(actual[index]! - value)).toBeLessThan(12),
  );
}

const toast = (page: Page) => page.locator('.swal2-toast .swal2-title');
async function expectToast(page: Page, text: string) {
  await expect(toast(page)).toHaveText(text);
}

async function formReady(page: Page) {
  await expect(page.locator('form[data-vehicle-form][data-ready]')).toBeVisible();
  await expect(page.locator('form[data-vehicle-form] button[type="submit"]')).toBeEnabled();
}

/** Chooses the first real option of a select (after its list has arrived). */
async function chooseFirst(page: Page, id: string) {
  const select = page.locator(`#${id}`);
  await expect(select).toBeEnabled();
  await expect(select.locator('option').nth(1)).toBeAttached();
  await select.selectOption({ index: 1 });
}

async function cropMainImage(page: Page, dialogName: string, saveName: string) {
  await page
    .locator('[data-vehicle-main-image-input]')
    .setInputFiles({ name: 'main.png', mimeType: 'image/png', buffer: await photo(6, 2000, 1000) });
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog.locator('.cropper-crop-box')).toBeVisible();
  await dialog.getByRole('button', { name: saveName }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-main-image]')).toBeVisible();
}

test.describe('add vehicle', () => {
  test('every check in the spec order, then a full listing sent with progress and a retry, lands pending', async ({
    page,
    request,
  }) => {
    test.setTimeout(100_000);
    const seller = await newSeller(request);

    // Sign in through the form, coming back to the add page.
    await page.goto('/profile/add_vehicle');
    await expect(page).toHaveURL(/\/login\?next=/);
    await expect(page.locator('form button[type="submit"]')).toBeEnabled();
    await page.locator('#login-email').fill(seller.email);
    await page.locator('#login-password').fill(PASSWORD);
    await page.locator('#login-password').press('Enter');
    await expect(page).toHaveURL(/\/profile\/add_vehicle$/);
    await expectToast(page, 'تم تسجيل الدخول بنجاح');
    await formReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // Quill is not part of the first load.
    await expect(page.locator('.ql-editor')).toHaveCount(0);

    const submit = page.getByRole('button', { name: 'إضافة المركبة' });
    const step = async (message: string, fix: () => Promise<unknown>, field?: string) => {
      await submit.click();
      await expectToast(page, message);
      if (field) await expect(page.locator(`#${field}`)).toBeFocused();
      await fix();
    };

    // The first submit marks every invalid field at once; a mark goes when its field is fixed.
    await submit.click();
    await expectToast(page, 'إختر نوع المركبة');
    for (const field of ['vehicle-brand', 'vehicle-model', 'vehicle-year', 'vehicle-meals']) {
      await expect(page.locator(`#${field}`)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page.locator('#vehicle-meals-error')).toHaveText('أدخل المسافة المقطوعة');
    await page.locator('#vehicle-meals').fill('1000');
    await expect(page.locator('#vehicle-meals')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#vehicle-year')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('#vehicle-meals').fill('');

    await step('إختر نوع المركبة', () => chooseFirst(page, 'vehicle-brand'), 'vehicle-brand');
    await step('إختر موديل المركبة', () => chooseFirst(page, 'vehicle-model'), 'vehicle-model');
    await step(
      'أدخل سنة الإنشاء',
      async () => {
        // Arabic-Indic digits are taken; a 4-digit year above 2030 is held there with its toast.
        await page.locator('#vehicle-year').fill('٢٠٣٥');
        await expectToast(page, 'السنة يجب أن تكون أقل من أو تساوي 2030');
        await expect(page.locator('#vehicle-year')).toHaveValue('2030');
        await expect(page.locator('#vehicle-year-error')).toHaveText(
          'السنة يجب أن تكون أقل من أو تساوي 2030',
        );
        await page.locator('#vehicle-year').fill('2019');
      },
      'vehicle-year',
    );
    await step('أدخل المسافة المقطوعة', async () => {
      await page.locator('#vehicle-meals').fill('1234567890');
      await expectToast(page, 'المسافة المقطوعة يجب أن تكون أقل من أو تساوي 999999999');
      await expect(page.locator('#vehicle-meals')).toHaveValue('999999999');
      await page.locator('#vehicle-meals').fill('85000');
    });
    const lookups: [string, string][] = [
      ['إختر نوع الهيكل', 'vehicle-body-type'],
      ['إختر لون المركبة', 'vehicle-color'],
      ['إختر نوع الدهان', 'vehicle-painted-type'],
      ['إختر حالة الدهان', 'vehicle-painted-status'],
      ['إختر مواصفات المركبة', 'vehicle-specification'],
      ['إختر نوع ناقل الحركة', 'vehicle-gear-type'],
      ['إختر نوع الوقود', 'vehicle-oil-type'],
    ];
    for (const [message, id] of lookups) await step(message, () => chooseFirst(page, id));
    await step('أدخل سعر المركبة', async () => {
      await page.locator('#vehicle-price').fill('-40');
      await expectToast(page, 'السعر يجب أن يكون أكبر من أو يساوي 0');
      await expect(page.locator('#vehicle-price')).toHaveValue('0');
      await page.locator('#vehicle-price').fill('٥٢٠٠٠٫٥');
      await expect(page.locator('#vehicle-price')).toHaveValue('52000.5');
    });
    await step('إختر نوع العملة المراد', () =>
      page.locator('#vehicle-currency').selectOption('86'),
    );
    await step(
      'تأكد من إضافة المميزات الثلاثة بطريقة صحيحة',
      async () => {
        await page.locator('#vehicle-feature-1').fill('فتحة سقف');
        await page.locator('#vehicle-feature-2').fill('كاميرا خلفية');
        await page.locator('#vehicle-feature-3').fill('مقاعد جلد');
      },
      'vehicle-feature-1',
    );
    await step(
      'أضف صورة مصغرة للمركبة',
      () => cropMainImage(page, 'قص الصورة الرئيسية', 'استخدام هذه الصورة'),
      'vehicle-image-choose',
    );
    await step(
      'أضف على الأقل 6 صور',
      async () => {
        await page.locator('[data-vehicle-photos-input]').setInputFiles(await photoFiles(6));
        await expect(page.locator('[data-photos-count="6"]')).toBeVisible();
      },
      'vehicle-photos-add',
    );

    // Reorder: the first photo moves one place later, so the second becomes the cover.
    const photos = page.locator('[data-photos-list] > li');
    const sources = await photos
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    await page.getByRole('button', { name: 'تأخير الصورة 1' }).click();
    await expect(photos.nth(0).locator('img')).toHaveAttribute('src', sources[1]!);
    await expect(photos.nth(1).locator('img')).toHaveAttribute('src', sources[0]!);
    await expect(photos.nth(0).locator('[data-cover]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'تأخير الصورة 2' })).toBeFocused();

    // The description in quill: a bold line and a bulleted list.
    const editor = page.locator('.ql-editor');
    await page.locator('#vehicle-section-description').scrollIntoViewIfNeeded();
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('حالة ممتازة');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'قائمة نقطية' }).click();
    await page.keyboard.type('فحص كامل');
    await page.keyboard.press('Enter');
    await page.keyboard.type('صيانة دورية');
    await expect(editor.locator('strong')).toHaveText('حالة ممتازة');
    await expect(editor.locator('li')).toHaveCount(2);

    await page.getByRole('button', { name: 'إضافة معلومة' }).click();
    await expect(page.locator('[data-extra-row] input').first()).toBeFocused();
    await page.locator('[data-extra-row] input').first().fill('عدد المقاعد');
    await page.locator('[data-extra-row] input').nth(1).fill('5');

    // First attempt: the connection drops. Nothing is lost; one press sends it again.
    await page.route('**/api/Vehicle/CreateVehicle', (route) => route.abort('failed'), {
      times: 1,
    });
    await submit.click();
    await expect(page.locator('.swal2-popup:not(.swal2-toast)')).toContainText(
      'هل تريد إضافة هذه المركبة؟',
    );
    await page.locator('.swal2-confirm').click();
    await expectToast(page, 'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت ثم حاول مجدداً');
    const retry = page.getByRole('button', { name: 'إعادة المحاولة' });
    await expect(retry).toBeVisible();
    await expect(page.locator('#vehicle-price')).toHaveValue('52000.5');

    // The retry over a slow uplink: the progress bar moves through real percentages.
    const seen: number[] = [];
    await page.exposeFunction('reportUploadProgress', (value: number) => seen.push(value));
    await page.evaluate(() => {
      const report = (window as unknown as { reportUploadProgress: (v: number) => void })
        .reportUploadProgress;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = Number(bar?.getAttribute('aria-valuenow'));
        if (bar) report(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    const created = page.waitForResponse('**/api/Vehicle/CreateVehicle');
    await retry.click();
    await expect(page.getByRole('progressbar', { name: 'تقدّم الرفع' })).toBeVisible();
    expect((await created).status()).toBe(200);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await expect(page).toHaveURL(/\/profile\/my_vehicles$/);
    await expectToast(page, 'تم إضافة مركبة جديدة بنجاح');
    expect(
      seen.some((value) => value > 0 && value < 100),
      `progress seen: ${seen}`,
    ).toBe(true);
    expect(seen).toContain(100);

    // The new vehicle is pending (95), with what was typed, in the order chosen.
    const mine = await apiData<{ id: number; statusId: number; images: string[] }[]>(
      await request.get('/api/Vehicle/GetMyVehicles', { headers: auth(seller) }),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.statusId).toBe(95);
    const saved = await apiData<ForUpdate>(
      await request.get(`/api/Vehicle/GetVehicelForUpdate?id=${mine[0]!.id}`, {
        headers: auth(seller),
      }),
    );
    expect(saved.price).toBe(52000.5);
    expect(saved.bestThreeCategories).toEqual(['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد']);
    expect(saved.extinsionCategory).toEqual([
      { extensionName: 'عدد المقاعد', extentionValue: '5' },
    ]);
    expect(saved.moreInfo).toMatch(/<strong>حالة ممتازة<\/strong>/);
    expect(saved.moreInfo).toMatch(/<ul>\s*<li>فحص كامل<\/li>\s*<li>صيانة دورية<\/li>\s*<\/ul>/);
    expect(saved.images).toHaveLength(6);
    expectColour(await colourOf(request, saved.images[0]!.path), COLOURS[1]!);
    expectColour(await colourOf(request, saved.images[1]!.path), COLOURS[0]!);
    const main = await sharp(await (await request.get(saved.image)).body()).metadata();
    expect(main.width! / main.height!).toBeCloseTo(1.75, 1);

    // My vehicles shows it pending; the admin accepts it; its public page shows it, photos and all.
    const row = page.locator(`[data-vehicle-row="${saved.id}"]`);
    await expect(row.locator('[data-status-chip]')).toHaveAttribute('data-status-chip', 'pending');
    const admin = await apiData<Session>(
      await request.post('/api/User/UserLogin', {
        data: { email: 'admin@example.ps', password: 'Admin@12345' },
      }),
    );
    await apiData(
      await request.put('/api/Vehicle/UpdateVehicleStatus', {
        headers: { Authorization: `Bearer ${admin.token}` },
        data: { vehicleId: saved.id, statusId: 96, messageReplay: '' },
      }),
    );
    await page.reload();
    await expect(row.locator('[data-status-chip]')).toHaveAttribute('data-status-chip', 'accepted');
    const publicPage = (await row.locator('[data-public-page]').getAttribute('href'))!;
    expect(publicPage).toMatch(new RegExp(`^/vehicle/${saved.id}-`));
    await page.goto(publicPage);
    await expect(page.locator('[data-vehicle-price]')).toContainText('52,001');
    await expect(page.locator('[data-photo-slide]')).toHaveCount(6);
    await expect(page.locator('[data-vehicle-description] strong')).toHaveText('حالة ممتازة');
    await expect(page.getByText('عدد المقاعد')).toBeVisible();

    // The seller lowers the price through the edit form; the public page follows at once.
    await page.goto(`/profile/update_vehicle?id=${saved.id}`);
    await formReady(page);
    await page.locator('#vehicle-price').fill('49500');
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await page.locator('.swal2-confirm').click();
    await expect(page).toHaveURL(/\/profile\/my_vehicles$/);
    await expectToast(page, 'تم تعديل المركبة بنجاح');
    await page.goto(publicPage);
    await expect(page.locator('[data-vehicle-price]')).toContainText('49,500');

    // The draft went with the saved vehicle.
    await page.goto('/profile/add_vehicle');
    await formReady(page);
    await expect(page.locator('[data-draft-restored]')).toHaveCount(0);
    await expect(page.locator('#vehicle-year')).toHaveValue('');
  });

  test('the draft survives a reload, photos included, until it is discarded', async ({
    page,
    request,
  }) => {
    const seller = await newSeller(request);
    await useSession(page, seller);
    await page.goto('/profile/add_vehicle');
    await formReady(page);
    await chooseFirst(page, 'vehicle-brand');
    await chooseFirst(page, 'vehicle-model');
    const model = await page.locator('#vehicle-model').inputValue();
    await page.locator('#vehicle-year').fill('2018');
    await page.locator('#vehicle-price').fill('31000');
    await page.locator('#vehicle-feature-2').fill('شاشة لمس');
    await page.locator('[data-vehicle-photos-input]').setInputFiles(await photoFiles(6));
    await expect(page.locator('[data-photos-count="6"]')).toBeVisible();
    // 'saved' stands for the latest change: here, the six photos.
    await expect(page.locator('[data-draft-status="saved"]')).toBeVisible();

    await page.reload();
    await formReady(page);
    await expect(page.locator('[data-draft-restored]')).toBeVisible();
    await expect(page.locator('#vehicle-year')).toHaveValue('2018');
    await expect(page.locator('#vehicle-price')).toHaveValue('31000');
    await expect(page.locator('#vehicle-feature-2')).toHaveValue('شاشة لمس');
    await expect(page.locator('#vehicle-model')).toHaveValue(model);
    await expect(page.locator('[data-photos-count="6"]')).toBeVisible();
    await expect(page.locator('[data-photos-list] img').first()).toHaveAttribute(
      'src',
      /^data:image\/jpeg;base64,/,
    );

    await page.getByRole('button', { name: 'تجاهل المسودة' }).click();
    await page.locator('.swal2-confirm').click();
    await expect(page.locator('[data-draft-restored]')).toHaveCount(0);
    await expect(page.locator('#vehicle-year')).toHaveValue('');
    await expect(page.locator('[data-photos-count="0"]')).toBeVisible();
    await page.reload();
    await formReady(page);
    await expect(page.locator('[data-draft-restored]')).toHaveCount(0);
  });

  test('the English form reads left to right with English labels and messages', async ({
    page,
    request,
  }) => {
    const seller = await newSeller(request);
    await useSession(page, seller);
    await page.goto('/en/profile/add_vehicle');
    await formReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a vehicle');
    const make = page.getByLabel('Make', { exact: true });
    await expect(make).toBeVisible();
    await expect(page.getByLabel('Distance travelled (km)')).toBeVisible();
    await page.getByRole('button', { name: 'Add the vehicle' }).click();
    await expectToast(page, 'Choose the vehicle make');
    await expect(make).toBeFocused();
    const year = page.getByLabel('Year', { exact: true });
    await year.fill('1850');
    await expectToast(page, 'The year must be 1900 or later');
    await expect(year).toHaveValue('1900');
  });
});

test.describe('edit vehicle', () => {
  test('the price is changed and saved; the photos stay as they were', async ({
    page,
    browser,
    request,
  }) => {
    const seller = await newSeller(request);
    const pick = async (call: string) =>
      (await apiData<{ id: number }[]>(await request.get(`/api/Category/${call}`)))[0]!.id;
    const brandIdFk = await pick('GetBrands');
    const models = await apiData<{ id: number }[]>(
      await request.get(`/api/Category/GetBrandModels?brandId=${brandIdFk}`),
    );
    const dataUrl = async (index: number, width = 800, height = 600) =>
      `data:image/jpeg;base64,${(await photo(index, width, height)).toString('base64')}`;
    const createdVehicle = await apiData<{ id: number }>(
      await request.post('/api/Vehicle/CreateVehicle', {
        headers: auth(seller),
        data: {
          brandIdFk,
          modelIdFk: models[0]!.id,
          year: 2016,
          numOfMeals: 120000,
          bodyTypeIdCfk: await pick('GetBodyType'),
          colorIdCFK: await pick('GetColor'),
          paintedTypeIdCfk: await pick('GetPaintedType'),
          paintedStatusIdCfk: await pick('GetPaintedStatus'),
          specificationIdCfk: await pick('GetSpecification'),
          gearTypeIdCfk: await pick('GetGearType'),
          oilTypeIdCfk: await pick('GetOilType'),
          price: 30000,
          currency: 86,
          image: await dataUrl(6, 875, 500),
          images: await Promise.all([0, 1, 2, 3, 4, 5].map((index) => dataUrl(index))),
          bestThreeCategories: ['أ', 'ب', 'ج'],
          moreInfo: '<p>وصف</p>',
          extinsionCategory: [],
        },
      }),
    );
    const forUpdate = (account: Account) =>
      request.get(`/api/Vehicle/GetVehicelForUpdate?id=${createdVehicle.id}`, {
        headers: auth(account),
      });
    const before = await apiData<ForUpdate>(await forUpdate(seller));

    await useSession(page, seller);
    await page.goto(`/profile/update_vehicle?id=${createdVehicle.id}`);
    await formReady(page);
    await expect(page.locator('#vehicle-year')).toHaveValue('2016');
    await expect(page.locator('#vehicle-year')).toHaveAttribute('maxlength', '4');
    await expect(page.locator('#vehicle-price')).toHaveValue('30000');
    await expect(page.locator('[data-photos-count="6"]')).toBeVisible();
    await expect(page.locator('[data-main-image]')).toHaveAttribute('src', before.image);
    await page.locator('#vehicle-price').fill('27500');
    await page.getByRole('button', { name: 'حفظ التعديلات' }).click();
    await expect(page.locator('.swal2-popup:not(.swal2-toast)')).toContainText(
      'هل تريد حفظ التعديلات؟',
    );
    const saving = page.waitForRequest('**/api/Vehicle/UpdateVehicle');
    await page.locator('.swal2-confirm').click();
    // Unchanged images are not sent again.
    expect((await saving).postDataJSON()).toMatchObject({ price: 27500, image: '', images: [] });
    await expect(page).toHaveURL(/\/profile\/my_vehicles$/);
    await expectToast(page, 'تم تعديل المركبة بنجاح');
    const after = await apiData<ForUpdate>(await forUpdate(seller));
    expect(after.price).toBe(27500);
    expect(after.images.map((image) => image.path)).toEqual(
      before.images.map((image) => image.path),
    );

    // Without an id, and for someone else's vehicle: a clear message and the way back.
    await page.goto('/profile/update_vehicle');
    await expect(page.locator('[data-vehicle-load-error]')).toContainText('خطأ في تحديد المركبة');
    await expect(page.getByRole('link', { name: 'العودة إلى مركباتي' }).first()).toHaveAttribute(
      'href',
      '/profile/my_vehicles',
    );
    const stranger = await newSeller(request);
    const refused = await forUpdate(stranger);
    expect(refused.status()).toBe(403);
    const refusal = ((await refused.json()) as { message: string }).message;
    const other = await (await browser.newContext()).newPage();
    await useSession(other, stranger);
    await other.goto(`/profile/update_vehicle?id=${createdVehicle.id}`);
    await expect(other.locator('[data-vehicle-load-error]')).toContainText(refusal);
  });
});
