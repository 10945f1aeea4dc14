import { InterfaceGroup } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import { idFromSlug } from '../../../domain/slug.ts';
import { withoutControlCharacters } from '../../../domain/text.ts';
import type { Lang } from '../i18n.ts';
import { notFound, tagPage, type Page } from './page.ts';

/*
 * The data of the server-rendered catalogue pages (vehicle, seller gallery, sellers, about),
 * read in the page's frontmatter so a missing entity answers a real 404 and the page tells the
 * page cache which data it shows (server/plugins/page-cache.ts purges by those tags).
 */

/** Spec §9: seller gallery page size. */
export const GALLERY_PAGE_SIZE = 12;
/**
 * Spec §9 says 3 sellers a page; a directory that shows three cards at a time reads as broken
 * on a desktop (one short row) and makes a visitor page through a dozen screens, so it shows
 * one full grid (4 rows of 3, 6 of 2, 12 in one column on phones).
 */
export const SELLERS_PAGE_SIZE = 12;
/** Longest seller-name search kept (a longer one is cut). */
export const SELLER_NAME_MAX = 100;

/** `?page=`: 1 when absent, null when it is not a page number. */
export function requestedPage(url: URL): number | null {
  const raw = url.searchParams.get('page')?.trim();
  if (!raw) return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

/**
 * `?name=` of the sellers directory. A pasted search may carry control characters (NUL would
 * make the database refuse it): they become spaces rather than an error page.
 */
export function sellerSearchName(url: URL): string {
  return withoutControlCharacters(url.searchParams.get('name') ?? '')
    .trim()
    .slice(0, SELLER_NAME_MAX);
}

/** The vehicle of `/vehicle/{id}-anything`, or null after setting a 404. */
export async function loadVehicle(page: Page, lang: Lang) {
  const id = idFromSlug(page.params.slug ?? '');
  const vehicle = id === null ? null : await page.locals.services.vehicles.detail(id, lang);
  if (!vehicle) return notFound(page);
  tagPage(page, [
    PageTag.vehicle(vehicle.id),
    PageTag.seller(vehicle.ownerId),
    // A similar vehicle's card goes when its seller is blocked or deleted, as its page does.
    ...vehicle.cardOfVehicle.flatMap((card) => [
      PageTag.vehicle(card.id),
      PageTag.seller(card.ownerId),
    ]),
  ]);
  // Its view count is as fresh as the cached page: a page kept for a while shows an older one.
  return vehicle;
}

export type VehiclePageData = NonNullable<Awaited<ReturnType<typeof loadVehicle>>>;

/** The seller of `/gallary/{id}-anything` with one page of vehicles, or null after a 404. */
export async function loadGallery(page: Page, lang: Lang) {
  const id = idFromSlug(page.params.slug ?? '');
  const pageNumber = requestedPage(page.url);
  if (id === null || pageNumber === null) return notFound(page);
  const gallery = await page.locals.services.sellers.gallery(
    id,
    { page: pageNumber, pageSize: GALLERY_PAGE_SIZE },
    lang,
  );
  if (!gallery) return notFound(page);
  // A page past the last one does not exist (page 1 always does, empty or not).
  if (pageNumber > Math.max(1, gallery.vehicles.pagination.pageCount)) return notFound(page);
  tagPage(page, [
    PageTag.seller(gallery.id),
    ...gallery.vehicles.data.map((vehicle) => PageTag.vehicle(vehicle.id)),
  ]);
  // Link previews show the seller's picture, or their newest vehicle when they have none, with
  // its size so that a preview can lay it out before it loads.
  const previewPath = gallery.image || gallery.vehicles.data[0]?.image || '';
  const size = previewPath ? await page.locals.services.imageSize(previewPath) : null;
  return { ...gallery, preview: previewPath ? { path: previewPath, ...size } : null };
}

export type GalleryPageData = NonNullable<Awaited<ReturnType<typeof loadGallery>>>;

/** A positive whole number from the URL, or undefined (a bad value is ignored, not an error). */
function positiveId(raw: string | null): number | undefined {
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * The sellers directory: `?name=` search, `?stateId=` and `?cityId=` (a city only under its own
 * governorate; unknown ones are dropped), and `?page=`; null after a 404 for a missing page.
 */
export async function loadSellers(page: Page, lang: Lang) {
  const name = sellerSearchName(page.url);
  const pageNumber = requestedPage(page.url);
  if (pageNumber === null) return notFound(page);
  const { reference, sellers: directory } = page.locals.services;
  const states = await reference.states(lang);
  const stateId = states.some(
    (state) => state.id === positiveId(page.url.searchParams.get('stateId')),
  )
    ? positiveId(page.url.searchParams.get('stateId'))
    : undefined;
  const cities = stateId ? ((await reference.stateCities(stateId, lang)) ?? []) : [];
  const wantedCity = positiveId(page.url.searchParams.get('cityId'));
  const cityId = cities.some((city) => city.id === wantedCity) ? wantedCity : undefined;
  const sellers = await directory.directory(
    { name, stateId, cityId },
    { page: pageNumber, pageSize: SELLERS_PAGE_SIZE },
    lang,
  );
  if (pageNumber > Math.max(1, sellers.pagination.pageCount)) return notFound(page);
  tagPage(page, [PageTag.sellers]);
  return { name, stateId, cityId, states, cities, ...sellers };
}

/** The about page's interface items (group aboutUs, spec §2). */
export async function loadAbout(page: Page, lang: Lang) {
  const items = await page.locals.services.reference.interfaceItems(lang, InterfaceGroup.aboutUs);
  tagPage(page, [PageTag.about]);
  return items;
}
