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
