import { describe, expect, it, vi } from 'vitest';
import type { SiteServices } from '../../server/site-services.ts';
import {
  announcementHref,
  announcementImage,
  type Announcement,
} from '../../src/lib/announcements.ts';
import { homeTags } from '../../src/lib/server/home-data.ts';
import { loadVehicleList } from '../../src/lib/server/vehicle-list.ts';

const ad = (overrides: Partial<Announcement> = {}): Announcement => ({
  id: 1,
  image: '/uploads/ad/2025/abc.jpg',
  announcementType: 91,
  startDate: '2025-01-01T00:00:00.000Z',
  endDate: '2025-02-01T00:00:00.000Z',
  userId: 4,
  userName: 'معرض النجمة',
  userSlug: '4-star-motors',
  ...overrides,
});

describe('announcements', () => {
  it("link to the advertiser's gallery in the page's language", () => {
    expect(announcementHref(ad(), 'ar')).toBe('/gallary/4-star-motors');
    expect(announcementHref(ad(), 'en')).toBe('/en/gallary/4-star-motors');
  });

  it('use the WebP variants of a stored JPEG and the file itself otherwise', () => {
    expect(announcementImage(ad())).toEqual({
      src: '/uploads/ad/2025/abc-1280.webp',
      srcset:
        '/uploads/ad/2025/abc-320.webp 320w, /uploads/ad/2025/abc-640.webp 640w, /uploads/ad/2025/abc-960.webp 960w, /uploads/ad/2025/abc-1280.webp 1280w',
    });
    expect(announcementImage(ad({ image: '/img/ad.svg' }))).toEqual({ src: '/img/ad.svg' });
  });
});

describe('homeTags', () => {
  it('tags home, every vehicle shown and every seller named or advertising, once each', () => {
    expect(
      homeTags(
        [
          { id: 10, ownerId: 4 },
          { id: 11, ownerId: 5 },
        ],
        [{ userId: 4 }, { userId: 6 }],
      ),
    ).toEqual(['home', 'vehicle:10', 'vehicle:11', 'seller:4', 'seller:5', 'seller:6']);
  });
});

function fakeServices(rowCount = 20) {
  const search = vi.fn(
    async (
      _filter: object,
      paging: { page: number; pageSize: number },
      _order?: { seed: number; sort?: string },
      _lang?: string,
    ) => ({
      rates: { 86: 1, 87: 3.7, 88: 5.2 },
      data: [],
      pagination: {
        currentPage: paging.page,
        pageCount: Math.ceil(rowCount / paging.pageSize),
        pageSize: paging.pageSize,
        rowCount,
      },
    }),
  );
  const list = (...ids: number[]) => ids.map((id) => ({ id, name: `n${id}`, value: 0, image: '' }));
  const services = {
    reference: {
      states: vi.fn(async () => list(1, 2, 3)),
      brands: vi.fn(async () => list(1, 2)),
      codesOf: vi.fn(async (category: number) => list(category * 10 + 1, category * 10 + 2)),
      brandModels: vi.fn(async (brandId: number) =>
        brandId === 2 ? list(201, 202).map((row) => ({ ...row, brandId })) : null,
      ),
    },
    vehicles: { search },
    announcements: { active: vi.fn(async () => []) },
  } as unknown as SiteServices;
  return { services, search };
}

describe('loadVehicleList', () => {
  it('searches with the applying filter, six a page, and a fresh seed when none is given', async () => {
    const { services, search } = fakeServices();
    const list = await loadVehicleList(
      services,
      new URLSearchParams('vehicleBrandId=2&vehicleModelId=202&yearFrom=2010&color=11&page=2'),
      'ar',
    );
    expect(search).toHaveBeenCalledTimes(1);
    const [filter, paging, order, lang] = search.mock.calls[0]!;
    const seed = order?.seed;
    expect(filter).toEqual({ vehicleBrandId: 2, vehicleModelId: 202, color: 11 });
    expect(paging).toEqual({ page: 2, pageSize: 6 });
    expect(order).toEqual({ seed: list.seed, sort: undefined });
    expect(Number.isInteger(seed)).toBe(true);
    expect(lang).toBe('ar');
    // The form keeps the lone year to show it; only the search leaves it out.
    expect(list.filter.yearFrom).toBe(2010);
    expect(list.options.models.map((model) => model.id)).toEqual([201, 202]);
    expect(list.tags).toEqual(['vehicles']);
  });

  it('drops a model of another make and ids the lists do not have', async () => {
    const { services, search } = fakeServices();
    await loadVehicleList(
      services,
      new URLSearchParams('vehicleBrandId=2&vehicleModelId=999&stateId=9&color=55&seed=3'),
      'en',
    );
    expect(search.mock.calls[0]![0]).toEqual({ vehicleBrandId: 2 });
    expect(search.mock.calls[0]![2]).toEqual({ seed: 3, sort: undefined });
  });

  it('shows the last page for a page past the end', async () => {
    const { services, search } = fakeServices(20);
    const list = await loadVehicleList(services, new URLSearchParams('page=40&seed=1'), 'ar');
    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[1]![1]).toEqual({ page: 4, pageSize: 6 });
    expect(list.pagination.currentPage).toBe(4);
  });
});
