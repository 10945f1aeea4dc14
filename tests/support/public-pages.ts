/*
 * One of each public page type, on the demo catalogue, and the account pages: the pages the
 * markup checks hold to outside tools (html-validate in tests/site/markup.test.ts, axe in
 * tests/e2e/accessibility.spec.ts). `apiData` reads an API answer's `data`.
 */

/** The account pages a seller opens from the side menu, and the two payment pages. */
export const ACCOUNT_PAGES = [
  '/profile',
  '/profile/add_vehicle',
  '/profile/my_vehicles',
  '/profile/favorit',
  '/profile/saved_searches',
  '/profile/add_ads',
  '/profile/ads_orders',
  '/profile/star_orders',
  '/profile/payment_operation',
  '/profile/change_password',
  '/payment',
  '/pay_for_us',
];

export type Lang = 'ar' | 'en';

export interface SampleCard {
  slug: string;
  ownerSlug: string;
  brandId: number;
}

/** A page's path in the given language (Arabic is the unprefixed base). */
export const inLanguage = (lang: Lang, path: string) =>
  lang === 'ar' ? path : path === '/' ? '/en/' : `/en${path}`;

/** The Arabic paths, with the vehicle they open; throws when the catalogue has no event. */
export async function publicPages(apiData: <T>(path: string) => Promise<T>) {
  const cards = await apiData<{ vehicles: { data: SampleCard[] } }>(
    '/api/Vehicle/GetVehiclesRandomly?page=1&pageSize=1&seed=1',
  );
  const card = cards.vehicles.data[0]!;
  const events = await apiData<{ slug: string }[]>('/api/Tickets/GetEvents');
  if (events.length === 0) throw new Error('the demo catalogue has no event to open');
  return {
    card,
    paths: [
      '/',
      '/vehicles',
      `/vehicles?vehicleBrandId=${card.brandId}&sort=price-asc`,
      `/vehicle/${card.slug}`,
      `/gallary/${card.ownerSlug}`,
      '/sellers',
      '/aboutus',
      `/event/${encodeURIComponent(events[0]!.slug)}`,
      '/no-such-page',
      '/login',
      '/signUp',
    ],
  };
}
