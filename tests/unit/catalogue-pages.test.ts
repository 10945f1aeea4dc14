import { describe, expect, it } from 'vitest';
import { requestedPage, sellerSearchName } from '../../src/lib/server/catalogue-pages.ts';
import { breadcrumbList, sellerProfile, vehiclePhotoUrls } from '../../src/lib/structured-data.ts';

const page = (query: string) => requestedPage(new URL(`https://x.ps/sellers${query}`));

describe('requestedPage', () => {
  it('reads ?page= as a page number, 1 when absent', () => {
    expect(page('')).toBe(1);
    expect(page('?page=')).toBe(1);
    expect(page('?page=3')).toBe(3);
    expect(page('?page=%203%20')).toBe(3);
  });

  it('refuses anything that is not a page number', () => {
    for (const query of ['?page=0', '?page=-1', '?page=2.5', '?page=abc', '?page=1e3']) {
      expect(page(query), query).toBeNull();
    }
  });
});

describe('sellerSearchName', () => {
  const name = (query: string) => sellerSearchName(new URL(`https://x.ps/sellers${query}`));

  it('turns pasted control characters into spaces instead of failing the page', () => {
    expect(name('?name=%00')).toBe('');
    expect(name('?name=%D9%86%D9%88%D8%B1%00%09x')).toBe('نور  x');
    expect(name('')).toBe('');
  });
});

describe('structured data', () => {
  it('numbers breadcrumbs from 1 and leaves the current page without a link', () => {
    expect(breadcrumbList([{ name: 'Home', url: 'https://x.ps/' }, { name: 'Sellers' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x.ps/' },
        { '@type': 'ListItem', position: 2, name: 'Sellers' },
      ],
    });
  });

  it("lists a vehicle's photos once each, the main one first, as absolute URLs", () => {
    expect(
      vehiclePhotoUrls(
        {
          image: '/uploads/vehicle/b.jpg',
          vehicleImages: [
            { id: 1, path: '/uploads/vehicle/a.jpg', width: 1, height: 1 },
            { id: 2, path: '/uploads/vehicle/b.jpg', width: 1, height: 1 },
          ],
        },
        'https://x.ps',
      ),
    ).toEqual(['https://x.ps/uploads/vehicle/b.jpg', 'https://x.ps/uploads/vehicle/a.jpg']);
  });

  it('describes a dealership as an AutoDealer and an individual as a Person', () => {
    const seller = {
      name: 'Al Amal',
      image: '/uploads/profile/a.jpg',
      addressCityName: 'Ramallah',
      addressStateName: 'West Bank',
      AddressInfo: 'Main street',
    };
    const options = { url: 'https://x.ps/gallary/2-al-amal', origin: 'https://x.ps' };
    expect(sellerProfile({ ...seller, userType: 72 }, options)).toMatchObject({
      '@type': 'AutoDealer',
      image: 'https://x.ps/uploads/profile/a.jpg',
      address: { addressLocality: 'Ramallah', addressRegion: 'West Bank', addressCountry: 'PS' },
    });
    expect(sellerProfile({ ...seller, userType: 71, image: '' }, options)).not.toHaveProperty(
      'image',
    );
    expect(sellerProfile({ ...seller, userType: 71 }, options)['@type']).toBe('Person');
  });
});
