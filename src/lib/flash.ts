import { toast, type ToastKind } from './toast.ts';

/*
 * A toast that survives one page load: sign-in and sign-up announce success and then go to
 * another page, where the message is shown (a toast on the old page would vanish with it).
 * Kept in sessionStorage, so it stays in the tab that set it.
 */

export const FLASH_STORAGE_KEY = 'flash';

export interface Flash {
  kind: ToastKind;
  message: string;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function setFlash(flash: Flash): void {
  try {
    storage()?.setItem(FLASH_STORAGE_KEY, JSON.stringify(flash));
  } catch {
    // Storage full or blocked: the next page simply shows nothing.
  }
}

/** Returns the waiting flash, once, and forgets it. */
export function takeFlash(): Flash | null {
  const store = storage();
  if (!store) return null;
  let raw: string | null = null;
  try {
    raw = store.getItem(FLASH_STORAGE_KEY);
    store.removeItem(FLASH_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Flash>;
    const kinds: ToastKind[] = ['success', 'warning', 'danger'];
    if (typeof value.message !== 'string' || !value.message) return null;
    const kind = kinds.includes(value.kind as ToastKind) ? (value.kind as ToastKind) : 'success';
    return { kind, message: value.message };
  } catch {
    return null;
  }
}

/** Shows the waiting flash, if any. */
export function showFlash(): void {
  const flash = takeFlash();
  if (flash) void toast(flash.kind, flash.message);
}
