import { responsiveImage } from '../../../domain/images.ts';
import type { VehicleCard } from '../../../server/routes/vehicle/schemas.ts';
import { favouriteStar } from '../../islands/favourite-star/star.ts';
import { formatNumber, formatPrice } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { markup } from '../../lib/markup.ts';
import type { PicturePriority } from '../../lib/picture-loading.ts';
import { m } from '../../paraglide/messages.js';
import { icon } from '../icons/icon.ts';
import { picture } from '../picture.ts';

export interface VehicleCardProps {
  vehicle: VehicleCard;
  lang: Lang;
  priority?: Extract<PicturePriority, 'first' | 'peek'>;
  sizes?: string;
  headingLevel?: 2 | 3 | 4;
}

/** The photo's badges, the 360 one at the top, the photo count at the bottom. */
const badge = (edge: 'top-3' | 'bottom-3') =>
  `absolute start-3 ${edge} inline-flex items-center gap-1 rounded-full bg-ink/80 px-2.5 py-1 text-xs font-bold text-white backdrop-blur`;

/**
 * A vehicle card (spec §3): photo, brand and model, year, mileage, price, the seller (linking to
 * their gallery), up to three best categories, a 360 badge, the photo count and the favourite
 * star. The whole card opens the vehicle: its title link stretches over the card, and the star
 * and the seller link sit above that layer, so no interactive element is nested inside another.
 *
 * Props: `vehicle` (a VehicleCard of server/db/repositories/vehicle-cards.ts), `lang`, `priority`
 * (the photo's, see pictureLoading: `'first'` for the page's first card, `'peek'` for a card a
 * phone shows at once beside it, as the home row's peeking second card; without it the photo
 * loads lazily, so that cards below the fold take no bandwidth from the first paint), `sizes`
 * (the photo's rendered width, when the list is not the usual three-column grid), `headingLevel`
 * (2 or 3, default 3).
 *
 * Drawn from strings (lib/markup.ts): a page draws up to a dozen cards, and as an Astro
 * component with its pictures, icons and star each cost 0.4 ms of an uncached render.
 */
export function vehicleCard({
  vehicle,
  lang,
  priority,
  sizes = '(min-width: 1280px) 384px, (min-width: 640px) 50vw, 100vw',
  headingLevel = 3,
}: VehicleCardProps) {
  const t = { locale: lang };
  const title = `${vehicle.brandName} ${vehicle.modelName}`.trim();
  const { src, srcset } = responsiveImage(vehicle.image, 640);
  const categories = (vehicle.bestThreeCategories ?? []).filter(Boolean).slice(0, 3);
  const photo = vehicle.image
    ? picture({
        src,
        srcset,
        sizes: srcset ? sizes : undefined,
        width: '640',
        height: '366',
        alt: m.card_image_alt({ name: title, year: String(vehicle.year) }, t),
        priority,
        decoding: 'async',
        class:
          'size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none',
      })
    : markup`<div class="grid size-full place-items-center text-muted" aria-hidden="true">${icon({ name: 'car', class: 'size-14', stroke: 1.5 })}</div>`;
  const panorama =
    vehicle.hasImage360 &&
    markup`<span class="${badge('top-3')}">${icon({ name: 'panorama', class: 'size-4' })} <span dir="ltr" aria-hidden="true">360°</span> <span class="sr-only">${m.card_360({}, t)}</span></span>`;
  const photoCount =
    vehicle.imageCount > 0 &&
    markup`<span class="${badge('bottom-3')}" role="img" aria-label="${m.card_photo_count({ count: vehicle.imageCount }, t)}" data-card-photos="${vehicle.imageCount}">${icon({ name: 'camera', class: 'size-4' })} <span dir="ltr">${vehicle.imageCount}</span></span>`;
  const star = favouriteStar({
    vehicleId: vehicle.id,
    name: `${title} ${vehicle.year}`,
    lang,
    class: 'absolute end-3 top-3 z-10',
  });
  const heading = `h${headingLevel}`;
  const categoryList =
    categories.length > 0 &&
    markup`<ul class="flex flex-wrap gap-1.5">${categories.map((category) => markup`<li class="rounded-full border border-line bg-canvas px-2.5 py-0.5 text-xs font-medium text-ink-soft">${category}</li>`)}</ul>`;

  return markup`<article class="group relative flex flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-shadow focus-within:shadow-pop hover:shadow-pop" data-vehicle-card="${vehicle.id}"><div class="relative aspect-[640/366] overflow-hidden bg-line">${photo}${panorama}${photoCount}${star}</div><div class="flex flex-1 flex-col gap-3 p-4"><div class="flex items-start justify-between gap-3"><${heading} class="min-w-0 text-lg leading-snug font-bold text-ink"><a href="${localizePath(`/vehicle/${vehicle.slug}`, lang)}" class="line-clamp-1 after:absolute after:inset-0 after:z-0 after:rounded-card after:content-[''] hover:text-brand-800 focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:-outline-offset-3 focus-visible:after:outline-focus">${title}</a></${heading}><span class="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800"><span class="sr-only">${m.card_year({}, t)}</span> ${vehicle.year}</span></div><p class="text-xl font-bold text-brand-700" dir="auto"><span class="sr-only">${m.card_price({}, t)}</span> <bdi>${formatPrice(vehicle.price, vehicle.currency, lang)}</bdi></p><p class="flex items-center gap-1.5 text-sm text-muted">${icon({ name: 'gauge', class: 'size-4 shrink-0' })} <span class="sr-only">${m.card_mileage({}, t)}</span> <span>${m.card_km({ value: formatNumber(vehicle.meals) }, t)}</span></p>${categoryList}<div class="mt-auto border-t border-line pt-3"><a href="${localizePath(`/gallary/${vehicle.ownerSlug}`, lang)}" class="relative z-10 inline-flex max-w-full items-center gap-2 rounded-full text-sm font-semibold text-ink-soft hover:text-brand-700">${icon({ name: 'store', class: 'size-4 shrink-0' })} <span class="sr-only">${m.card_seller({}, t)}</span> <span class="truncate">${vehicle.ownerName}</span></a></div></div></article>`;
}
