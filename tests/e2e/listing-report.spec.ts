import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  adminSession,
  apiData,
  bearer,
  expectToast,
  newSeller,
  pendingVehicle,
  signInAdmin,
  type Session,
  useSession,
} from './support/admin.ts';

/*
 * Issue 12, "share" and "report this listing": the vehicle page shares its link (the share sheet
 * where there is one, else the clipboard), a visitor reports the listing, the admin hides the
 * vehicle from the Reports screen with a reply, the page is gone and the owner is told.
 */

interface Notice {
  title: string;
  message: string;
  link: string;
}

/** A new seller's vehicle, accepted so that its page is public. */
async function publicVehicle(request: APIRequestContext, admin: Session, name: string) {
  const seller = await newSeller(request, name);
  const vehicle = await pendingVehicle(request, seller, 2018);
  await apiData(
    await request.put('/api/Vehicle/UpdateVehicleStatus', {
      headers: bearer(admin),
      data: { vehicleId: vehicle.id, statusId: 96, messageReplay: '' },
    }),
  );
  return { seller, vehicle };
}

test('share copies the link where there is no share sheet, and uses the share sheet where there is', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const admin = await adminSession(request);
  const { vehicle } = await publicVehicle(request, admin, 'بائع المشاركة');
  const url = `${baseURL}/en/vehicle/${vehicle.slug}`;

  // A desktop browser without the Web Share API: the link goes to the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.goto(`/en/vehicle/${vehicle.slug}`);
  await page.getByRole('button', { name: 'Share this listing' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A phone with a share sheet: the page hands it the title and the address.
  const phone = await context.browser()!.newPage({ viewport: { width: 412, height: 915 } });
  await phone.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: unknown) => {
        calls.push(data);
        return Promise.resolve();
      },
    });
  });
  await phone.goto(`/vehicle/${vehicle.slug}`);
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await phone.getByRole('button', { name: 'مشاركة هذا الإعلان' }).click();
  await expect
    .poll(() => phone.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
    .toEqual([
      { title: expect.stringMatching(/2018$/), url: `${baseURL}/vehicle/${vehicle.slug}` },
    ]);
  await phone.close();
});

test('a visitor reports a listing; the admin hides the vehicle with a reply and its owner is told', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminSession(request);
  const { seller, vehicle } = await publicVehicle(request, admin, 'بائع البلاغ');

  // The visitor, not signed in, in Arabic.
  const visitor = await browser.newPage();
  await visitor.goto(`/vehicle/${vehicle.slug}`);
  await visitor.getByRole('button', { name: 'الإبلاغ عن الإعلان' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'الإبلاغ عن الإعلان' });
  await expect(dialog).toBeVisible();
  // Sending without a reason says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'إرسال البلاغ' }).click();
  await expect(dialog.getByRole('status')).toHaveText('اختر سبب الإبلاغ');
  await dialog.getByRole('radio', { name: 'احتيال أو محاولة نصب' }).check();
  await dialog.getByLabel('تفاصيل إضافية (اختياري)').fill('يطلب دفعة مقدمة قبل المعاينة');
  await dialog.getByRole('button', { name: 'إرسال البلاغ' }).click();
  await expect(dialog.getByRole('status')).toHaveText('شكراً لك، تم إرسال البلاغ وستراجعه الإدارة');
  await expect(dialog.getByRole('button', { name: 'إرسال البلاغ' })).toBeHidden();
  await visitor.close();

  // The admin finds it among the open reports and hides the vehicle with a reply.
  await signInAdmin(page, '/admin/login');
  await page.getByRole('link', { name: 'بلاغات الإعلانات', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  const reportRow = page
    .getByRole('row')
    .filter({ hasText: 'احتيال أو محاولة نصب' })
    .filter({ hasText: 'بائع البلاغ' })
    .first();
  await expect(reportRow).toContainText('زائر غير مسجل');
  await expect(reportRow).toContainText('بانتظار المراجعة');
  await reportRow.getByRole('button', { name: 'مراجعة' }).click();
  const review = page.getByRole('dialog');
  await expect(review.getByText('يطلب دفعة مقدمة قبل المعاينة')).toBeVisible();
  // Hiding needs a reply for the owner.
  await review.getByRole('button', { name: 'إخفاء المركبة' }).click();
  await expectToast(page, 'اكتب سبب إخفاء المركبة، سيقرؤه صاحبها');
  await review.getByLabel('رد الإدارة لصاحب المركبة').fill('الإعلان مخالف لشروط الموقع');
  await review.getByRole('button', { name: 'إخفاء المركبة' }).click();
  await expectToast(page, 'تمت عملية التعديل بنجاح');
  await expect(review).toBeHidden();

  // It leaves the open list and shows among the hidden ones.
  await expect(reportRow).toHaveCount(0);
  await page.getByLabel('الحالة').selectOption({ label: 'تم إخفاء المركبة' });
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'بائع البلاغ' })
      .filter({ hasText: 'تم إخفاء المركبة' }),
  ).toHaveCount(1);

  // The vehicle's page is gone, in both languages, and the owner was told with the reply.
  expect((await request.get(`/vehicle/${vehicle.slug}`)).status()).toBe(404);
  expect((await request.get(`/en/vehicle/${vehicle.slug}`)).status()).toBe(404);
  const notices = await apiData<{ notifications: { data: Notice[] } }>(
    await request.get('/api/NotificationMessage/GetUserNotification?page=1&pageSize=5', {
      headers: bearer(seller),
    }),
  );
  const told = notices.notifications.data.find((notice) => notice.title === 'تم إخفاء إعلانك');
  expect(told?.message).toContain('الإعلان مخالف لشروط الموقع');
  expect(told?.link).toBe('/profile/my_vehicles');

  // The owner's page shows it in the bell too.
  const ownerPage = await browser.newPage();
  await useSession(ownerPage, seller);
  await ownerPage.goto('/profile');
  // The unread count shows once the bell has read the notifications: then it opens.
  await expect(ownerPage.locator('[data-bell-count]')).toBeVisible();
  await ownerPage.locator('[data-bell]').click();
  await expect(ownerPage.getByText('الإعلان مخالف لشروط الموقع')).toBeVisible();
  await ownerPage.close();
});

test('after five reports in an hour the form shows the server’s message', async ({
  page,
  request,
}) => {
  const admin = await adminSession(request);
  const { vehicle } = await publicVehicle(request, admin, 'Report limit seller');
  // Every call of this run comes from one address; fill its hourly budget up to the limit.
  for (;;) {
    const response = await request.post('/api/Vehicle/ReportVehicle', {
      data: { vehicleId: vehicle.id, reasonId: 564, text: '' },
    });
    if (response.status() === 429) break;
    expect(response.status()).toBe(200);
  }
  await page.goto(`/en/vehicle/${vehicle.slug}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('button', { name: 'Report this listing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this listing' });
  await dialog.getByRole('radio', { name: 'Duplicate listing' }).check();
  await dialog.getByRole('button', { name: 'Send the report' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'You have sent many reports in the last hour. Please try again later.',
  );
  // The form stays, to try again later.
  await expect(dialog.getByRole('button', { name: 'Send the report' })).toBeEnabled();
});
