import type { SweetAlertIcon } from 'sweetalert2';
import { layer, sweetAlert } from './sweetalert.ts';

/*
 * Toasts (spec §8: top-centre, 3000 ms), through sweetalert.ts: imported on first use
 * so pages that never toast download none of it.
 */

export const TOAST_TIMEOUT_MS = 3000;

export type ToastKind = 'success' | 'warning' | 'danger';

const icons: Record<ToastKind, SweetAlertIcon> = {
  success: 'success',
  warning: 'warning',
  danger: 'error',
};

/**
 * Shows a toast in `place`: by default the open modal dialog, if any, so that it shows above
 * it. A success that closes its dialog goes to the page instead (`toastSuccessClosing`): it then
 * survives the dialog closing, whenever the close lands (inside the dialog it would go hidden
 * with it).
 */
export async function toast(
  kind: ToastKind,
  message: string,
  place: () => HTMLElement = layer,
): Promise<void> {
  const Swal = await sweetAlert();
  await Swal.fire({
    target: place(),
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

/**
 * A toast that offers the next step (e.g. "Sign in" when a signed-out visitor stars a vehicle):
 * the same message and place, a button that goes to `href`, and longer on screen so the button
 * can be reached.
 */
export async function toastWithAction(
  kind: ToastKind,
  message: string,
  action: { label: string; href: string },
): Promise<void> {
  const Swal = await sweetAlert();
  const result = await Swal.fire({
    target: layer(),
    toast: true,
    position: 'top',
    icon: icons[kind],
    title: message,
    timer: TOAST_TIMEOUT_MS * 3,
    timerProgressBar: true,
    showConfirmButton: true,
    confirmButtonText: action.label,
    buttonsStyling: false,
    customClass: { popup: 'market-toast', confirmButton: 'market-btn market-btn-primary' },
    didOpen: (popup) => {
      popup.addEventListener('mouseenter', Swal.stopTimer);
      popup.addEventListener('mouseleave', Swal.resumeTimer);
      popup.addEventListener('focusin', Swal.stopTimer);
    },
  });
  if (result.isConfirmed) window.location.assign(action.href);
}

const onPage = (): HTMLElement => document.body;

export const toastSuccess = (message: string) => toast('success', message);
/** A success that closes the dialog it was reached in: shown on the page, under the dialog. */
export const toastSuccessClosing = (message: string) => toast('success', message, onPage);
export const toastWarning = (message: string) => toast('warning', message);
export const toastDanger = (message: string) => toast('danger', message);
