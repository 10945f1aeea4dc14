import { atom } from 'nanostores';

/*
 * The blocking loading overlay of spec §8 ("covers loads, updates and favourite toggles and
 * closes on failure"). A counter lets nested operations overlap: the overlay shows while at
 * least one is running. The overlay element is rendered by components/LoadingOverlay.astro.
 */

export const LOADING_OVERLAY_ID = 'loading-overlay';
export const LOADING_STATUS_ID = 'loading-status';
export const PAGE_CONTENT_ID = 'page';

export const $loadingCount = atom(0);

function render(count: number) {
  if (typeof document === 'undefined') return;
  const overlay = document.getElementById(LOADING_OVERLAY_ID);
  const page = document.getElementById(PAGE_CONTENT_ID);
  const busy = count > 0;
  if (overlay) overlay.hidden = !busy;
  const status = document.getElementById(LOADING_STATUS_ID);
  if (status) status.textContent = busy ? (status.dataset.text ?? '') : '';
  if (page) {
    // inert keeps keyboard and screen-reader users from acting behind the overlay.
    page.toggleAttribute('inert', busy);
    if (busy) page.setAttribute('aria-busy', 'true');
    else page.removeAttribute('aria-busy');
  }
}

$loadingCount.listen(render);

export function showLoading(): void {
  $loadingCount.set($loadingCount.get() + 1);
}

/** Never drops below zero, so an extra hide cannot break a later show. */
export function hideLoading(): void {
  $loadingCount.set(Math.max(0, $loadingCount.get() - 1));
}

/** Runs `task` behind the overlay; the overlay closes whether it succeeds or fails. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  showLoading();
  try {
    return await task();
  } finally {
    hideLoading();
  }
}
