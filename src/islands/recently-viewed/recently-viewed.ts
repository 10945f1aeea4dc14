import { currentLang, localizePath } from '../../lib/i18n.ts';
import { clearViewed, readViewed, textIn } from './store.ts';

/*
 * <recently-viewed data-limit="8" data-exclude="12"> fills its list from the browser's recently
 * viewed vehicles with the cards of its <template>, and shows itself only when there are any.
 * Its clear button empties the list and hides it again.
 */
class RecentlyViewedElement extends HTMLElement {
  connectedCallback() {
    this.querySelector('[data-recent-clear]')?.addEventListener('click', () => {
      clearViewed();
      this.hidden = true;
    });
    this.#render();
  }

  #render() {
    const lang = currentLang();
    const exclude = Number(this.dataset.exclude) || 0;
    const limit = Number(this.dataset.limit) || 8;
    const entries = readViewed()
      .filter((entry) => entry.id !== exclude)
      .slice(0, limit);
    const list = this.querySelector('[data-recent-list]');
    const template = this.querySelector('template');
    if (!list || !template || entries.length === 0) return;
    list.replaceChildren(
      ...entries.map((entry) => {
        const card = template.content.cloneNode(true) as DocumentFragment;
        const title = textIn(entry.title, lang);
        card.querySelector('a')?.setAttribute('href', localizePath(`/vehicle/${entry.slug}`, lang));
        card.querySelector('li')?.setAttribute('data-recent-id', String(entry.id));
        const image = card.querySelector('img');
        if (image && entry.image) {
          image.src = entry.image;
          image.alt = title;
        } else image?.remove();
        const titleSlot = card.querySelector('[data-recent-title]');
        if (titleSlot) titleSlot.textContent = title;
        const priceSlot = card.querySelector('[data-recent-price]');
        if (priceSlot) priceSlot.textContent = textIn(entry.price, lang);
        return card;
      }),
    );
    this.hidden = false;
  }
}

if (!customElements.get('recently-viewed')) {
  customElements.define('recently-viewed', RecentlyViewedElement);
}
