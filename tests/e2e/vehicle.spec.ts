import { expect, test } from '@playwright/test';
import { internationalDigits } from '../../src/lib/phone.ts';
import { apiData, cards, detail as vehicle } from './support/vehicles.ts';

/*
 * The vehicle details, seller gallery, sellers directory and about pages on the production
 * build with the demo catalogue: what spec §2 asks of each, with and without JavaScript.
 */

interface Pagination {
  currentPage: number;
  pageCount: number;
  pageSize: number;
  rowCount: number;
}

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

test.describe('vehicle details', () => {
  test("marks the fifth thumbnail '+N' with N = photos − 4", async ({ page, request }) => {
    const [card] = await cards(request);
    const detail = await vehicle(request, card!.id);
    const count = detail.vehicleImages.length;
    expect(count).toBeGreaterThan(5);

    await page.goto(`/vehicle/${card!.slug}`);
    const thumbnails = page.locator('[data-photo-thumb]');
    await expect(thumbnails).toHaveCount(5);
    await expect(page.locator('[data-photo-slide]')).toHaveCount(count);
    await expect(thumbnails.nth(4).locator('[data-photo-more]')).toHaveText(`+${count - 4}`);
    await expect(thumbnails.nth(0).locator('[data-photo-more]')).toHaveCount(0);

    // The overlay thumbnail brings the fifth photo into view.
    await thumbnails.nth(4).click();
    await expect(page.locator('[data-photo-current]')).toHaveText('5');
    await expect(page.locator('#photo-5 img')).toBeInViewport({ ratio: 0.6 });
    await expect(thumbnails.nth(4)).toHaveAttribute('aria-current', 'true');

    // Previous and next step one photo; previous is off on the first one.
    await page.getByRole('button', { name: 'الصورة السابقة' }).click();
    await expect(page.locator('[data-photo-current]')).toHaveText('4');
    await thumbnails.nth(0).click();
    await expect(page.locator('[data-photo-current]')).toHaveText('1');
    await expect(page.locator('[data-photo-previous]')).toBeDisabled();
    await page.getByRole('button', { name: 'الصورة التالية' }).click();
    await expect(page.locator('[data-photo-current]')).toHaveText('2');
  });

  test("'see more' jumps to the full description, and only long ones have it", async ({
    page,
    request,
  }) => {
    const details = await Promise.all(
      (await cards(request)).slice(0, 20).map((c) => vehicle(request, c.id)),
    );
    const long = details.find((d) => plainText(d.description).length > 150);
    expect(long, 'a demo vehicle with a long description').toBeDefined();

    await page.goto(`/vehicle/${long!.slug}`);
    const preview = page.locator('[data-vehicle-preview]');
    await expect(preview).toContainText('…');
    const seeMore = preview.getByRole('link', { name: 'عرض المزيد' });
    await expect(seeMore).toHaveAttribute('href', '#description');
    await seeMore.click();
    await expect(page).toHaveURL(/#description$/);
    await expect(page.locator('#description')).toBeInViewport();
    await expect(page.locator('[data-vehicle-description]')).toContainText(
      plainText(long!.description).slice(0, 20),
    );

    const short = details.find((d) => plainText(d.description).length <= 150);
    if (short) {
      await page.goto(`/vehicle/${short.slug}`);
      await expect(page.locator('[data-vehicle-see-more]')).toHaveCount(0);
    }
  });

  test('the 360 button is disabled without a panorama and opens the viewer with one', async ({
    page,
    request,
  }) => {
    const all = await cards(request);
    const without = all.find((c) => !c.hasImage360)!;
    const withPanorama = all.find((c) => c.hasImage360)!;

    await page.goto(`/vehicle/${without.slug}`);
    await expect(page.locator('[data-vehicle-360]')).toBeDisabled();
    await expect(page.locator('dialog[data-panorama-dialog]')).toHaveCount(0);

    await page.goto(`/vehicle/${withPanorama.slug}`);
    const button = page.locator('[data-vehicle-360]');
    await expect(button).toBeEnabled();
    await button.click();
    const dialog = page.locator('dialog[data-panorama-dialog]');
    await expect(dialog).toBeVisible();
    const viewer = dialog.locator('[data-panorama-viewer]');
    await expect(viewer).toHaveClass(/pnlm-container/);
    await expect(viewer.locator('canvas')).toHaveCount(1, { timeout: 10_000 });
    const box = await dialog.locator('[data-panorama-frame]').boundingBox();
    expect(box?.height).toBe(500);

    // Closing destroys the viewer; opening again builds a new one.
    await dialog.getByRole('button', { name: 'إغلاق' }).click();
    await expect(dialog).toBeHidden();
    await expect(viewer.locator('canvas')).toHaveCount(0);
    await button.click();
    await expect(viewer.locator('canvas')).toHaveCount(1, { timeout: 10_000 });
  });

  test("the contact dialog shows the seller and chats on the seller's number", async ({
    page,
    request,
  }) => {
    const all = await cards(request);
    const card = all.find((c) => /^05[96]/.test(c.ownerMobile))!;
    const detail = await vehicle(request, card.id);
    const digits = internationalDigits(detail.ownerMobile);
    expect(digits).toMatch(/^970\d{9}$/);

    await page.goto(`/vehicle/${card.slug}`);
    await page.locator('[data-vehicle-contact]').click();
    const dialog = page.locator('dialog:has([data-contact-seller])');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'التواصل مع البائع' })).toBeVisible();
    await expect(dialog.locator('[data-contact-seller="name"]')).toHaveText(detail.ownerName);
    await expect(dialog.locator('[data-contact-seller="location"]')).toHaveText(
      `${detail.ownerCityName} / ${detail.ownerStateName}`,
    );
    await expect(dialog.locator('[data-contact-seller="address"]')).toHaveText(
      detail.ownerAddressInfo,
    );
    await expect(dialog.locator('[data-contact-seller="mobile"]')).toHaveText(detail.ownerMobile);
    await expect(dialog.locator('[data-seller-avatar]')).toBeVisible();
    const chat = dialog.locator('[data-contact-seller="whatsapp"]');
    await expect(chat).toHaveText('راسل البائع عبر واتساب');
    await expect(chat).toHaveAttribute('href', `https://wa.me/${digits}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('works without JavaScript: heading, price and the main photo', async ({
    browser,
    request,
  }) => {
    const [card] = await cards(request);
    const detail = await vehicle(request, card!.id);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/vehicle/${card!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(detail.modelName);
    await expect(page.locator('[data-vehicle-price]')).toBeVisible();
    await expect(page.locator('[data-vehicle-price]')).toContainText(/\d{1,3}(,\d{3})*/);
    const main = page.locator('[data-photo-slide="0"] img');
    await expect(main).toBeVisible();
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect
      .poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    await context.close();
  });

  test('/vehicle/<id> and /vehicle/<id>-anything show the same vehicle', async ({
    page,
    request,
  }) => {
    const [card] = await cards(request);
    const detail = await vehicle(request, card!.id);
    for (const path of [`/vehicle/${card!.id}`, `/vehicle/${card!.id}-any-words-at-all`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(detail.modelName);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`/vehicle/${card!.slug}$`),
      );
    }
  });

  test('a missing vehicle answers 404 in the language of its URL', async ({ page }) => {
    const arabic = await page.goto('/vehicle/999999-no-such-car');
    expect(arabic?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');

    const english = await page.goto('/en/vehicle/999999');
    expect(english?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });

  test('records a visit of the page on load', async ({ page, request }) => {
    const [card] = await cards(request);
    const visit = page.waitForResponse(
      (response) => response.url().endsWith('/api/Visit/RecordVisit') && response.ok(),
    );
    await page.goto(`/vehicle/${card!.slug}`);
    const body = (await (await visit).json()) as { success: boolean };
    expect(body.success).toBe(true);
  });
});

test.describe('seller gallery', () => {
  test('shows the seller, their vehicles 12 a page, and the contact dialog', async ({
    page,
    request,
  }) => {
    const sellers = await apiData<{ users: { data: { id: number; slug: string }[] } }>(
      request,
      '/api/User/GetSellers?page=1&pageSize=1',
    );
    const seller = sellers.users.data[0]!;
    const gallery = await apiData<{
      name: string;
      mobile: string;
      AddressInfo: string;
      addressCityName: string;
      addressStateName: string;
      vehicles: { data: { id: number }[]; pagination: Pagination };
    }>(request, `/api/Vehicle/GetUserVehicles?userId=${seller.id}&page=1&pageSize=12`);
    expect(gallery.vehicles.pagination.rowCount).toBeGreaterThan(0);

    // Any words after the id lead to the same seller.
    await page.goto(`/gallary/${seller.id}-whatever`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(gallery.name);
    await expect(page).toHaveTitle(new RegExp(gallery.name));
    const header = page.locator('[data-gallery-header]');
    await expect(header.locator('[data-gallery-place]')).toHaveText(
      `${gallery.addressCityName} / ${gallery.addressStateName}`,
    );
    await expect(header.locator('[data-gallery-address]')).toHaveText(gallery.AddressInfo);
    await expect(header.locator('[data-gallery-mobile]')).toHaveText(gallery.mobile);
    await expect(header.locator('[data-seller-avatar]')).toBeVisible();

    const shown = Math.min(12, gallery.vehicles.pagination.rowCount);
    await expect(page.locator('[data-gallery-vehicles] [data-vehicle-card]')).toHaveCount(shown);
    await expect(page.locator('[data-pagination-summary]')).toHaveText(
      `عرض 1 إلى ${shown} من ${gallery.vehicles.pagination.rowCount}`,
    );
    // Past the last page there is nothing.
    const beyond = await page.goto(
      `/gallary/${seller.slug}?page=${gallery.vehicles.pagination.pageCount + 1}`,
    );
    expect(beyond?.status()).toBe(404);

    await page.goto(`/gallary/${seller.slug}`);
    await page.locator('[data-gallery-contact]').click();
    const dialog = page.locator('dialog:has([data-contact-seller])');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-contact-seller="name"]')).toHaveText(gallery.name);
    await expect(dialog.locator('[data-contact-seller="whatsapp"]')).toHaveAttribute(
      'href',
      `https://wa.me/${internationalDigits(gallery.mobile)}`,
    );
  });

  test('a missing seller answers 404', async ({ page }) => {
    const response = await page.goto('/gallary/999999-nobody');
    expect(response?.status()).toBe(404);
  });
});

test.describe('sellers directory', () => {
  test('searches by name with a plain form, also without JavaScript', async ({
    browser,
    request,
  }) => {
    const all = await apiData<{
      users: { data: { name: string }[]; pagination: Pagination };
    }>(request, '/api/User/GetSellers?page=1&pageSize=100');
    const target = all.users.data[0]!.name;
    const word = target.split(' ').find((part) => part.length >= 3) ?? target;
    const matching = all.users.data.filter((seller) => seller.name.includes(word));

    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/sellers');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('البائعون والمعارض');
      await expect(page.locator('[data-seller-card]')).toHaveCount(
        Math.min(12, all.users.pagination.rowCount),
      );
      const search = page.getByRole('searchbox', { name: 'ابحث عن بائع بالاسم' });
      await search.fill(word);
      await search.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/sellers\\?name=`));
      await expect(page.locator('[data-sellers-results]')).toContainText(word);
      const names = page.locator('[data-seller-card] h2');
      await expect(names).toHaveCount(Math.min(12, matching.length));
      for (const name of await names.allTextContents()) expect(name).toContain(word);
      await expect(search).toHaveValue(word);

      await search.fill('لا يوجد بائع بهذا الاسم أبداً');
      await search.press('Enter');
      await expect(page.locator('[data-sellers-empty]')).toBeVisible();
      await context.close();
    }
  });

  test("a seller card leads to the seller's gallery", async ({ page }) => {
    await page.goto('/sellers');
    const card = page.locator('[data-seller-card]').first();
    const name = (await card.locator('h2').textContent())!.trim();
    await card.locator('h2 a').click();
    await expect(page).toHaveURL(/\/gallary\/\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });
});

test.describe('about', () => {
  test('shows the about-us interface items and opens the contact dialog', async ({
    page,
    request,
  }) => {
    const items = (
      await apiData<{ code: string; groupId: number; title: string }[]>(
        request,
        '/api/Interfaces/GetInterfacesItems',
      )
    ).filter((item) => item.groupId === 104);
    expect(items.length).toBeGreaterThan(0);

    await page.goto('/aboutus');
    const sections = page.locator('[data-about-item]');
    await expect(sections).toHaveCount(items.length);
    for (const [index, item] of items.entries()) {
      await expect(sections.nth(index)).toHaveAttribute('data-about-item', item.code);
      await expect(sections.nth(index).getByRole('heading', { level: 2 })).toHaveText(item.title);
    }
    await page.locator('[data-about-contact]').click();
    await expect(page.locator('#dialog-contact')).toBeVisible();
  });
});

test.describe('English pages', () => {
  test('read left to right in English', async ({ page, request }) => {
    const [card] = await cards(request);
    const detail = await vehicle(request, card!.id, 'en');
    for (const path of [
      `/en/vehicle/${card!.slug}`,
      '/en/sellers',
      `/en/gallary/${card!.ownerSlug}`,
      '/en/aboutus',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page.locator('[data-breadcrumbs] a').first()).toHaveText('Home');
    }
    await page.goto(`/en/vehicle/${card!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(detail.modelName);
    await expect(page.locator('[data-vehicle-contact]')).toHaveText('Contact the seller');
  });
});
