/**
 * How a picture is fetched, by its place on the page, so that the largest paint is not kept
 * waiting by the pictures around it:
 * - `first`: the page's likely largest paint: at once, ahead of everything else;
 * - `peek`: seen at once beside it (a thumbnail, a peeking card, a small portrait): at once, but
 *   behind the first paint's files (a browser raises a picture in the first screen to high);
 * - `later`: next to the first screen (a slide behind the first): when near, at low priority;
 * - none: further down: when scrolled near, at the browser's own priority.
 */
export type PicturePriority = 'first' | 'peek' | 'later';

/** The `<img>` attributes of a picture's priority. */
export function pictureLoading(priority?: PicturePriority) {
  return {
    loading: priority === 'first' || priority === 'peek' ? 'eager' : 'lazy',
    fetchpriority: priority === 'first' ? 'high' : priority ? 'low' : undefined,
  } as const;
}
