/*
 * One of each public page type, on the demo catalogue: the pages the markup checks hold to
 * outside tools (html-validate in tests/site/markup.test.ts, axe in
 * tests/e2e/accessibility.spec.ts). `apiData` reads an API answer's `data`.
 */

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
