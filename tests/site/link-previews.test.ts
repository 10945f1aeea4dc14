import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, Status, UserType } from '../../domain/codes.ts';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import { saveImage, type SavedImage } from '../../server/images/store.ts';
import { FolderStore } from '../../server/lib/storage/folder-store.ts';
import { createSeller } from '../api/fixtures.ts';
import { drivers, startSite, type Site } from './harness.ts';

/*
 * What link previews and search engines read from the catalogue pages, over HTTP from the
 * built site: titles, descriptions, canonical and alternate links, Open Graph and Twitter tags,
 * the JSON-LD, and the sitemap. Run after `npm run build`.
 */

const ORIGIN = 'https://cars.example.ps';
/** An absolute URL on the public origin, as pages write it (non-Latin slugs percent-encoded). */
const at = (path: string) => new URL(path, ORIGIN).href;

interface Page {
  status: number;
  html: string;
  meta: (key: string) => string | null;
  metas: (key: string) => string[];
  link: (rel: string, hreflang?: string) => string | null;
  title: string;
  jsonLd: Record<string, unknown>[];
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The head of a page, parsed with a few regular expressions (the markup is our own). */
function parse(status: number, html: string): Page {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags = [...head.matchAll(/<(meta|link)\s((?:[^>"]|"[^"]*")*)>/g)].map(
    ([, , attributes]) => {
      const values: Record<string, string> = {};
      for (const [, name, value] of attributes!.matchAll(/([\w:-]+)="([^"]*)"/g)) {
        values[name!] = decode(value!);
      }
      return values;
    },
  );
  const metas = (key: string) =>
    tags.filter((tag) => tag.property === key || tag.name === key).map((tag) => tag.content ?? '');
  return {
    status,
    html,
    metas,
    meta: (key) => metas(key)[0] ?? null,
    link: (rel, hreflang) =>
      tags.find((tag) => tag.rel === rel && (hreflang === undefined || tag.hreflang === hreflang))
        ?.href ?? null,
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json!) as Record<string, unknown>,
    ),
  };
}

/** A photo-like JPEG (a gradient with a band), so the image store has something real to encode. */
async function photo(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="914">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="hsl(${hue},60%,45%)"/>
    <stop offset="1" stop-color="hsl(${hue + 40},60%,70%)"/></linearGradient></defs>
    <rect width="1600" height="914" fill="url(#g)"/><rect y="600" width="1600" height="120" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

describe.each(drivers)('link previews on %s', (driver) => {
  let site: Site;
  let photos: SavedImage[];
  let avatar: SavedImage;
  let dealer: Awaited<ReturnType<typeof createSeller>>;
  let individual: Awaited<ReturnType<typeof createSeller>>;
  let car: { id: number; slug: string };
  let jodCar: { id: number; slug: string };

  const get = async (pathname: string) => {
    const response = await site.fetch(pathname);
    return parse(response.status, await response.text());
  };
  const api = async <T>(pathname: string, lang: 'ar' | 'en' = 'ar') => {
    const response = await site.fetch(pathname, { headers: { 'accept-language': lang } });
    return ((await response.json()) as { data: T }).data;
  };

  beforeAll(async () => {
    site = await startSite(driver);
    const { db } = site.database;
    const uploads = new FolderStore(site.config.uploadsDir);
    photos = [];
    for (let i = 0; i < 6; i++) {
      photos.push(await saveImage(uploads, await photo(20 * i), { kind: 'vehicle' }));
    }
    avatar = await saveImage(uploads, await photo(200), { kind: 'profile' });
    dealer = await createSeller(db, {
      // A name that tries to close the JSON-LD script.
      name: 'معرض </script><b>النور',
      userType: UserType.company,
      mobile: '0599123456',
      image: avatar.path,
    });
    individual = await createSeller(db, { name: 'Sami Haddad', userType: UserType.normal });
    const vehicles = vehicleRepository(db, site.bus);
    const common = {
      brandId: 1,
      modelId: 101,
      bestThreeCategories: ['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد'],
      statusId: Status.accepted,
      colorId: 200,
      bodyTypeId: 254,
      gearTypeId: 450,
      oilTypeId: 500,
    };
    car = await vehicles.create(
      {
        ...common,
        ownerId: dealer.id,
        year: 2018,
        meals: 90_000,
        price: 50_000,
        currencyId: Currency.NIS,
        image: photos[0]!.path,
        description: '<p>سيارة بحالة ممتازة، صيانة دورية في الوكالة.</p>',
      },
      photos,
    );
    jodCar = await vehicles.create(
      {
        ...common,
        ownerId: individual.id,
        year: 2021,
        meals: 12_500,
        price: 21_000,
        currencyId: Currency.JOD,
        image: photos[1]!.path,
        description: '<p>Like new.</p>',
      },
      photos.slice(1, 3),
    );
  });

  afterAll(async () => {
    await site?.close();
  });

  it('gives the vehicle page a title with the price and a description of its own', async () => {
    const detail = await api<{
      brandName: string;
      modelName: string;
      ownerCityName: string;
      oilType: string;
      gearType: string;
    }>(`/api/Vehicle/GetVehicle?id=${car.id}`);
    const page = await get(`/vehicle/${car.slug}`);
    expect(page.status).toBe(200);
    const name = `${detail.brandName} ${detail.modelName} 2018`;
    expect(page.title).toBe(`${name} — 50,000\u00a0₪ | سوق المركبات`);
    expect(page.meta('og:title')).toBe(`${name} — 50,000\u00a0₪`);
    expect(page.meta('twitter:title')).toBe(page.meta('og:title'));

    const description = page.meta('description')!;
    for (const part of [name, '50,000', '90,000 كم', detail.oilType, detail.gearType]) {
      expect(description).toContain(part);
    }
    expect(description).toContain(detail.ownerCityName);
    expect(page.meta('og:description')).toBe(description);
    expect(page.meta('twitter:description')).toBe(description);

    const other = await get(`/vehicle/${jodCar.slug}`);
    expect(other.title).not.toBe(page.title);
    expect(other.meta('description')).not.toBe(description);
    expect(other.title).toContain('21,000\u00a0د.أ');
  });

  it('links the canonical URL, both languages and Open Graph locales', async () => {
    const canonical = `${ORIGIN}/vehicle/${car.slug}`;
    for (const pathname of [`/vehicle/${car.slug}`, `/vehicle/${car.id}`, `/vehicle/${car.id}-x`]) {
      const page = await get(pathname);
      expect(page.link('canonical'), pathname).toBe(canonical);
      expect(page.meta('og:url')).toBe(canonical);
    }
    const page = await get(`/vehicle/${car.slug}`);
    expect(page.link('alternate', 'ar')).toBe(canonical);
    expect(page.link('alternate', 'en')).toBe(`${ORIGIN}/en/vehicle/${car.slug}`);
    expect(page.link('alternate', 'x-default')).toBe(canonical);
    expect(page.meta('og:type')).toBe('product');
    expect(page.meta('og:locale')).toBe('ar_PS');
    expect(page.metas('og:locale:alternate')).toEqual(['en_US']);
    expect(page.meta('og:site_name')).toBe('سوق المركبات');

    const english = await get(`/en/vehicle/${car.id}`);
    expect(english.html).toContain('<html lang="en" dir="ltr"');
    expect(english.link('canonical')).toBe(`${ORIGIN}/en/vehicle/${car.slug}`);
    expect(english.meta('og:locale')).toBe('en_US');
    expect(english.metas('og:locale:alternate')).toEqual(['ar_PS']);
    expect(english.title).toMatch(/— ₪50,000 \| Vehicle Market$/);
    expect(english.meta('description')).toMatch(/for sale in .+ for ₪50,000: 90,000 km, /);
  });

  it('shows the main photo as an absolute, fetchable large image', async () => {
    const page = await get(`/vehicle/${car.slug}`);
    const image = page.meta('og:image')!;
    expect(image).toBe(`${ORIGIN}${photos[0]!.path}`);
    expect(page.meta('og:image:width')).toBe(String(photos[0]!.width));
    expect(page.meta('og:image:height')).toBe(String(photos[0]!.height));
    expect(page.meta('og:image:alt')).toBeTruthy();
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:image')).toBe(image);

    const response = await site.fetch(new URL(image).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/jpeg/);
    const { width } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(width).toBe(1280);
  });

  it('describes the vehicle as a schema.org Car with its offer', async () => {
    const detail = await api<{
      brandName: string;
      modelName: string;
      color: string;
      oilType: string;
      gearType: string;
      bodyType: string;
    }>(`/api/Vehicle/GetVehicle?id=${car.id}`);
    const page = await get(`/vehicle/${car.slug}`);
    const listing = page.jsonLd.find((entry) => entry['@type'] === 'Car')!;
    expect(listing).toBeDefined();
    expect(listing).toMatchObject({
      '@context': 'https://schema.org',
      name: `${detail.brandName} ${detail.modelName} 2018`,
      url: `${ORIGIN}/vehicle/${car.slug}`,
      brand: { '@type': 'Brand', name: detail.brandName },
      model: detail.modelName,
      vehicleModelDate: '2018',
      modelDate: '2018',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 90_000, unitCode: 'KMT' },
      itemCondition: 'https://schema.org/UsedCondition',
      color: detail.color,
      fuelType: detail.oilType,
      vehicleTransmission: detail.gearType,
      bodyType: detail.bodyType,
      offers: {
        '@type': 'Offer',
        price: 50_000,
        priceCurrency: 'ILS',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/vehicle/${car.slug}`,
        // The name made it through intact, and could not end the script early.
        seller: { name: dealer.name, url: at(`/gallary/${dealer.slug}`) },
      },
    });
    expect(listing.image).toEqual(photos.map((saved) => `${ORIGIN}${saved.path}`));
    const scripts = [
      ...page.html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
    ];
    expect(scripts.some(([, json]) => json!.includes('\\u003c/script>\\u003cb>'))).toBe(true);

    const jod = (await get(`/vehicle/${jodCar.slug}`)).jsonLd.find((e) => e['@type'] === 'Car')!;
    expect(jod.offers).toMatchObject({ price: 21_000, priceCurrency: 'JOD' });
    expect(jod.mileageFromOdometer).toMatchObject({ value: 12_500, unitCode: 'KMT' });

    const crumbs = page.jsonLd.find((entry) => entry['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement).toHaveLength(3);
  });

  it('states that a vehicle with delivery kilometres only is new', async () => {
    const fresh = await vehicleRepository(site.database.db, site.bus).create(
      {
        ownerId: dealer.id,
        brandId: 1,
        modelId: 101,
        year: 2025,
        meals: 15,
        price: 150_000,
        currencyId: Currency.NIS,
        image: photos[2]!.path,
        bestThreeCategories: [],
        description: '',
        statusId: Status.accepted,
      },
      [photos[2]!],
    );
    for (const path of [`/vehicle/${fresh.slug}`, `/en/vehicle/${fresh.slug}`]) {
      const listing = (await get(path)).jsonLd.find((entry) => entry['@type'] === 'Car')!;
      expect(listing.itemCondition, path).toBe('https://schema.org/NewCondition');
    }
  });

  it('gives the home page a large preview picture of the stated size', async () => {
    for (const path of ['/', '/en/']) {
      const page = await get(path);
      expect(page.meta('og:image'), path).toBe(`${ORIGIN}/img/home-preview.jpg`);
      expect(page.meta('og:image:width')).toBe('1200');
      expect(page.meta('og:image:height')).toBe('630');
      expect(page.meta('og:image:alt')).toBeTruthy();
      expect(page.meta('twitter:card')).toBe('summary_large_image');
      expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    }
    const response = await site.fetch('/img/home-preview.jpg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\/jpeg/);
    const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
  });

  it("gives a seller's gallery a profile preview from the seller's name and state", async () => {
    const page = await get(`/gallary/${dealer.id}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${dealer.name} — مركبات للبيع في الضفة الغربية | سوق المركبات`);
    expect(page.meta('description')).toContain(dealer.name);
    expect(page.meta('description')).toContain('الضفة الغربية');
    expect(page.link('canonical')).toBe(at(`/gallary/${dealer.slug}`));
    expect(page.link('alternate', 'en')).toBe(at(`/en/gallary/${dealer.slug}`));
    expect(page.meta('og:type')).toBe('profile');
    expect(page.meta('og:image')).toBe(`${ORIGIN}${avatar.path}`);
    expect(page.meta('og:image:width')).toBe(String(avatar.width));
    expect(page.meta('og:image:height')).toBe(String(avatar.height));
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    const profile = page.jsonLd.find((entry) => entry['@type'] === 'AutoDealer')!;
    expect(profile).toMatchObject({ name: dealer.name, url: at(`/gallary/${dealer.slug}`) });

    // No picture of their own: the preview shows their newest vehicle.
    const person = await get(`/en/gallary/${individual.slug}`);
    expect(person.title).toBe('Sami Haddad — vehicles for sale in West Bank | Vehicle Market');
    expect(person.meta('og:image')).toBe(`${ORIGIN}${photos[1]!.path}`);
    expect(person.meta('og:image:width')).toBe(String(photos[1]!.width));
    expect(person.meta('og:image:height')).toBe(String(photos[1]!.height));
    expect(person.jsonLd.find((entry) => entry['@type'] === 'Person')).toBeDefined();
  });

  it('pages a gallery 12 vehicles at a time with titles of their own', async () => {
    const { db } = site.database;
    const many = await createSeller(db, { name: 'Big Dealer', userType: UserType.company });
    const vehicles = vehicleRepository(db, site.bus);
    for (let i = 0; i < 13; i++) {
      await vehicles.create(
        {
          ownerId: many.id,
          brandId: 1,
          modelId: 101,
          year: 2010 + i,
          meals: 1000 * i,
          price: 10_000 + i,
          currencyId: Currency.USD,
          image: photos[0]!.path,
          bestThreeCategories: [],
          description: '',
          statusId: Status.accepted,
        },
        [photos[0]!],
      );
    }
    const first = await get(`/gallary/${many.slug}`);
    const second = await get(`/gallary/${many.slug}?page=2`);
    expect(first.html.match(/data-vehicle-card=/g)).toHaveLength(12);
    expect(second.html.match(/data-vehicle-card=/g)).toHaveLength(1);
    expect(first.html).toContain(`href="/gallary/${many.slug}?page=2" rel="next"`);
    expect(second.title).toBe('Big Dealer — مركبات للبيع في الضفة الغربية — صفحة 2 | سوق المركبات');
    expect(second.link('canonical')).toBe(`${ORIGIN}/gallary/${many.slug}?page=2`);
    expect((await get(`/gallary/${many.slug}?page=3`)).status).toBe(404);
  });

  it('gives every catalogue page a title and description of its own', async () => {
    const paths = [
      '/',
      '/vehicles',
      '/sellers',
      '/aboutus',
      `/vehicle/${car.slug}`,
      `/vehicle/${jodCar.slug}`,
      `/gallary/${dealer.slug}`,
      `/gallary/${individual.slug}`,
    ];
    const pages = await Promise.all(
      [...paths, ...paths.map((p) => (p === '/' ? '/en/' : `/en${p}`))].map(async (p) => ({
        path: p,
        page: await get(p),
      })),
    );
    for (const { path, page } of pages) {
      expect(page.status, path).toBe(200);
      expect(page.title, path).toBeTruthy();
      expect(page.meta('description'), path).toBeTruthy();
    }
    for (const { path, page } of pages.filter(({ path }) => !/^(\/en)?\/(vehicles)?$/.test(path))) {
      expect(page.html, path).toContain('data-breadcrumbs');
    }
    const titles = pages.map(({ page }) => page.title);
    expect(new Set(titles).size, titles.join('\n')).toBe(titles.length);
    const mine = pages.filter(({ path }) => !/^(\/en)?\/(vehicles)?$/.test(path));
    const descriptions = mine.map(({ page }) => page.meta('description'));
    expect(new Set(descriptions).size, descriptions.join('\n')).toBe(descriptions.length);
  });

  it('lists the vehicle and gallery pages in both languages in the sitemap', async () => {
    const response = await site.fetch('/sitemap.xml');
    expect(response.status).toBe(200);
    const xml = await response.text();
    for (const path of [
      `/vehicle/${car.slug}`,
      `/gallary/${dealer.slug}`,
      '/sellers',
      '/aboutus',
    ]) {
      // Sitemap URLs are percent-encoded, as canonical links are (the dealer's slug is Arabic).
      expect(xml).toContain(`<loc>${at(path)}</loc>`);
      expect(xml).toContain(`<loc>${at(`/en${path}`)}</loc>`);
    }
  });
});
