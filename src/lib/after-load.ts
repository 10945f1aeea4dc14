/**
 * Runs `task` once the page has finished loading and the browser is idle: for work that no first
 * paint waits for (reading the visitor's favourites, recording a visit to the recently viewed
 * list, warming the code a click will need). A phone then spends its first second on the page
 * the visitor asked for, not on scripts racing the largest photo.
 */
export function afterLoad(task: () => unknown): void {
  const idle = () => {
    if ('requestIdleCallback' in window)
      window.requestIdleCallback(() => void task(), { timeout: 2000 });
    else setTimeout(() => void task(), 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
