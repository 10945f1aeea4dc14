/**
 * How a picture is fetched, by its place on the page, so that the largest paint is not kept
 * waiting by the pictures around it:
 * - `first`: the page's likely largest paint: at once, ahead of everything else;
 * - `early`: in the first screen, and the largest paint on a wide screen but not on a phone's
 *   (the home page's banner above its vehicles, which on a phone are the larger): at once and
 *   never held, but at low priority, so that on a phone the page's `first` goes ahead of it;
 * - `peek`: seen at once beside it (a thumbnail, a peeking card, a small portrait): at once, but
 *   behind the first paint's files (a browser raises a picture in the first screen to high;
 *   components/Picture.astro also holds it until the first paint is shown);
 * - `later`: next to the first screen (a slide behind the first): when near, at low priority;
 * - none: further down: when scrolled near, at the browser's own priority.
 */
export type PicturePriority = 'first' | 'early' | 'peek' | 'later';

/** The `<img>` attributes of a picture's priority. */
export function pictureLoading(priority?: PicturePriority) {
  return {
    loading: priority && priority !== 'later' ? 'eager' : 'lazy',
    fetchpriority: priority === 'first' ? 'high' : priority ? 'low' : undefined,
  } as const;
}

/** Whether a picture of this priority is held until the first paint (see HELD_PICTURE). */
export function isHeld(priority?: PicturePriority) {
  return priority !== 'first' && priority !== 'early';
}

/**
 * Every picture but the `first` and an `early` one is held until the page has loaded and painted
 * (see components/Picture.astro): a browser starts every lazy picture within a screen or two of
 * the view as soon as it lays the page out, and on a slow network those pictures, and the ones
 * beside the first, share the line with the first screen's photo and fonts. While held a picture
 * shows this transparent pixel; its box is sized by its attributes and classes.
 */
export const HELD_PICTURE =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The marker of a held picture's `<source>`, which the page's script removes to let it load. */
export const HELD_MARKER = 'data-held-picture';
