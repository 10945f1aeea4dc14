import { confirmDialog } from '../../../lib/confirm.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { toastSuccessClosing } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';

/* The dashboard's answers to the admin: the spec's confirmation and success texts (§8). */

/** 'Attention the item will delete ?': resolves true when the admin confirms. */
export function confirmDelete(lang: Lang, name?: string): Promise<boolean> {
  const t = { locale: lang };
  return confirmDialog({
    title: m.admin_confirm_delete({}, t),
    text: name,
    confirmText: m.admin_confirm_delete_yes({}, t),
    danger: true,
    lang,
  });
}

/*
 * A success usually closes the form's dialog in the same step, and React closes it a moment
 * later: its toast goes to the page, where it shows as soon as the dialog is gone.
 */
export const toastCreated = (lang: Lang) =>
  toastSuccessClosing(m.admin_create_success({}, { locale: lang }));
export const toastUpdated = (lang: Lang) =>
  toastSuccessClosing(m.admin_update_success({}, { locale: lang }));
export const toastDeleted = (lang: Lang) =>
  toastSuccessClosing(m.admin_delete_success({}, { locale: lang }));
