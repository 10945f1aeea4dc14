import { icon } from '../../components/icons/icon.ts';
import type { Lang } from '../../lib/i18n.ts';
import { markup } from '../../lib/markup.ts';
import { m } from '../../paraglide/messages.js';

export interface FavouriteStarProps {
  vehicleId: number;
  name: string;
  lang: Lang;
  size?: 'md' | 'lg';
  class?: string;
}

const sizes = {
  md: { button: 'size-11', icon: 'size-6' },
  lg: { button: 'size-12', icon: 'size-7' },
};

/**
 * The favourite star of a vehicle (spec §4/§5), on cards and on the vehicle page.
 *
 * Props:
 * - `vehicleId`: the vehicle's id.
 * - `name`: what the star saves, for its accessible name ("Save Toyota Corolla 2019 to
 *   favourites"); the vehicle's brand, model and year.
 * - `lang`: the page's language.
 * - `size`: `'md'` (cards, default) or `'lg'` (the vehicle page).
 * - `class`: extra classes for the wrapper (e.g. positioning).
 *
 * The button is rendered here with aria-pressed="false" (pages are cached for everyone); the
 * `favourite-star` element (favourite-star.ts, about 1 KB plus the shared stores) sets the
 * visitor's state and handles clicks. It is the only JavaScript a card needs, and the page must
 * carry the catalogue's script for it (FavouriteStar.astro adds it).
 */
export function favouriteStar({
  vehicleId,
  name,
  lang,
  size = 'md',
  class: className,
}: FavouriteStarProps) {
  const t = { locale: lang };
  const star = icon({
    name: 'star',
    class: `fill-transparent transition-colors group-aria-pressed/star:fill-current ${sizes[size].icon}`,
  });
  return markup`<favourite-star vehicle-id="${vehicleId}" class="${className ? `inline-flex ${className}` : 'inline-flex'}"><button type="button" aria-pressed="false" aria-label="${m.favourite_toggle({ name }, t)}" title="${m.favourite_title({}, t)}" class="group/star grid place-items-center rounded-full bg-white/95 text-ink-soft shadow-md ring-1 ring-black/5 backdrop-blur transition hover:scale-105 hover:text-accent-500 active:scale-95 aria-pressed:text-accent-400 ${sizes[size].button}">${star}</button></favourite-star>`;
}
