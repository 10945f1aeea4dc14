/** The API client and the language, loaded on the first report rather than with the page. */
const reporting = () => Promise.all([import('../../lib/api.ts'), import('../../lib/i18n.ts')]);

/*
 * <listing-actions data-vehicle-id data-title data-url data-dialog> on the vehicle page
 * (ListingActions.astro, which renders every text; this only adds behaviour):
 * - Share: the device's share sheet (navigator.share) where there is one; elsewhere, or when
 *   sharing fails, the link is copied and the status line says so.
 * - Report: the dialog's form is sent to ReportVehicle; the answer replaces the form (thanks) or
 *   shows under it (the server's message, e.g. too many reports within the hour).
 */

/** How long "link copied" stays before the status line clears. */
const STATUS_MS = 4000;

export class ListingActionsElement extends HTMLElement {
  #timer: ReturnType<typeof setTimeout> | undefined;

  connectedCallback() {
    const share = this.querySelector<HTMLButtonElement>('[data-listing-share]');
    if (share) {
      share.hidden = false;
      share.addEventListener('click', this.#onShare);
    }
    this.#form()?.addEventListener('submit', this.#onReport);
  }

  disconnectedCallback() {
    this.querySelector('[data-listing-share]')?.removeEventListener('click', this.#onShare);
    this.#form()?.removeEventListener('submit', this.#onReport);
    clearTimeout(this.#timer);
  }

  #form(): HTMLFormElement | null {
    const dialog = this.dataset.dialog ? document.getElementById(this.dataset.dialog) : null;
    return dialog?.querySelector<HTMLFormElement>('form[data-report-form]') ?? null;
  }

  #say(text: string) {
    const status = this.querySelector<HTMLElement>('[data-share-status]');
    if (!status) return;
    status.textContent = text;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => (status.textContent = ''), STATUS_MS);
  }

  #onShare = async () => {
    const url = this.dataset.url || location.href;
    const title = this.dataset.title || document.title;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      this.#say(this.dataset.copied ?? '');
    } catch {
      this.#say(this.dataset.copyFailed ?? '');
    }
  };

  #onReport = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const status = form.querySelector<HTMLElement>('[data-report-status]');
    const send = form.querySelector<HTMLButtonElement>('[data-report-send]');
    const show = (text: string, failed: boolean) => {
      if (!status) return;
      status.textContent = text;
      status.className = failed
        ? 'rounded-control bg-red-50 px-4 py-3 font-semibold text-red-800'
        : 'rounded-control bg-status-accepted-bg px-4 py-3 font-semibold text-status-accepted';
    };
    const data = new FormData(form);
    const reasonId = Number(data.get('reasonId'));
    if (!reasonId) {
      show(form.dataset.chooseReason ?? '', true);
      form.querySelector<HTMLInputElement>('input[name="reasonId"]')?.focus();
      return;
    }
    if (send) send.disabled = true;
    const [{ apiPost, errorMessage }, { currentLang }] = await reporting();
    try {
      await apiPost('/api/Vehicle/ReportVehicle', {
        vehicleId: Number(this.dataset.vehicleId),
        reasonId,
        text: String(data.get('text') ?? '').trim(),
      });
      // The report is in: the form gives way to the thanks, keeping the status line.
      for (const child of [...form.children]) {
        if (child !== status) (child as HTMLElement).hidden = true;
      }
      show(form.dataset.thanks ?? '', false);
    } catch (error) {
      show(errorMessage(error, currentLang()), true);
    } finally {
      if (send) send.disabled = false;
    }
  };
}

if (!customElements.get('listing-actions')) {
  customElements.define('listing-actions', ListingActionsElement);
}
