import { $favouriteIds, startFavourites, toggleFavourite } from '../../lib/favourites.ts';
import { currentLang } from '../../lib/i18n.ts';

/*
 * <favourite-star vehicle-id="12"><button aria-pressed="false">…</button></favourite-star>
 *
 * The server renders the button (FavouriteStar.astro); this element only enhances it: it keeps
 * aria-pressed in step with $favouriteIds (the CSS paints the star gold when pressed) and
 * toggles on click. Plain TypeScript on purpose: it sits on every card and on the vehicle page,
 * whose JavaScript budget has no room for a framework.
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
    startFavourites();
    this.button?.addEventListener('click', this.#onClick);
    this.#unsubscribe = $favouriteIds.subscribe((ids) => {
      this.button?.setAttribute('aria-pressed', String(ids.has(this.vehicleId)));
    });
  }

  disconnectedCallback() {
    this.button?.removeEventListener('click', this.#onClick);
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
      await toggleFavourite(this.vehicleId, currentLang());
    } finally {
      this.#busy = false;
    }
  };
}

if (!customElements.get('favourite-star')) {
  customElements.define('favourite-star', FavouriteStarElement);
}
