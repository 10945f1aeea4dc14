import { HELD_MARKER } from '../../lib/picture-loading.ts';

/*
 * Lets the held pictures load (components/Picture.astro) once the page has loaded (the first
 * screen's photos, fonts and scripts are in) and its first paint has reached the screen, or at
 * the visitor's first scroll of the page or of a slider if that comes first. Removing a
 * picture's held `<source>` makes the browser choose from the `<img>`'s own `srcset`, lazily:
 * only pictures near the view load.
 */
function release(): void {
  for (const source of document.querySelectorAll(`source[${HELD_MARKER}]`)) source.remove();
}

const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

/*
 * A frame can be drawn well before it is shown; the first contentful paint's entry comes when it
 * is shown. Where paint timing is missing, the load alone decides.
 */
const painted = new Promise<void>((resolve) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    resolve();
  }).observe({ type: 'paint', buffered: true });
});

if (document.querySelector(`source[${HELD_MARKER}]`)) {
  document.addEventListener('scroll', release, { capture: true, passive: true, once: true });
  void Promise.all([loaded, painted]).then(() => requestAnimationFrame(() => setTimeout(release)));
}
