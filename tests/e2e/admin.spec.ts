import { expect, test } from '@playwright/test';
import {
  picture,
  adminSession,
  apiData,
  bearer,
  expectToast,
  hubReady,
  newSeller,
  pendingVehicle,
  signInAdmin,
  useSession,
} from './support/admin.ts';

/*
 * The admin dashboard on the production build: its own sign-in, the guard that sends sellers
 * away, the bell read one notification at a time, and the vehicles review queue.
 */

test('a seller opening /admin is sent away; a wrong password is refused', async ({
  page,
  request,
}) => {
  // The dashboard's code never reaches a public page.
  for (const path of ['/', '/en/vehicles', '/aboutus']) {
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/AdminApp|uPlot|islands\/admin/);
  }
  const seller = await newSeller(request, 'بائع فضولي');
  await useSession(page, seller);
  await page.goto('/admin/vehicles');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('admin-name')).toHaveCount(0);

  const fresh = await page.context().browser()!.newPage();
  await fresh.goto('/en/admin/login');
  await expect(fresh.locator('html')).toHaveAttribute('dir', 'ltr');
  await fresh.getByLabel('Email').fill('admin@example.ps');
  await fresh.getByLabel('Password').fill('Wrong@12345');
  await fresh.getByRole('button', { name: 'Sign in' }).click();
  await expectToast(fresh, 'The email or password is not correct.');
  await fresh.close();
});

test('the admin signs in, reads notifications one at a time and accepts a pending vehicle', async ({
  page,
  request,
}) => {
  const admin = await adminSession(request);
  const seller = await newSeller(request, 'بائع المراجعة');
  const ready = hubReady(page);
  await signInAdmin(page, '/admin/login');
  await expect(page).toHaveURL(/\/admin$/);
  await ready;

  // A new vehicle notifies every admin live; reading it lowers the count by one.
  const unread = await apiData<{ notReadNum: number }>(
    await request.get('/api/NotificationMessage/GetUserNotification?page=1&pageSize=1', {
      headers: bearer(admin),
    }),
  );
  const before = unread.notReadNum;
  const vehicle = await pendingVehicle(request, seller, 2021);
  await expect(page.getByTestId('admin-bell-count')).toHaveText(String(before + 1));
  const bell = page.getByRole('button', { name: 'الإشعارات' });
  // The bell names the list it controls only while that list is there.
  await expect(bell).not.toHaveAttribute('aria-controls');
  await bell.click();
  const list = await bell.getAttribute('aria-controls');
  await expect(page.locator(`#${list}`)).toBeVisible();
  await page.getByRole('button', { name: 'تعليم كمقروء' }).first().click();
  if (before === 0) await expect(page.getByTestId('admin-bell-count')).toHaveCount(0);
  else await expect(page.getByTestId('admin-bell-count')).toHaveText(String(before));
  await page.getByRole('button', { name: 'الإشعارات' }).click();

  // The vehicle is not public yet.
  expect((await request.get(`/vehicle/${vehicle.slug}`)).status()).toBe(404);

  await page.getByRole('link', { name: 'المركبات', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/vehicles$/);
  const row = page
    .getByRole('row')
    .filter({ hasText: String(vehicle.id) })
    .first();
  await row.getByRole('button', { name: 'مراجعة' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('مركبة للمراجعة')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^تكبير الصورة/ })).toHaveCount(7);
  await dialog.getByLabel('الحالة').selectOption({ label: 'مقبول' });
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expectToast(page, 'تمت عملية التعديل بنجاح');

  const publicPage = await request.get(`/vehicle/${vehicle.slug}`);
  expect(publicPage.status()).toBe(200);
  const status = await apiData<{ statusId: number }>(
    await request.get(`/api/Vehicle/GetVehicle?id=${vehicle.id}`, { headers: bearer(admin) }),
  );
  expect(status.statusId).toBe(96);

  // Deep links survive a reload, in English too.
  await page.goto('/en/admin/vehicles');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Vehicles' })).toBeVisible();
});

test('the admin adds a make and a model, and the seller finds them in the add-vehicle form', async ({
  browser,
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const make = `Lada ${stamp}`;
  const model = `Niva ${stamp}`;
  await signInAdmin(page, '/en/admin/login');
  await page.getByRole('link', { name: 'Makes', exact: true }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Name is required.');
  await dialog.getByRole('textbox', { name: 'Name in Arabic' }).fill(`لادا ${stamp}`);
  await dialog.getByRole('textbox', { name: 'Name in English' }).fill(make);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Arrange number is required.');
  await dialog.getByRole('textbox', { name: 'Arrange number' }).fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Create operation was completed successfully.');
  await page.getByRole('searchbox').fill(stamp);
  await expect(page.getByRole('cell', { name: make })).toBeVisible();

  await page.getByRole('link', { name: 'Models', exact: true }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name in Arabic' }).fill(`نيفا ${stamp}`);
  await dialog.getByRole('textbox', { name: 'Name in English' }).fill(model);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Choose the make');
  await dialog.getByRole('combobox', { name: 'Make' }).selectOption({ label: make });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Create operation was completed successfully.');

  const seller = await newSeller(request, 'بائع جديد');
  const sellerPage = await browser.newPage();
  await useSession(sellerPage, seller);
  await sellerPage.goto('/en/profile/add_vehicle');
  await expect(sellerPage.locator('form[data-vehicle-form][data-ready]')).toBeVisible();
  await sellerPage.getByLabel('Make', { exact: true }).selectOption({ label: make });
  await expect(
    sellerPage.getByLabel('Model', { exact: true }).locator('option', { hasText: model }),
  ).toBeAttached();
  await sellerPage.close();
});

test('deleting a colour that vehicles use shows why and deletes nothing', async ({ page }) => {
  await signInAdmin(page, '/en/admin/login');
  await page.getByRole('link', { name: 'Colours' }).click();
  // The demo vehicles use every seeded colour; the first row is one of them.
  const row = page.getByRole('row').nth(1);
  const name = await row.getByRole('cell').nth(2).textContent();
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Attention the item will delete ?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expectToast(page, /is used by \d+ vehicles, so it cannot be deleted/);
  await expect(page.getByRole('cell', { name: name! })).toBeVisible();
});

test('the admin edits the about text and the about page shows it', async ({ page, request }) => {
  const title = `About the marketplace ${Date.now().toString(36)}`;
  // The page is cached before the change: the purge must drop it.
  expect((await request.get('/en/aboutus')).status()).toBe(200);
  await signInAdmin(page, '/en/admin/login');
  await page.getByRole('link', { name: 'Site texts', exact: true }).click();
  await page.getByRole('combobox', { name: 'Group' }).selectOption({ label: 'About us' });
  await page.getByRole('row').nth(1).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title in English' }).fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Update operation was completed successfully.');
  const about = await request.get('/en/aboutus');
  expect(await about.text()).toContain(title);
});

test('the admin creates a store, then blocks it and its gallery answers 404', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const email = `store-${stamp}@e2e.example.ps`;
  const admin = await adminSession(request);
  await signInAdmin(page, '/en/admin/login');
  await page.getByRole('link', { name: 'Stores', exact: true }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(`Nablus Cars ${stamp}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Enter a valid email address.');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill('0599888777');
  await dialog.getByRole('textbox', { name: 'Licence number' }).fill('NB-1234');
  await dialog.getByRole('combobox', { name: 'State' }).selectOption({ index: 1 });
  await dialog.getByRole('combobox', { name: 'City' }).selectOption({ index: 1 });
  await dialog.getByRole('textbox', { name: 'Address details' }).fill('Rafidia street');
  await dialog.getByLabel('Password', { exact: true }).fill('Strong@123');
  await dialog.getByLabel('Confirm the password').fill('Strong@123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Create operation was completed successfully.');

  const stores = await apiData<{ data: { id: number; slug: string }[] }>(
    await request.get(`/api/User/GetCompanyUsers?search=${encodeURIComponent(email)}`, {
      headers: bearer(admin),
    }),
  );
  const store = stores.data[0]!;
  expect((await request.get(`/gallary/${store.slug}`)).status()).toBe(200);

  await page.getByRole('searchbox').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Block' }).click();
  await expectToast(page, 'Update operation was completed successfully.');
  await expect(row.getByRole('button', { name: 'Unblock' })).toBeVisible();
  expect((await request.get(`/gallary/${store.slug}`)).status()).toBe(404);
});

test('the admin refuses a star order with a reply and the seller’s open page shows it live', async ({
  browser,
  page,
  request,
}) => {
  const admin = await adminSession(request);
  const seller = await newSeller(request, 'بائع التمييز');
  const vehicle = await pendingVehicle(request, seller, 2019);
  await apiData(
    await request.put('/api/Vehicle/UpdateVehicleStatus', {
      headers: bearer(admin),
      data: { vehicleId: vehicle.id, statusId: 96, messageReplay: '' },
    }),
  );
  const proof = `data:image/jpeg;base64,${(await picture(300, 400, 2)).toString('base64')}`;
  const order = await apiData<{ id: number }>(
    await request.post('/api/Order/CreateStarVehicleOrder', {
      headers: bearer(seller),
      data: {
        vehicleId: vehicle.id,
        durationDay: 3,
        message: 'أرجو التمييز',
        paymentMethod: 120,
        payBilImage: proof,
      },
    }),
  );

  const sellerPage = await browser.newPage();
  await useSession(sellerPage, seller);
  const ready = hubReady(sellerPage);
  await sellerPage.goto('/profile/star_orders');
  await ready;

  await signInAdmin(page, '/admin/login');
  await page.getByRole('link', { name: 'المركبات المميزة', exact: true }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: String(order.id) })
    .first();
  await expect(row.getByRole('button', { name: /^تكبير الصورة: إثبات دفع الطلب/ })).toBeVisible();
  await row.getByRole('button', { name: 'مراجعة' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: `إثبات دفع الطلب رقم ${order.id}` })).toBeVisible();
  await dialog.getByLabel('الحالة').selectOption({ label: 'مرفوض' });
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expectToast(page, 'أدخل سبب الرفض ليصل إلى صاحب الطلب');
  await dialog.getByLabel('الرد على صاحب الطلب').fill('صورة الحوالة غير واضحة');
  // React closes the dialog a moment after the save; on a busy machine that moment grows. The
  // success must still show once the dialog has gone, so the close is made slow here.
  await page.evaluate(() => {
    const close = HTMLDialogElement.prototype.close;
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      setTimeout(() => close.call(this), 400);
    };
  });
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expectToast(page, 'تمت عملية التعديل بنجاح');

  // The seller's bell rings without a reload, with the reply.
  await expect(sellerPage.locator('[data-bell-count]')).toBeVisible();
  await sellerPage.locator('[data-bell]').click();
  await expect(sellerPage.getByText('صورة الحوالة غير واضحة')).toBeVisible();
  await sellerPage.close();
});

test('the home shows the 12 counters the server counts and the visits chart', async ({
  page,
  request,
}) => {
  const admin = await adminSession(request);
  await signInAdmin(page, '/en/admin/login');
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();
  const counters = page.locator('[data-counter]');
  await expect(counters).toHaveCount(12);
  await expect(page.getByTestId('visits-chart').locator('canvas')).toBeVisible();
  const numbers = await apiData<Record<string, number>>(
    await request.get('/api/Statistics/GetDashboardStatistics', { headers: bearer(admin) }),
  );
  for (const name of ['vehiclesUnderReview', 'vehiclesSold', 'announcementOrdersAdded']) {
    await expect(page.locator(`[data-counter="${name}"] [data-value]`)).toHaveText(
      numbers[name]!.toLocaleString('en-US'),
    );
  }
  await expect(
    page.locator('[data-counter="visitorsToday"]').getByText('Visitors today'),
  ).toBeVisible();
});

test('a notification sent from the dashboard reaches the seller’s open page live', async ({
  browser,
  page,
  request,
}) => {
  const seller = await newSeller(request, `بائع الرسائل ${Date.now().toString(36)}`);
  const sellerPage = await browser.newPage();
  await useSession(sellerPage, seller);
  const ready = hubReady(sellerPage);
  await sellerPage.goto('/profile');
  await ready;

  await signInAdmin(page, '/en/admin/login');
  await page.getByRole('link', { name: 'Notifications and messages', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search' }).fill(seller.name);
  const user = page.getByRole('combobox', { name: 'User' });
  await expect(user.locator('option')).toHaveCount(2);
  await user.selectOption({ index: 1 });
  await page.getByRole('textbox', { name: 'Title' }).fill('تحديث الشروط');
  await page.getByRole('textbox', { name: 'Message' }).fill('تم تحديث شروط الاستخدام');
  await page.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Sent to 1 recipients.');

  await expect(sellerPage.locator('[data-bell-count]')).toBeVisible();
  await sellerPage.locator('[data-bell]').click();
  await expect(sellerPage.getByText('تم تحديث شروط الاستخدام')).toBeVisible();
  await sellerPage.close();
});

test('the admin accepts a payment to the site after enlarging its proof', async ({
  page,
  request,
}) => {
  const seller = await newSeller(request, 'دافع');
  const email = `payer-${Date.now().toString(36)}@e2e.example.ps`;
  const proof = `data:image/jpeg;base64,${(await picture(300, 400, 4)).toString('base64')}`;
  const payment = await apiData<{ id: number }>(
    await request.post('/api/Payment/CreatePaymentMovements', {
      headers: bearer(seller),
      data: {
        paymentMethod: 120,
        paidname: 'سارة يوسف',
        paidEmail: email,
        amount: 80,
        payingBilImage: proof,
        currency: 86,
        description: 'اشتراك',
      },
    }),
  );
  await signInAdmin(page, '/en/admin/login');
  await page.getByRole('link', { name: 'Payment movements', exact: true }).click();
  await page.getByRole('searchbox').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Enlarge the image/ }).click();
  await expect(
    page.getByRole('dialog').getByRole('img', { name: `Proof of payment ${payment.id}` }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption({ label: 'Accepted' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Update operation was completed successfully.');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Accepted' });
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
});

test('an event created in the dashboard, then cancelled, says so on its page', async ({
  page,
  request,
}) => {
  const title = `Car show ${Date.now().toString(36)}`;
  const poster = await picture(640, 360, 6);
  await signInAdmin(page, '/en/admin/login');
  await page.getByRole('link', { name: 'Events', exact: true }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title in Arabic' }).fill('معرض السيارات');
  await dialog.getByRole('textbox', { name: 'Title in English' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Place in Arabic' }).fill('رام الله');
  await dialog.getByRole('textbox', { name: 'Place in English' }).fill('Ramallah');
  const soon = new Date(Date.now() + 14 * 24 * 3600 * 1000);
  await dialog.getByLabel('Date').fill(soon.toISOString().slice(0, 16));
  await dialog.getByRole('textbox', { name: 'Ticket price' }).fill('25');
  await dialog.getByRole('textbox', { name: 'Seats' }).fill('50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Image is required.');
  await dialog
    .getByLabel('Poster')
    .setInputFiles({ name: 'poster.jpg', mimeType: 'image/jpeg', buffer: poster });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Create operation was completed successfully.');

  const link = page.getByRole('link', { name: title });
  const href = (await link.getAttribute('href'))!;
  expect((await request.get(href)).status()).toBe(200);
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: 'Cancel the event' })
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expectToast(page, 'Update operation was completed successfully.');
  const html = await (await request.get(href)).text();
  expect(html).toContain('This event was cancelled; its tickets are not on sale.');
});
