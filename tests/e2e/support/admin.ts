import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

/* What the dashboard's browser tests share: sessions made through the API, a pending vehicle. */

export interface Session {
  id: number;
  token: string;
  name: string;
  userType: number;
}

export const PASSWORD = 'Test@12345';
export const ADMIN = { email: 'admin@example.ps', password: 'Admin@12345' };
let counter = 0;

export async function apiData<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
): Promise<T> {
  const body = (await response.json()) as { success: boolean; message: string; data: T };
  expect(response.ok(), body.message).toBe(true);
  return body.data;
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

export async function adminSession(request: APIRequestContext): Promise<Session> {
  return apiData<Session>(await request.post('/api/User/AdminLogin', { data: ADMIN }));
}

/** A new individual seller, signed up through the API. */
export async function newSeller(request: APIRequestContext, name: string): Promise<Session> {
  const states = await apiData<{ id: number }[]>(await request.get('/api/Category/GetStates'));
  const cities = await apiData<{ id: number }[]>(
    await request.get(`/api/Category/GetStateCities?StateId=${states[0]!.id}`),
  );
  return apiData<Session>(
    await request.post('/api/User/CustomerSignUp', {
      data: {
        name,
        email: `admin-e2e-${Date.now().toString(36)}-${(counter += 1)}@e2e.example.ps`,
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

export const picture = (width: number, height: number, shade = 0) =>
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

/** A new vehicle of `seller`, pending review. */
export async function pendingVehicle(request: APIRequestContext, seller: Session, year = 2020) {
  const first = async (path: string) =>
    (await apiData<{ id: number }[]>(await request.get(`/api/Category/${path}`)))[0]!.id;
  const brand = await first('GetBrands');
  const model = await first(`GetBrandModels?brandId=${brand}`);
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
  const photos = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => (await picture(64, 48, i)).toString('base64')),
  );
  return apiData<{ id: number; slug: string }>(
    await request.post('/api/Vehicle/CreateVehicle', {
      headers: bearer(seller),
      data: {
        brandIdFk: brand,
        modelIdFk: model,
        bodyTypeIdCfk: body,
        colorIdCFK: color,
        paintedTypeIdCfk: paintedType,
        paintedStatusIdCfk: paintedStatus,
        specificationIdCfk: specification,
        gearTypeIdCfk: gear,
        oilTypeIdCfk: oil,
        year,
        numOfMeals: 40_000,
        price: 70_000,
        currency: 86,
        image: `data:image/jpeg;base64,${(await picture(350, 200, 3)).toString('base64')}`,
        images: photos,
        bestThreeCategories: ['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد'],
        moreInfo: '<p>مركبة للمراجعة</p>',
        extinsionCategory: [],
      },
    }),
  );
}

/** Opens pages of `page` already signed in as `session` (the keys of spec §3). */
export async function useSession(page: Page, session: Session) {
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('signed-in-once')) return;
    sessionStorage.setItem('signed-in-once', '1');
    localStorage.setItem('token', stored.token);
    localStorage.setItem('userName', stored.name);
    localStorage.setItem('userType', String(stored.userType));
    localStorage.setItem('id', String(stored.id));
    localStorage.setItem('isAdmin', stored.userType === 70 ? 'true' : '');
  }, session);
}

export const toast = (page: Page) => page.locator('.swal2-toast .swal2-title');

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(toast(page).filter({ hasText: text })).toBeVisible();
}

/** Signs in on /admin/login the way an admin does. */
export async function signInAdmin(page: Page, path = '/admin/login') {
  await page.goto(path);
  await page.getByLabel(/البريد الإلكتروني|Email/).fill(ADMIN.email);
  await page.getByLabel(/كلمة المرور|Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: /^(دخول|Sign in)$/ }).click();
  await expect(page.getByTestId('admin-name')).toBeVisible();
}

/** Resolves once the page's notification hub has finished its handshake. */
export function hubReady(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/hubs/notifications')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('{}')) resolve();
      });
    });
  });
}
