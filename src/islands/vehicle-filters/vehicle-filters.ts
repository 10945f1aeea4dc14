import { hideLoading, showLoading } from '../../lib/loading.ts';
import {
  effectiveFilter,
  FILTER_KEYS,
  listQueryString,
  positiveInt,
  type ListFilter,
} from '../../../domain/vehicle-filter.ts';

/** sessionStorage: what to restore after a filter change reloads the list. */
const RESTORE_KEY = 'vehicleFiltersRestore';
const WIDE = '(min-width: 993px)';

interface Restore {
  focus?: string;
  open?: boolean;
}

function formFilter(form: HTMLFormElement): ListFilter {
  const data = new FormData(form);
  const filter: ListFilter = {};
  for (const key of FILTER_KEYS) {
    const raw = data.get(key);
    const value = positiveInt(typeof raw === 'string' ? raw : null, Number.MAX_SAFE_INTEGER);
    if (value !== undefined) filter[key] = value;
  }
  return filter;
}

function sameFilter(a: ListFilter, b: ListFilter): boolean {
  return FILTER_KEYS.every((key) => a[key] === b[key]);
}

/*
 * <vehicle-filters> applies the filter form at once (spec §4: any change goes back to page 1):
 * it opens the list URL of the new filter, keeping the seed, so the page stays server-rendered
 * and the URL stays shareable. A change that cannot alter the results yet (one end of a range)
 * waits for the rest. The fold (details) is kept open on wide windows.
 */
class VehicleFiltersElement extends HTMLElement {
  #form: HTMLFormElement | null = null;
  #panel: HTMLDetailsElement | null = null;
  #shown: ListFilter = {};
  #wide: MediaQueryList | undefined;

  connectedCallback() {
    this.#form = this.querySelector('form[data-filter-form]');
    this.#panel = this.querySelector('details[data-filters-panel]');
    if (!this.#form) return;
    this.#shown = effectiveFilter(formFilter(this.#form));
    this.#form.addEventListener('change', this.#onChange);
    this.#form.addEventListener('submit', this.#onSubmit);
    this.#wide = window.matchMedia(WIDE);
    this.#wide.addEventListener('change', this.#syncFold);
    window.addEventListener('pageshow', this.#onPageShow);
    this.#restore();
    this.#syncFold();
  }

  /** Back to this page from the browser's cache: the overlay of the last change must go. */
  #onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) hideLoading();
  };

  disconnectedCallback() {
    this.#form?.removeEventListener('change', this.#onChange);
    this.#form?.removeEventListener('submit', this.#onSubmit);
    this.#wide?.removeEventListener('change', this.#syncFold);
    window.removeEventListener('pageshow', this.#onPageShow);
  }

  #syncFold = () => {
    if (this.#panel && this.#wide?.matches) this.#panel.open = true;
  };

  #restore() {
    let restore: Restore | null = null;
    try {
      restore = JSON.parse(window.sessionStorage.getItem(RESTORE_KEY) ?? 'null') as Restore | null;
      window.sessionStorage.removeItem(RESTORE_KEY);
    } catch {
      return;
    }
    if (!restore) return;
    if (restore.open && this.#panel) this.#panel.open = true;
    if (restore.focus) {
      const field = this.#form?.elements.namedItem(restore.focus);
      if (field instanceof HTMLElement) field.focus({ preventScroll: false });
    }
  }

  #onChange = (event: Event) => {
    const form = this.#form!;
    const target = event.target as HTMLInputElement | HTMLSelectElement | null;
    // A model belongs to one make (spec §3): another make clears it.
    if (target?.name === 'vehicleBrandId') {
      const model = form.elements.namedItem('vehicleModelId');
      if (model instanceof HTMLSelectElement) model.value = '';
    }
    const filter = formFilter(form);
    if (sameFilter(effectiveFilter(filter), this.#shown)) return;
    this.#go(filter, target?.name);
  };

  #onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    this.#go(formFilter(this.#form!), undefined);
  };

  #go(filter: ListFilter, focus: string | undefined) {
    const seed = Number(this.dataset.seed);
    const action = this.dataset.action ?? window.location.pathname;
    const url =
      action +
      listQueryString(filter, { seed: Number.isInteger(seed) && seed >= 0 ? seed : undefined });
    try {
      const restore: Restore = { focus, open: this.#panel?.open && !this.#wide?.matches };
      window.sessionStorage.setItem(RESTORE_KEY, JSON.stringify(restore));
    } catch {
      // Without storage the new page simply starts with the fold closed.
    }
    showLoading();
    window.location.assign(url);
  }
}

if (!customElements.get('vehicle-filters')) {
  customElements.define('vehicle-filters', VehicleFiltersElement);
}
