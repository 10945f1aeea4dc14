import { afterLoad } from '../../lib/after-load.ts';

/** The favourites' code (API client, session, messages): loaded after the page, or on a click. */
const favourites = () => import('../../lib/favourites.ts');

/** The head script found a valid stored session (`<html data-session="on">`). */
const signedIn = () => document.documentElement.dataset.session === 'on';

/*
 * <favourite-star vehicle-id="12"><button aria-pressed="false">…</button></favourite-star>
 *
 * The server renders the button (FavouriteStar.astro); this element only enhances it: it keeps
 * aria-pressed in step with $favouriteIds (the CSS paints the star gold when pressed) and
 * toggles on click. Plain TypeScript on purpose: it sits on every card and on the vehicle page,
 * whose JavaScript budget has no room for a framework. The click is listened to at once; the
 * code behind it loads once the page has loaded for a signed-in visitor, when a sign-in in
 * another tab stores a token, or on a click: a visitor who is not signed in downloads none of it
 * until then.
 */
export class FavouriteStarElement extends HTMLElement {
  #unsubscribe: (() => void) | undefined;
  #busy = false;

  get vehicleId(): number {
    return Number(this.getAttribute('vehicle-id')) || 0;
  }

  get button(): HTMLButtonElement | null {
    return this.querySelector('button');
  }

  connectedCallback() {
    this.button?.addEventListener('click', this.#onClick);
    afterLoad(() => {
      if (signedIn()) void this.#follow();
      else window.addEventListener('storage', this.#onStorage);
    });
  }

  #onStorage = (event: StorageEvent) => {
    if (event.key !== 'token' || !event.newValue) return;
    window.removeEventListener('storage', this.#onStorage);
    void this.#follow();
  };

  async #follow() {
    const { $favouriteIds, startFavourites } = await favourites();
    if (!this.isConnected || this.#unsubscribe) return;
    startFavourites();
    this.#unsubscribe = $favouriteIds.subscribe((ids) => {
      this.button?.setAttribute('aria-pressed', String(ids.has(this.vehicleId)));
    });
  }

  disconnectedCallback() {
    this.button?.removeEventListener('click', this.#onClick);
    window.removeEventListener('storage', this.#onStorage);
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  #onClick = async (event: MouseEvent) => {
    // The star sits on a card that is itself a link: the click is the star's alone.
    event.preventDefault();
    event.stopPropagation();
    if (this.#busy || !this.vehicleId) return;
    this.#busy = true;
    try {
      const [{ toggleFavourite }, { currentLang }] = await Promise.all([
        favourites(),
        import('../../lib/i18n.ts'),
      ]);
      await this.#follow();
      await toggleFavourite(this.vehicleId, currentLang());
    } finally {
      this.#busy = false;
    }
  };
}

if (!customElements.get('favourite-star')) {
  customElements.define('favourite-star', FavouriteStarElement);
}
