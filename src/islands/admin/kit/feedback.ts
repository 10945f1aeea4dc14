import { confirmDialog } from '../../../lib/confirm.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { toastSuccess } from '../../../lib/toast.ts';
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
 * A success usually closes the form's dialog in the same step; a toast opened inside the
 * closing <dialog> would vanish with it, so it waits for the page to settle first.
 */
const afterDialogs = (message: string) =>
  new Promise<void>((resolve) => setTimeout(() => resolve(toastSuccess(message)), 50));

export const toastCreated = (lang: Lang) =>
  afterDialogs(m.admin_create_success({}, { locale: lang }));
export const toastUpdated = (lang: Lang) =>
  afterDialogs(m.admin_update_success({}, { locale: lang }));
export const toastDeleted = (lang: Lang) =>
  afterDialogs(m.admin_delete_success({}, { locale: lang }));
