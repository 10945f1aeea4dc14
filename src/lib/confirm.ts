import { m } from '../paraglide/messages.js';
import { currentLang, type Lang } from './i18n.ts';
import { layer, sweetAlert } from './sweetalert.ts';

/* A yes/no question in the site's dialog (sweetalert2, like the toasts of toast.ts). */

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
