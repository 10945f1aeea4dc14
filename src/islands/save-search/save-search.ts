import { loginPathFor } from '../../lib/account.ts';
import { apiPost, errorMessage } from '../../lib/api.ts';
import { currentLang } from '../../lib/i18n.ts';
import { $token } from '../../lib/session.ts';
import { tokenStatus } from '../../lib/token.ts';

/*
 * Saves the vehicles list's current search (issue 12). The list changes in place, so the search
 * is read from the address bar when the visitor asks, not from the page as it was served.
 * Signed-out visitors go to sign in and come back to the same list.
 */

const NAME_MAX = 100;

const dialogOf = () => document.getElementById('save-search-dialog') as HTMLDialogElement | null;

/** A name from the active filters' chips ("Make: Toyota، Year: 2015 – 2020"), or the default. */
function suggestedName(dialog: HTMLDialogElement, lang: string): string {
  const chips = Array.from(
    document.querySelectorAll<HTMLElement>('[data-chips] [data-chip]'),
    (chip) => chip.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  ).filter(Boolean);
  const name = chips.join(lang === 'ar' ? '، ' : ', ');
  if (!name) return dialog.dataset.defaultName ?? '';
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1).trimEnd()}…` : name;
}

function showError(dialog: HTMLDialogElement, message: string) {
  const alert = dialog.querySelector<HTMLElement>('[data-save-search-error]');
  if (!alert) return;
  alert.textContent = message;
  alert.classList.toggle('hidden', !message);
}

async function submit(dialog: HTMLDialogElement, form: HTMLFormElement) {
  const lang = currentLang();
  const data = new FormData(form);
  const name = String(data.get('name') ?? '').trim();
  const input = form.querySelector<HTMLInputElement>('[name="name"]');
  if (!name) {
    showError(dialog, dialog.dataset.nameRequired ?? '');
    input?.focus();
    return;
  }
  if (tokenStatus($token.get()) !== 'valid') {
    window.location.assign(loginPathFor(location.pathname + location.search, lang));
    return;
  }
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  showError(dialog, '');
  try {
    await apiPost<unknown>(
      '/api/User/CreateSavedSearch',
      { name, query: location.search, notifyByEmail: data.get('notifyByEmail') === 'on' },
      { lang },
    );
    form.classList.add('hidden');
    const done = dialog.querySelector<HTMLElement>('[data-save-search-done]');
    done?.classList.replace('hidden', 'flex');
    done?.focus();
  } catch (error) {
    showError(dialog, errorMessage(error, lang));
  } finally {
    if (button) button.disabled = false;
  }
}

let wired = false;

/** Opens the dialog for the list on screen, or the sign-in page without a valid session. */
export function openSaveSearch(): void {
  const lang = currentLang();
  if (tokenStatus($token.get()) !== 'valid') {
    window.location.assign(loginPathFor(location.pathname + location.search, lang));
    return;
  }
  const dialog = dialogOf();
  const form = dialog?.querySelector<HTMLFormElement>('form[data-save-search-form]');
  if (!dialog || !form) return;
  if (!wired) {
    wired = true;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void submit(dialog, form);
    });
  }
  form.reset();
  form.classList.remove('hidden');
  dialog.querySelector('[data-save-search-done]')?.classList.replace('flex', 'hidden');
  showError(dialog, '');
  const input = form.querySelector<HTMLInputElement>('[name="name"]');
  if (input) input.value = suggestedName(dialog, lang);
  dialog.showModal();
  input?.focus();
  input?.select();
}
