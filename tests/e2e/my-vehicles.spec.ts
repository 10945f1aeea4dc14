import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/*
 * My vehicles on the production build (seller spec §2, §3, §5, §8): the seller's table with its
 * status chips and filter, the admin's acceptance and reply, the photo lightbox, the 360 image
 * (edit modal, preview, public page), mark sold, delete, the empty-table alert, and the links
 * that lead sellers there (side menu, profile, the home page's "sell your vehicle").
 *
 * Vehicles are created through POST /api/Vehicle/CreateVehicle and reviewed by the demo admin
 * through PUT /api/Vehicle/UpdateVehicleStatus, so the tests need no add-vehicle form.
 */

interface Session {
  id: number;
  token: string;
  name: string;
  userType: number;
}

interface Saved {
  id: number;
  slug: string;
  statusId: number;
}

const PASSWORD = 'Test@12345';
const ADMIN = { email: 'admin@example.ps', password: 'Admin@12345' };
const Status = { pending: 95, accepted: 96, rejected: 97, sold: 99 } as const;
let counter = 0;

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/** A new individual seller, signed up through the API. */
async function newSeller(request: APIRequestContext, name: string): Promise<Session> {
  const states = await apiData<{ id: number }[]>(await request.get('/api/Category/GetStates'));
  const cities = await apiData<{ id: number }[]>(
    await request.get(`/api/Category/GetStateCities?StateId=${states[0]!.id}`),
  );
  return apiData<Session>(
    await request.post('/api/User/CustomerSignUp', {
      data: {
        name,
        email: `seller-${Date.now().toString(36)}-${(counter += 1)}@e2e.example.ps`,
        mobile: '0599123456',
        ssn: '123456782',
        addressState: states[0]!.id,
        addressCity: cities[0]!.id,
        addressInfo: 'شارع الإرسال',
        moreInfo: '',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    }),
  );
}

/** The first choice of every lookup a draft needs. */
async function lookups(request: APIRequestContext) {
  const first = async (path: string) =>
    (await apiData<{ id: number; name: string }[]>(await request.get(`/api/Category/${path}`)))[0]!;
  const brand = await first('GetBrands');
  const model = await first(`GetBrandModels?brandId=${brand.id}`);
  const [body, color, paintedType, paintedStatus, specification, gear, oil] = await Promise.all(
    [
      'GetBodyType',
      'GetColor',
      'GetPaintedType',
      'GetPaintedStatus',
      'GetSpecification',
      'GetGearType',
      'GetOilType',
    ].map(first),
  );
  return {
    brand,
    model,
    ids: {
      brandIdFk: brand.id,
      modelIdFk: model.id,
      bodyTypeIdCfk: body!.id,
      colorIdCFK: color!.id,
      paintedTypeIdCfk: paintedType!.id,
      paintedStatusIdCfk: paintedStatus!.id,
      specificationIdCfk: specification!.id,
      gearTypeIdCfk: gear!.id,
      oilTypeIdCfk: oil!.id,
    },
  };
}

/** A plain picture; `shade` tells photos apart. */
const picture = (width: number, height: number, shade = 0) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (40 + shade * 37) % 256, g: (90 + shade * 53) % 256, b: 160 },
    },
  })
    .jpeg()
    .toBuffer();

/** An equirectangular-shaped picture with something to look at (a gradient and bands). */
async function panorama(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#0d4137"/><stop offset="1" stop-color="#f2ae3d"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${Array.from({ length: 8 }, (_, i) => `<rect x="${(i * width) / 8}" y="${height / 3}" width="${width / 16}" height="${height / 3}" fill="#fff"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

type Draft = Awaited<ReturnType<typeof lookups>>;

async function createVehicle(
  request: APIRequestContext,
  seller: Session,
  draft: Draft,
  price: number,
): Promise<Saved> {
  const photos = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => (await picture(64, 48, i)).toString('base64')),
  );
  return apiData<Saved>(
    await request.post('/api/Vehicle/CreateVehicle', {
      headers: bearer(seller),
      data: {
        ...draft.ids,
        year: 2019,
        numOfMeals: 85_000,
        price,
        currency: 86,
        image: `data:image/jpeg;base64,${(await picture(350, 200, 3)).toString('base64')}`,
        images: photos,
        bestThreeCategories: ['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد'],
        moreInfo: '<p>نظيفة جداً</p>',
        extinsionCategory: [],
      },
    }),
  );
}

async function review(
  request: APIRequestContext,
  admin: Session,
  vehicleId: number,
  statusId: number,
  messageReplay = '',
) {
  await apiData(
    await request.put('/api/Vehicle/UpdateVehicleStatus', {
      headers: bearer(admin),
      data: { vehicleId, statusId, messageReplay },
    }),
  );
}

/** Opens pages with `session` stored as the login form stores it (spec §3 keys). */
async function useSession(page: Page, session: Session) {
  await page.addInitScript((stored) => {
    localStorage.setItem('token', stored.token);
    localStorage.setItem('userName', stored.name);
    localStorage.setItem('userType', String(stored.userType));
    localStorage.setItem('id', String(stored.id));
  }, session);
}

const toast = (page: Page) => page.locator('.swal2-toast .swal2-title');
const row = (page: Page, id: number) => page.locator(`[data-vehicle-row="${id}"]`);
const filter = (page: Page, slug: string) => page.locator(`[data-status="${slug}"]`);

/** Opens a row's options menu and picks one (`data-<action>`). */
async function pick(page: Page, vehicleId: number, action: string) {
  const options = row(page, vehicleId).locator('[data-options]');
  await options.locator('summary').click();
  await options.locator(`[data-${action}]`).click();
}

test.describe.configure({ mode: 'serial' });

test.describe('my vehicles', () => {
  let seller: Session;
  let admin: Session;
  let draft: Draft;
  let kept: Saved;
  let refused: Saved;
  let doomed: Saved;

  test.beforeAll(async ({ request }) => {
    [seller, admin, draft] = await Promise.all([
      newSeller(request, 'بائع المركبات'),
      apiData<Session>(await request.post('/api/User/UserLogin', { data: ADMIN })),
      lookups(request),
    ]);
    kept = await createVehicle(request, seller, draft, 65_000.5);
    refused = await createVehicle(request, seller, draft, 30_000);
    doomed = await createVehicle(request, seller, draft, 12_000);
  });

  test('a new seller finds the page from the side menu, sees the empty alert and the add links', async ({
    page,
    request,
  }) => {
    await useSession(page, await newSeller(request, 'بائع جديد'));
    await page.goto('/profile');
    const add = page.locator('[data-profile-add-vehicle]');
    await expect(add).toHaveText('إضافة مركبة');
    await expect(add).toHaveAttribute('href', '/profile/add_vehicle');

    const menu = page.getByRole('navigation', { name: 'قائمة حسابي' }).last();
    await menu.getByRole('link', { name: 'مركباتي' }).click();
    await expect(page).toHaveURL(/\/profile\/my_vehicles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('مركباتي');
    await expect(menu.getByRole('link', { name: 'مركباتي' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const empty = page.locator('[data-my-vehicles-empty]');
    await expect(empty).toHaveAttribute('data-my-vehicles-empty', 'none');
    await expect(empty).toContainText('لم تقم بإضافة أي مركبة بعد.');
    await expect(page.locator('[data-add-vehicle]')).toHaveAttribute(
      'href',
      '/profile/add_vehicle',
    );

    // A filter with no match says so and offers every vehicle again.
    await filter(page, 'sold').click();
    await expect(page).toHaveURL(/\?status=sold$/);
    await expect(empty).toContainText('لا توجد مركبات بحالة «مباعة».');
    await empty.getByRole('button', { name: 'عرض كل المركبات' }).click();
    await expect(empty).toContainText('لم تقم بإضافة أي مركبة بعد.');

    // Spec §8: a 401 says "user not allowed"; a failed load offers a retry, not the empty alert.
    await page.route('**/api/Vehicle/GetMyVehicles*', (route) =>
      route.fulfill({ status: 401, json: { success: false, message: 'Unauthorized', data: null } }),
    );
    await page.reload();
    await expect(toast(page)).toHaveText('المستخدم غير مسموح له');
    await expect(page.locator('[data-my-vehicles-failed]')).toContainText('تعذر تحميل مركباتك.');
    await expect(empty).toHaveCount(0);
    await page.unroute('**/api/Vehicle/GetMyVehicles*');
    await page.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await expect(empty).toContainText('لم تقم بإضافة أي مركبة بعد.');

    await page.goto('/en/profile/my_vehicles');
    await expect(page.locator('[data-my-vehicles-empty]')).toContainText(
      'You have not added any vehicle yet.',
    );
  });

  test('new vehicles show pending; after the review the chips, reply, public link and filter follow', async ({
    page,
    request,
  }) => {
    await useSession(page, seller);
    await page.goto('/profile/my_vehicles');
    await expect(page.locator('[data-vehicle-row]')).toHaveCount(3);
    const first = row(page, kept.id);
    await expect(first.locator('[data-status-chip]')).toHaveAttribute(
      'data-status-chip',
      'pending',
    );
    await expect(first.locator('[data-status-chip]')).toHaveText('قيد المراجعة');
    await expect(first.locator('[data-status-chip]')).toHaveCSS(
      'background-color',
      'rgb(254, 243, 199)',
    );
    await expect(first.locator('[data-cell="brand"]')).toContainText(draft.brand.name);
    await expect(first.locator('[data-cell="model"]')).toContainText(draft.model.name);
    await expect(first.locator('[data-cell="meals"]')).toHaveText('85,000 كم');
    await expect(first.locator('[data-cell="price"]')).toHaveText('65,000.5\u00a0₪');
    await expect(first.locator('[data-cell="visits"]')).toHaveText('0');
    await expect(first.locator('[data-cell="image"]')).toHaveAttribute('width', '112');
    await expect(first.locator('[data-public-page]')).toHaveCount(0);
    await expect(first.locator('[data-mark-sold]')).toHaveCount(0);
    await expect(first.locator('[data-edit]')).toHaveAttribute(
      'href',
      `/profile/update_vehicle?id=${kept.id}`,
    );

    await review(request, admin, kept.id, Status.accepted);
    await review(request, admin, doomed.id, Status.accepted);
    await review(request, admin, refused.id, Status.rejected, 'الصور غير واضحة');
    await page.reload();

    await expect(first.locator('[data-status-chip]')).toHaveText('مقبولة');
    await expect(first.locator('[data-status-chip]')).toHaveCSS(
      'background-color',
      'rgb(220, 252, 231)',
    );
    await expect(first.locator('[data-public-page]')).toHaveAttribute(
      'href',
      `/vehicle/${kept.slug}`,
    );
    const rejected = row(page, refused.id);
    await expect(rejected.locator('[data-status-chip]')).toHaveText('مرفوضة');
    await expect(rejected.locator('[data-status-chip]')).toHaveCSS(
      'background-color',
      'rgb(254, 226, 226)',
    );
    await expect(rejected.locator('[data-reply]')).toHaveText('رد الإدارة: الصور غير واضحة');
    await expect(rejected.locator('[data-public-page]')).toHaveCount(0);

    // The filter asks the server for one status and keeps it in the URL, across a reload and back.
    await filter(page, 'accepted').click();
    await expect(page).toHaveURL(/\/profile\/my_vehicles\?status=accepted$/);
    await expect(page.locator('[data-vehicle-row]')).toHaveCount(2);
    await page.reload();
    await expect(filter(page, 'accepted')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-vehicle-row]')).toHaveCount(2);
    await filter(page, 'rejected').click();
    await expect(page.locator('[data-vehicle-row]')).toHaveCount(1);
    await expect(row(page, refused.id)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\?status=accepted$/);
    await expect(page.locator('[data-vehicle-row]')).toHaveCount(2);

    // On a phone the rows are cards: nothing scrolls sideways and every option is in reach.
    await page.setViewportSize({ width: 412, height: 915 });
    await filter(page, 'all').click();
    await expect(page.locator('[data-vehicle-row]')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      412,
    );
    const card = await first.boundingBox();
    expect(card!.width).toBeLessThanOrEqual(412);
    await first.locator('[data-options] summary').click();
    const remove = first.locator('[data-delete]');
    await expect(remove).toBeVisible();
    await expect(remove).toBeInViewport();
    const menu = await first.locator('[data-options] ul').boundingBox();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(412);
    await page.keyboard.press('Escape');
    await expect(remove).toBeHidden();
  });

  test('the preview opens every photo in a lightbox that steps by button and key', async ({
    page,
  }) => {
    await useSession(page, seller);
    await page.goto('/profile/my_vehicles');
    await row(page, kept.id).getByRole('button', { name: 'عرض الصور (6)' }).click();
    const lightbox = page.locator('[data-dialog="photo-lightbox"]');
    await expect(lightbox).toBeVisible();
    await expect(lightbox.locator('[data-lightbox-photo] img')).toHaveCount(6);
    const current = lightbox.locator('[data-lightbox-current]');
    await expect(current).toHaveText('1');
    await lightbox.getByRole('button', { name: 'الصورة التالية' }).click();
    await expect(current).toHaveText('2');
    // In Arabic the next photo lies to the left.
    await page.keyboard.press('ArrowLeft');
    await expect(current).toHaveText('3');
    await page.keyboard.press('ArrowRight');
    await expect(current).toHaveText('2');
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
  });

  test('the 360 modal checks, refuses a non-panorama, scales and saves one the viewer and page show', async ({
    page,
    request,
  }) => {
    await useSession(page, seller);
    await page.goto('/profile/my_vehicles');
    const first = row(page, kept.id);
    await expect(first.locator('[data-no-360]')).toBeVisible();
    await pick(page, kept.id, 'edit-360');
    const modal = page.locator('[data-dialog="edit-360"]');
    await expect(modal).toBeVisible();

    // Spec §5: nothing chosen.
    await modal.locator('[data-edit-360-save]').click();
    await expect(toast(page)).toHaveText('قم بإضافة صورة أولاً');

    // A picture that is not 2:1 is refused by the server with its message.
    await modal.locator('[data-edit-360-input]').setInputFiles({
      name: 'square.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture(600, 600),
    });
    await expect(modal.locator('[data-edit-360-preview="new"]')).toBeVisible();
    await modal.locator('[data-edit-360-save]').click();
    await expect(toast(page)).toHaveText(
      'صورة 360 يجب أن تكون صورة بانورامية كاملة عرضها ضعف ارتفاعها',
    );

    // A panorama wider than 4096 px is scaled down in the browser before it is sent.
    await modal.locator('[data-edit-360-input]').setInputFiles({
      name: 'panorama.jpg',
      mimeType: 'image/jpeg',
      buffer: await panorama(6000, 3000),
    });
    await expect(modal.locator('[data-edit-360-preview="new"]')).toHaveAttribute(
      'src',
      /^data:image\/jpeg;base64,/,
    );
    const sent = page.waitForRequest('**/api/Vehicle/UpdateVehicleImage360');
    await modal.locator('[data-edit-360-save]').click();
    const body = (await sent).postDataJSON() as { id: number; imagePath: string };
    expect(body.id).toBe(kept.id);
    const uploaded = await sharp(Buffer.from(body.imagePath.split(',')[1]!, 'base64')).metadata();
    expect([uploaded.width, uploaded.height]).toEqual([4096, 2048]);
    await expect(toast(page)).toHaveText('تمت عملية التعديل بنجاح');
    await expect(modal).toHaveCount(0);

    await first.locator('[data-open-360]').click();
    const preview = page.locator('[data-dialog="panorama-preview"]');
    const viewer = preview.locator('[data-panorama-preview]');
    await expect(viewer).toHaveClass(/pnlm-container/);
    await expect(viewer.locator('canvas')).toHaveCount(1, { timeout: 10_000 });
    expect((await viewer.boundingBox())?.height).toBe(500);
    await page.keyboard.press('Escape');
    await expect(preview).toHaveCount(0);

    const mine = await apiData<{ id: number; image360: string }[]>(
      await request.get('/api/Vehicle/GetMyVehicles?statusId=0', { headers: bearer(seller) }),
    );
    expect(mine.find((vehicle) => vehicle.id === kept.id)?.image360).toMatch(/^\/uploads\//);
    await page.goto(`/vehicle/${kept.slug}`);
    await expect(page.locator('[data-vehicle-360]')).toBeEnabled();

    // Removing it sends an empty image, after a confirmation.
    await page.goto('/profile/my_vehicles');
    await pick(page, kept.id, 'edit-360');
    await expect(modal.locator('[data-edit-360-preview="current"]')).toBeVisible();
    // Escape closes the confirmation only.
    await modal.locator('[data-edit-360-remove]').click();
    await expect(page.locator('.swal2-popup:not(.swal2-toast)')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.swal2-popup:not(.swal2-toast)')).toHaveCount(0);
    await expect(modal).toBeVisible();
    const removal = page.waitForRequest('**/api/Vehicle/UpdateVehicleImage360');
    await modal.locator('[data-edit-360-remove]').click();
    await page.locator('.swal2-confirm').click();
    expect((await removal).postDataJSON()).toEqual({ id: kept.id, imagePath: '' });
    await expect(toast(page)).toHaveText('تمت عملية التعديل بنجاح');
    await expect(first.locator('[data-no-360]')).toBeVisible();
    await page.goto(`/vehicle/${kept.slug}`);
    await expect(page.locator('[data-vehicle-360]')).toBeDisabled();
  });

  test('mark sold and delete each ask first, then change the table and the public page', async ({
    page,
    request,
  }) => {
    await useSession(page, seller);
    await page.goto('/profile/my_vehicles');
    const first = row(page, kept.id);
    await pick(page, kept.id, 'mark-sold');
    await page.locator('.swal2-confirm').click();
    await expect(toast(page)).toHaveText('تم تحديد المركبة كمباعة');
    await expect(first.locator('[data-status-chip]')).toHaveText('مباعة');
    await expect(first.locator('[data-status-chip]')).toHaveAttribute('data-status-chip', 'other');
    await expect(first.locator('[data-mark-sold]')).toHaveCount(0);
    await expect(first.locator('[data-public-page]')).toHaveAttribute(
      'href',
      `/vehicle/${kept.slug}`,
    );
    const soldPage = await request.get(`/vehicle/${kept.slug}`);
    expect(soldPage.status()).toBe(200);

    expect((await request.get(`/vehicle/${doomed.slug}`)).status()).toBe(200);
    const gone = row(page, doomed.id);
    // Cancelling keeps it.
    await pick(page, doomed.id, 'delete');
    await expect(page.locator('.swal2-title')).toHaveText('تنبيه: سيتم حذف العنصر، هل أنت متأكد؟');
    await page.locator('.swal2-cancel').click();
    await expect(gone).toBeVisible();
    await pick(page, doomed.id, 'delete');
    await page.locator('.swal2-confirm').click();
    await expect(toast(page)).toHaveText('تمت عملية حذف المركبة');
    await expect(gone).toHaveCount(0);
    await expect(page.locator('[data-vehicle-row]')).toHaveCount(2);
    expect((await request.get(`/vehicle/${doomed.slug}`)).status()).toBe(404);
  });

  test('"sell your vehicle" on the home page leads a signed-in seller to the add-vehicle form', async ({
    page,
  }) => {
    const sellLink = page.locator('a[data-seller-href]').first();
    await page.goto('/');
    await expect(sellLink).toHaveAttribute('href', '/signUp');

    await useSession(page, seller);
    await page.goto('/');
    await expect(sellLink).toHaveAttribute('href', '/profile/add_vehicle');
    await page.goto('/en/');
    await expect(sellLink).toHaveAttribute('href', '/en/profile/add_vehicle');
  });
});
