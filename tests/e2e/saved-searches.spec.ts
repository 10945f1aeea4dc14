import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  adminSession,
  apiData,
  bearer,
  expectToast,
  hubReady,
  newSeller,
  PASSWORD,
  pendingVehicle,
  type Session,
} from './support/admin.ts';

/*
 * Saved searches (issue 12) as a buyer uses them: filter the list, save the search (signing in
 * first, and coming back to the same list), be told live on the bell when the admin accepts a
 * matching vehicle, open the results from the notification, get the email, and find the search
 * in the profile, where it can be deleted.
 */

interface Outbox {
  to: string;
  subject: string;
  text: string;
}

/** A new individual account through the API, with the email to sign in with. */
async function newBuyer(request: APIRequestContext) {
  const states = await apiData<{ id: number }[]>(await request.get('/api/Category/GetStates'));
  const cities = await apiData<{ id: number }[]>(
    await request.get(`/api/Category/GetStateCities?StateId=${states[0]!.id}`),
  );
  const email = `saved-search-${Date.now().toString(36)}@e2e.example.ps`;
  const session = await apiData<Session>(
    await request.post('/api/User/CustomerSignUp', {
      data: {
        name: 'سلمى الباحثة',
        email,
        mobile: '0599123456',
        ssn: '123456782',
        addressState: states[0]!.id,
        addressCity: cities[0]!.id,
        addressInfo: 'شارع النصر',
        moreInfo: '',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    }),
  );
  return { email, session };
}

const firstId = async (request: APIRequestContext, path: string) =>
  (await apiData<{ id: number }[]>(await request.get(`/api/Category/${path}`)))[0]!.id;

test('a saved search brings a newly accepted match to the bell and the inbox, and is deleted from the profile', async ({
  page,
  request,
}) => {
  const buyer = await newBuyer(request);
  const seller = await newSeller(request, 'بائع البحث المحفوظ');
  const admin = await adminSession(request);
  // pendingVehicle takes the first make and body type: the search looks for exactly those.
  const brand = await firstId(request, 'GetBrands');
  const bodyType = await firstId(request, 'GetBodyType');

  await page.goto('/vehicles');
  // Nothing to save without a filter.
  await expect(page.locator('[data-save-search]')).toHaveCount(0);
  await page.locator('#filter-vehicleBrandId').selectOption(String(brand));
  await page.waitForURL((url) => url.searchParams.get('vehicleBrandId') === String(brand));
  await page.locator('#filter-bodyType').selectOption(String(bodyType));
  await page.waitForURL((url) => url.searchParams.get('bodyType') === String(bodyType));
  await page.locator('#list-sort').selectOption('newest');
  await page.waitForURL((url) => url.searchParams.get('sort') === 'newest');

  // Signed out: the button signs in first and comes back to this very list.
  await page.locator('[data-save-search]').click();
  await expect(page).toHaveURL(/\/login\?next=%2Fvehicles%3F/);
  await expect(page.locator('form button[type="submit"]').first()).toBeEnabled();
  await page.locator('#login-email').fill(buyer.email);
  await page.locator('#login-password').fill(PASSWORD);
  const hub = hubReady(page);
  await page.locator('#login-password').press('Enter');
  await page.waitForURL(
    (url) =>
      url.pathname === '/vehicles' &&
      url.searchParams.get('bodyType') === String(bodyType) &&
      url.searchParams.get('sort') === 'newest',
  );

  await page.locator('[data-save-search]').click();
  const dialog = page.getByRole('dialog', { name: 'حفظ البحث' });
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('اسم البحث');
  // Named after the active filters to start with.
  await expect(name).toHaveValue(/الماركة: .+، .+: .+/);
  const searchName = `بحثي ${Date.now()}`;
  await name.fill(searchName);
  await dialog.getByLabel('أرسل لي بريداً إلكترونياً أيضاً').check();
  await dialog.getByRole('button', { name: 'حفظ', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('تم حفظ البحث');
  await dialog.getByRole('button', { name: 'إغلاق', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await hub;

  // The admin accepts a matching vehicle: the bell rings on the open page.
  const vehicle = await pendingVehicle(request, seller, 2023);
  await apiData(
    await request.put('/api/Vehicle/UpdateVehicleStatus', {
      headers: bearer(admin),
      data: { vehicleId: vehicle.id, statusId: 96 },
    }),
  );
  await expect(page.locator('[data-bell-count]')).toHaveText('1');
  await page.locator('[data-bell]:visible').click();
  const item = page.locator('[data-notification]', { hasText: searchName });
  await expect(item).toContainText('مركبة جديدة تطابق بحثك');
  const link = item.locator('a[data-notification-link]');
  await expect(link).toHaveAttribute(
    'href',
    `/vehicles?vehicleBrandId=${brand}&bodyType=${bodyType}&sort=newest`,
  );
  await link.click();
  await page.waitForURL(
    (url) => url.searchParams.get('sort') === 'newest' && !url.searchParams.has('seed'),
  );
  // Newest first: the vehicle just published leads the results.
  await expect(page.locator('[data-vehicle-card]').first()).toHaveAttribute(
    'data-vehicle-card',
    String(vehicle.id),
  );

  // The email, as asked, with the link to the results.
  await expect
    .poll(async () =>
      (
        await apiData<Outbox[]>(
          await request.get(`/api/Test/Outbox?to=${encodeURIComponent(buyer.email)}`),
        )
      ).filter((mail) => mail.subject.includes(searchName)),
    )
    .toHaveLength(1);

  // The profile lists it with its filters in words, and deletes it after a confirmation.
  await page.goto('/profile/saved_searches');
  const menu = page.getByRole('navigation', { name: 'قائمة حسابي' }).last();
  await expect(menu.getByRole('link', { name: 'عمليات البحث المحفوظة' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const row = page.locator('[data-saved-search]', { hasText: searchName });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-saved-search-filters] li').first()).toContainText('الماركة: ');
  await expect(row.locator('[data-saved-search-filters]')).toContainText('الأحدث');
  await expect(row.locator('[data-saved-search-email]')).toHaveAttribute(
    'data-saved-search-email',
    'on',
  );
  await expect(row.getByRole('link', { name: 'عرض النتائج' })).toHaveAttribute(
    'href',
    `/vehicles?vehicleBrandId=${brand}&bodyType=${bodyType}&sort=newest`,
  );
  await row.getByRole('button', { name: `حذف البحث ${searchName}` }).click();
  await page.locator('.swal2-confirm').click();
  await expectToast(page, 'تم حذف البحث المحفوظ');
  await expect(page.locator('[data-saved-searches-empty]')).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-saved-searches-empty]')).toBeVisible();
});
