import {
  effectiveFilter,
  FILTER_KEYS,
  isListSort,
  listQueryString,
  positiveInt,
  type ListFilter,
} from '../../../domain/vehicle-filter.ts';

/*
 * <vehicle-list> applies the vehicles list's filters, sort, chips and pages in place: the URL
 * stays the source of truth (every state is pushed to the history, Back and Forward restore
 * it), and each state's page is fetched from the server and its results and controls swapped
 * in, so what shows is exactly what the server renders for that URL (and what a visitor
 * without JavaScript gets from the plain form and links).
 *
 * Selects apply at once; typed numbers apply after a pause in typing (or on leaving the
 * field); a change that cannot alter the results (one end of a range) waits for the rest.
 * On phones the filter panel is a sheet: its "show N results" button closes it and shows the
 * results.
 */

const WIDE = '(min-width: 993px)';
const TYPING_PAUSE_MS = 600;

type Mode = 'push' | 'replace' | 'none';
interface ListState {
  vehicleList: true;
  /** The text field whose typing made this entry; further typing replaces it. */
  typing?: string;
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

/** A select's choices, to replace them only when another make brings other models. */
const choicesOf = (select: HTMLSelectElement) =>
  Array.from(select.options, (option) => `${option.value}:${option.text}`).join('\n');

class VehicleListElement extends HTMLElement {
  #form: HTMLFormElement | null = null;
  #panel: HTMLDetailsElement | null = null;
  #wide: MediaQueryList | undefined;
  #request: AbortController | null = null;
  #typingTimer: number | undefined;
  /** The query of the results on screen (effective filter and sort), to skip no-op changes. */
  #shownKey = '';

  connectedCallback() {
    this.#form = this.querySelector('form[data-filter-form]');
    this.#panel = this.querySelector('details[data-filters-panel]');
    if (!this.#form) return;
    this.#shownKey = this.#keyOf(this.#form);
    this.#wide = window.matchMedia(WIDE);
    this.#syncFold();
    this.#wide.addEventListener('change', this.#syncFold);
    this.querySelector<HTMLElement>('[data-sheet-close]')?.removeAttribute('hidden');
    this.addEventListener('change', this.#onChange);
    this.addEventListener('input', this.#onInput);
    this.addEventListener('submit', this.#onSubmit);
    this.addEventListener('click', this.#onClick);
    this.addEventListener('keydown', this.#onKeyDown);
    window.addEventListener('popstate', this.#onPopState);
    window.history.replaceState({ ...(window.history.state ?? {}), vehicleList: true }, '');
  }

  disconnectedCallback() {
    this.#wide?.removeEventListener('change', this.#syncFold);
    window.removeEventListener('popstate', this.#onPopState);
    this.#request?.abort();
    window.clearTimeout(this.#typingTimer);
  }

  /** Wide windows always show the panel; narrow ones start with the sheet closed. */
  #syncFold = () => {
    if (this.#panel) this.#panel.open = Boolean(this.#wide?.matches);
  };

  get #sheetOpen() {
    return Boolean(this.#panel?.open && !this.#wide?.matches);
  }

  #sortOf(form: HTMLFormElement): string | undefined {
    const value = new FormData(form).get('sort');
    return isListSort(value) ? value : undefined;
  }

  #keyOf(form: HTMLFormElement) {
    const sort = this.#sortOf(form);
    return listQueryString(effectiveFilter(formFilter(form)), {
      sort: isListSort(sort) ? sort : undefined,
    });
  }

  /** The list URL of the form as it stands (page 1: any change starts over, spec §4). */
  #formUrl(): string {
    const form = this.#form!;
    const seed = Number(new FormData(form).get('seed'));
    const sort = this.#sortOf(form);
    return (
      (this.dataset.action ?? window.location.pathname) +
      listQueryString(formFilter(form), {
        seed: Number.isInteger(seed) && seed >= 0 ? seed : undefined,
        sort: isListSort(sort) ? sort : undefined,
      })
    );
  }

  #onChange = (event: Event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement | null;
    if (!target?.form || target.form !== this.#form) return;
    // A model belongs to one make (spec §3): another make clears it until the models arrive.
    if (target.name === 'vehicleBrandId') {
      const model = this.#form.elements.namedItem('vehicleModelId');
      if (model instanceof HTMLSelectElement) {
        model.value = '';
        model.disabled = true;
      }
    }
    window.clearTimeout(this.#typingTimer);
    this.#applyForm(target instanceof HTMLInputElement ? target.name : undefined);
  };

  #onInput = (event: Event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || target.form !== this.#form) return;
    window.clearTimeout(this.#typingTimer);
    this.#typingTimer = window.setTimeout(() => this.#applyForm(target.name), TYPING_PAUSE_MS);
  };

  #onSubmit = (event: SubmitEvent) => {
    if (event.target !== this.#form) return;
    event.preventDefault();
    window.clearTimeout(this.#typingTimer);
    const pending = this.#applyForm(undefined);
    if (this.#sheetOpen) {
      this.#panel!.open = false;
      void pending.then(() => this.#showResults(false));
    }
  };

  /** Chips, "clear all", reset and page links load in place; other links leave as usual. */
  #onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target as Element | null;
    if (target?.closest('[data-sheet-close]')) {
      this.#panel!.open = false;
      this.#showResults(false);
      return;
    }
    const link = target?.closest<HTMLAnchorElement>(
      'a[data-chip], a[data-chips-clear], a[data-filter-reset], a[data-filter-reset-panel], [data-pagination] a',
    );
    if (!link || !this.contains(link)) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const paging = Boolean(link.closest('[data-pagination]'));
    void this.#load(url.pathname + url.search, 'push').then((loaded) => {
      if (loaded && paging) this.#showResults(true);
    });
  };

  #onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !this.#sheetOpen) return;
    this.#panel!.open = false;
    this.querySelector<HTMLElement>('[data-filter-toggle]')?.focus();
  };

  #onPopState = (event: PopStateEvent) => {
    const state = event.state as ListState | null;
    if (!state?.vehicleList) return;
    void this.#load(window.location.pathname + window.location.search, 'none');
  };

  /** Applies the form when it changes the results; resolves once they are shown. */
  #applyForm(typing: string | undefined): Promise<boolean> {
    const form = this.#form!;
    if (this.#keyOf(form) === this.#shownKey) return Promise.resolve(true);
    const current = window.history.state as ListState | null;
    const mode: Mode = typing && current?.typing === typing ? 'replace' : 'push';
    return this.#load(this.#formUrl(), mode, typing);
  }

  /** Fetches the page of `url`, swaps its results and controls in and records it. */
  async #load(url: string, mode: Mode, typing?: string): Promise<boolean> {
    this.#request?.abort();
    const request = new AbortController();
    this.#request = request;
    const results = this.querySelector<HTMLElement>('[data-results]');
    results?.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/html' },
        signal: request.signal,
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const html = await response.text();
      if (request.signal.aborted) return false;
      const next = new DOMParser().parseFromString(html, 'text/html');
      if (!next.querySelector('vehicle-list')) throw new Error('not a list page');
      this.#swap(next);
      document.title = next.title;
      const state: ListState = { vehicleList: true, ...(typing ? { typing } : {}) };
      if (mode === 'push') window.history.pushState(state, '', url);
      else if (mode === 'replace') window.history.replaceState(state, '', url);
      this.#shownKey = this.#keyOf(this.#form!);
      if (!this.#sheetOpen) this.#keepResultsInView();
      return true;
    } catch (error) {
      if (request.signal.aborted) return false;
      this.#fail(error);
      return false;
    } finally {
      if (this.#request === request) {
        this.#request = null;
        this.querySelector('[data-results]')?.removeAttribute('aria-busy');
      }
    }
  }

  /** Puts the new page's results and controls in place, keeping focus and typed text. */
  #swap(next: Document) {
    const focused = document.activeElement as HTMLElement | null;
    const focusId = focused && this.contains(focused) ? focused.id : '';
    const results = this.querySelector('[data-results]');
    const nextResults = next.querySelector('[data-results]');
    if (results && nextResults) results.replaceWith(document.importNode(nextResults, true));
    for (const region of this.querySelectorAll<HTMLElement>('[data-swap]')) {
      const fresh = next.querySelector(`[data-swap="${region.dataset.swap}"]`);
      if (fresh) region.innerHTML = fresh.innerHTML;
    }
    const nextForm = next.querySelector<HTMLFormElement>('form[data-filter-form]');
    if (nextForm) this.#syncForm(nextForm);
    if (focusId && document.activeElement !== document.getElementById(focusId)) {
      document.getElementById(focusId)?.focus({ preventScroll: true });
    }
  }

  /** Each control takes the server's value and choices; the field being typed in keeps its text. */
  #syncForm(source: HTMLFormElement) {
    const form = this.#form!;
    for (const fresh of source.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      'input[name], select[name]',
    )) {
      const control = form.querySelector<HTMLInputElement | HTMLSelectElement>(
        `[name="${fresh.name}"]`,
      );
      if (!control) continue;
      if (control instanceof HTMLSelectElement && fresh instanceof HTMLSelectElement) {
        if (choicesOf(control) !== choicesOf(fresh)) control.innerHTML = fresh.innerHTML;
        control.disabled = fresh.disabled;
        const selected = fresh.querySelector('option[selected]');
        control.value = selected?.getAttribute('value') ?? '';
      } else if (control !== document.activeElement) {
        control.value = fresh.getAttribute('value') ?? '';
      }
    }
  }

  /** After a change made beside the results, bring their top back if it scrolled away. */
  #keepResultsInView() {
    const results = this.querySelector<HTMLElement>('[data-results]');
    if (!results) return;
    if (results.getBoundingClientRect().top < 0) {
      results.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }

  #showResults(focusHeading: boolean) {
    const results = this.querySelector<HTMLElement>('[data-results]');
    results?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (focusHeading) results?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  }

  #fail(error: unknown) {
    console.error('The vehicles list could not be updated', error);
    const alert = this.querySelector<HTMLElement>('[data-list-error]');
    if (!alert) return;
    alert.textContent = this.dataset.failed ?? '';
    alert.classList.remove('hidden');
  }
}

if (!customElements.get('vehicle-list')) {
  customElements.define('vehicle-list', VehicleListElement);
}
