import { m } from '../../paraglide/messages.js';
import { currentLang } from '../../lib/i18n.ts';

/** localStorage key: when (ms since the epoch) the vertical ads popup last opened here. */
export const AD_POPUP_SHOWN_KEY = 'verticalAdsShown';

/** The popup opens at most once a day for a visitor (this browser). */
export const AD_POPUP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/*
 * What counts as the visitor turning to the page: the popup waits for the first of these, so it
 * never covers a page nobody has looked at yet, and never becomes the page's largest paint
 * (browsers stop measuring that at the first input).
 */
const INTERACTIONS = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

function alreadyShown(): boolean {
  try {
    const last = Number(window.localStorage.getItem(AD_POPUP_SHOWN_KEY));
    return Number.isFinite(last) && last > 0 && Date.now() - last < AD_POPUP_INTERVAL_MS;
  } catch {
    // Storage blocked: better never than on every page.
    return true;
  }
}

function rememberShown() {
  try {
    window.localStorage.setItem(AD_POPUP_SHOWN_KEY, String(Date.now()));
  } catch {
    // Nothing to remember with.
  }
}

/** Resolves after the next frame has painted (two animation frames). */
const afterPaint = () =>
  new Promise<void>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );

/*
 * <ad-popup> opens its dialog on narrow windows (spec §2 Home) at most once a day per visitor,
 * once the page has loaded and painted and the visitor first scrolls, touches or types, and
 * steps through the ads with previous and next, which are disabled at the ends.
 */
class AdPopupElement extends HTMLElement {
  #index = 0;
  #query: MediaQueryList | undefined;
  #waiting: AbortController | undefined;

  connectedCallback() {
    const dialog = this.querySelector('dialog');
    if (!dialog) return;
    this.querySelector('[data-ad-previous]')?.addEventListener('click', () => this.#show(-1));
    this.querySelector('[data-ad-next]')?.addEventListener('click', () => this.#show(1));
    this.#query = window.matchMedia(`(max-width: ${Number(this.dataset.maxWidth) || 1024}px)`);
    this.#query.addEventListener('change', this.#maybeWait);
    if (document.readyState === 'complete') this.#maybeWait();
    else window.addEventListener('load', this.#maybeWait, { once: true });
  }

  disconnectedCallback() {
    this.#query?.removeEventListener('change', this.#maybeWait);
    this.#waiting?.abort();
  }

  /* On a narrow window not yet shown to today: wait for the visitor's first interaction. */
  #maybeWait = () => {
    this.#waiting?.abort();
    if (!this.#query?.matches || alreadyShown()) return;
    const waiting = new AbortController();
    this.#waiting = waiting;
    const open = () => {
      waiting.abort();
      void afterPaint().then(() => {
        const dialog = this.querySelector('dialog');
        if (!dialog || dialog.open || !this.#query?.matches || alreadyShown()) return;
        rememberShown();
        this.#show(0);
        dialog.showModal();
      });
    };
    for (const type of INTERACTIONS) {
      window.addEventListener(type, open, { once: true, passive: true, signal: waiting.signal });
    }
  };

  #show(step: number) {
    const slides = [...this.querySelectorAll<HTMLElement>('[data-ad-slide]')];
    if (slides.length === 0) return;
    this.#index = Math.min(Math.max(0, this.#index + step), slides.length - 1);
    slides.forEach((slide, index) => (slide.hidden = index !== this.#index));
    const previous = this.querySelector<HTMLButtonElement>('[data-ad-previous]');
    const next = this.querySelector<HTMLButtonElement>('[data-ad-next]');
    const atStart = this.#index === 0;
    const atEnd = this.#index === slides.length - 1;
    // Focus would be lost on a button that becomes disabled: move it to the other one.
    if (previous) previous.disabled = atStart;
    if (next) next.disabled = atEnd;
    if (atStart && document.activeElement === previous) next?.focus();
    if (atEnd && document.activeElement === next) previous?.focus();
    const counter = this.querySelector('[data-ad-counter]');
    if (counter) {
      counter.textContent = m.home_ad_counter(
        { current: String(this.#index + 1), total: String(slides.length) },
        { locale: currentLang() },
      );
    }
  }
}

if (!customElements.get('ad-popup')) customElements.define('ad-popup', AdPopupElement);
