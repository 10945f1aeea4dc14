import type { SweetAlertIcon } from 'sweetalert2';
import { m } from '../paraglide/messages.js';
import { currentLang, type Lang } from './i18n.ts';

/*
 * Toasts and confirmations (spec §8: top-centre, 3000 ms). sweetalert2 is imported on first use
 * so pages that never toast download none of it. It reads the direction from <html dir>.
 */

export const TOAST_TIMEOUT_MS = 3000;

export type ToastKind = 'success' | 'warning' | 'danger';

const icons: Record<ToastKind, SweetAlertIcon> = {
  success: 'success',
  warning: 'warning',
  danger: 'error',
};

/**
 * Where a toast or dialog goes: inside an open modal <dialog> (which sits in the browser's top
 * layer, above anything in the page) or the page itself.
 */
const layer = (): HTMLElement =>
  document.querySelector<HTMLElement>('dialog[open]') ?? document.body;

let loaded: Promise<typeof import('sweetalert2').default> | undefined;
const sweetAlert = () => (loaded ??= import('sweetalert2').then((module) => module.default));

export async function toast(kind: ToastKind, message: string): Promise<void> {
  const Swal = await sweetAlert();
  await Swal.fire({
    target: layer(),
    toast: true,
    position: 'top',
    icon: icons[kind],
    title: message,
    timer: TOAST_TIMEOUT_MS,
    timerProgressBar: true,
    showConfirmButton: false,
    customClass: { popup: 'market-toast' },
    didOpen: (popup) => {
      // Hovering keeps the toast open long enough to read.
      popup.addEventListener('mouseenter', Swal.stopTimer);
      popup.addEventListener('mouseleave', Swal.resumeTimer);
    },
  });
}

export const toastSuccess = (message: string) => toast('success', message);
export const toastWarning = (message: string) => toast('warning', message);
export const toastDanger = (message: string) => toast('danger', message);

export interface ConfirmOptions {
  title: string;
  text?: string;
  confirmText?: string;
  cancelText?: string;
  /** A red confirm button for destructive actions. */
  danger?: boolean;
  lang?: Lang;
}

/** Asks a yes/no question; resolves to true when the visitor confirms. */
export async function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  const lang = options.lang ?? currentLang();
  const Swal = await sweetAlert();
  const result = await Swal.fire({
    target: layer(),
    title: options.title,
    text: options.text,
    icon: options.danger ? 'warning' : 'question',
    showCancelButton: true,
    focusCancel: Boolean(options.danger),
    confirmButtonText: options.confirmText ?? m.confirm_yes({}, { locale: lang }),
    cancelButtonText: options.cancelText ?? m.confirm_cancel({}, { locale: lang }),
    reverseButtons: false,
    buttonsStyling: false,
    customClass: {
      popup: 'market-dialog',
      confirmButton: options.danger
        ? 'market-btn market-btn-danger'
        : 'market-btn market-btn-primary',
      cancelButton: 'market-btn market-btn-secondary',
      actions: 'market-dialog-actions',
    },
  });
  return result.isConfirmed;
}
