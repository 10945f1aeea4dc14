import type { HTMLAttributes } from 'astro/types';
import { attributes, markup } from '../lib/markup.ts';
import {
  HELD_MARKER,
  HELD_PICTURE,
  isHeld,
  pictureLoading,
  type PicturePriority,
} from '../lib/picture-loading.ts';

export interface PictureProps extends HTMLAttributes<'img'> {
  priority?: PicturePriority;
}

/**
 * A photo of the public pages, fetched by its place on the page (`priority`, see
 * pictureLoading); every other prop is the `<img>`'s.
 *
 * Every picture but the page's `first` (and an `early` one) is also held until the page has
 * loaded and its first paint is shown: a `<source>` that matches only where scripts run puts a
 * transparent pixel in its place, and the page's script (islands/catalogue/held-pictures.ts)
 * removes it then, or at the visitor's first scroll, so the `<img>`'s own `srcset` takes over: at
 * once for a `peek` picture, when near for a lazy one. Without scripts the `<source>` does not
 * match and the picture loads as it always did.
 * The `<img>` keeps its real `src` and `srcset` throughout. Its box must not depend on the
 * pixel's size (an aspect or a size of its own, as every photo here has). A held picture needs
 * the catalogue's script on the page (Picture.astro adds it).
 */
export function picture({ priority, ...img }: PictureProps) {
  const tag = markup`<img${attributes({ ...img, ...pictureLoading(priority) })}>`;
  return isHeld(priority)
    ? markup`<picture class="contents"><source media="(scripting: enabled)" srcset="${HELD_PICTURE}" ${HELD_MARKER}>${tag}</picture>`
    : tag;
}
