import { afterFirstPaint } from '../../lib/after-load.ts';
import { HELD_MARKER } from '../../lib/picture-loading.ts';

/*
 * Lets the held pictures load (components/Picture.astro) once the page has loaded (the first
 * screen's photos, fonts and scripts are in) and its first paint has reached the screen, or at
 * the visitor's first scroll of the page or of a slider if that comes first. Removing a
 * picture's held `<source>` makes the browser choose from the `<img>`'s own `srcset`: at once for
 * a picture beside the first, when near the view for a lazy one.
 */
function release(): void {
  for (const source of document.querySelectorAll(`source[${HELD_MARKER}]`)) source.remove();
}

if (document.querySelector(`source[${HELD_MARKER}]`)) {
  document.addEventListener('scroll', release, { capture: true, passive: true, once: true });
  afterFirstPaint(release);
}
