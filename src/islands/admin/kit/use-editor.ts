import { useState } from 'react';
import type { Lang } from '../../../lib/i18n.ts';
import { showFailure } from './api.ts';
import { confirmDelete, toastCreated, toastDeleted, toastUpdated } from './feedback.ts';

/**
 * What every dashboard screen that writes does: open a form for a new row or an existing one,
 * save it (the spec's success toast, the form closed, the list reloaded), delete after the
 * confirmation, or act on a row (a status); a failure shows the server's message and keeps the
 * form open.
 */
export function useEditor<T>(lang: Lang) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);

  /** Saves the open form with `write`; creating or updating decides the toast. */
  const save = async (write: (row: T | 'new') => Promise<unknown>) => {
    if (editing === null) return;
    setBusy(true);
    try {
      await write(editing);
      void (editing === 'new' ? toastCreated(lang) : toastUpdated(lang));
      setEditing(null);
      refresh();
    } catch (error) {
      showFailure(error, lang);
    } finally {
      setBusy(false);
    }
  };

  /** Deletes after 'Attention the item will delete ?'. */
  const remove = async (name: string, write: () => Promise<unknown>) => {
    if (!(await confirmDelete(lang, name))) return;
    try {
      await write();
      void toastDeleted(lang);
      refresh();
    } catch (error) {
      showFailure(error, lang);
    }
  };

  /**
   * A change of a row (a status, a review): the update toast, the form closed, the list
   * reloaded. Answers whether it went through (a screen closes its own dialog then).
   */
  const act = async (write: () => Promise<unknown>): Promise<boolean> => {
    try {
      await write();
      void toastUpdated(lang);
      setEditing(null);
      refresh();
      return true;
    } catch (error) {
      showFailure(error, lang);
      return false;
    }
  };

  return { editing, setEditing, busy, reload, save, remove, act };
}
