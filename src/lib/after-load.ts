/**
 * Runs `task` when the browser is idle, or after `timeout` ms at the latest; where there is no
 * `requestIdleCallback` (Safari), after `fallback` ms. Without a timeout the browser decides.
 */
export function whenIdle(
  task: () => unknown,
  { timeout, fallback = 200 }: { timeout?: number; fallback?: number } = {},
): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => void task(), timeout === undefined ? undefined : { timeout });
  } else {
    setTimeout(() => void task(), fallback);
  }
}

/**
 * Runs `task` once the page has finished loading and the browser is idle: for work that no first
 * paint waits for (reading the visitor's favourites, recording a visit to the recently viewed
 * list, warming the code a click will need). A phone then spends its first second on the page
 * the visitor asked for, not on scripts racing the largest photo.
 */
export function afterLoad(task: () => unknown): void {
  const idle = () => whenIdle(task, { timeout: 2000 });
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Runs `task` a frame after the page has loaded and its first paint is on the screen: for what
 * would otherwise share a slow line with the first screen. A frame can be drawn well before it
 * is shown, and the load event can come before either; the first contentful paint's entry comes
 * when the paint is shown. Where paint timing is missing, the load alone decides.
 */
export function afterFirstPaint(task: () => unknown): void {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const painted = new Promise<void>((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  void Promise.all([loaded, painted]).then(() => requestAnimationFrame(() => setTimeout(task)));
}
