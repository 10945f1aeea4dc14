import { useCallback, useEffect, useState } from 'react';
import { apiGet, apiRequest, errorMessage } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm.ts';
import { formatDateTime } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';

/** One saved search as GetSavedSearches answers it. */
interface SavedSearch {
  id: number;
  name: string;
  query: string;
  notifyByEmail: boolean;
  createdAt: string;
  filters: string[];
}

/**
 * The profile's saved searches (issue 12): each with its name, its filters in words, a link to
 * its results, whether matches are also emailed, and delete after a confirmation.
 */
export default function SavedSearchesList({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const [searches, setSearches] = useState<SavedSearch[] | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await withLoading(() =>
        apiGet<SavedSearch[]>('/api/User/GetSavedSearches', undefined, { lang }),
      );
      setSearches(Array.isArray(answer) ? answer : []);
    } catch (error) {
      setSearches((current) => current ?? []);
      void toastWarning(errorMessage(error, lang));
    }
  }, [lang]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (search: SavedSearch) => {
    if (busyId !== null) return;
    const confirmed = await confirmDialog({
      title: m.saved_searches_delete_confirm({}, t),
      text: search.name,
      confirmText: m.saved_searches_delete({}, t),
      danger: true,
      lang,
    });
    if (!confirmed) return;
    setBusyId(search.id);
    try {
      await withLoading(() =>
        apiRequest<null>('/api/User/DeleteSavedSearch', {
          method: 'DELETE',
          query: { id: search.id },
          lang,
        }),
      );
      setSearches((list) => list?.filter((item) => item.id !== search.id) ?? list);
      void toastSuccess(m.saved_searches_deleted({}, t));
    } catch (error) {
      void toastWarning(errorMessage(error, lang));
      void load();
    } finally {
      setBusyId(null);
    }
  };

  if (searches === null) {
    return (
      <div className="flex flex-col gap-4" aria-hidden="true">
        {[0, 1].map((key) => (
          <div key={key} className="h-32 animate-pulse rounded-card bg-line/60" />
        ))}
      </div>
    );
  }

  if (searches.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line-strong bg-surface px-6 py-14 text-center"
        data-saved-searches-empty
      >
        <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Icon name="search" className="size-8" />
        </span>
        <p className="max-w-prose text-lg font-semibold text-ink-soft">
          {m.saved_searches_empty({}, t)}
        </p>
        <a
          href={localizePath('/vehicles', lang)}
          className="inline-flex min-h-12 items-center rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
        >
          {m.saved_searches_browse({}, t)}
        </a>
      </div>
    );
  }

  return (
    <ul className="flex flex-col gap-4">
      {searches.map((search) => (
        <li
          key={search.id}
          className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card sm:p-5"
          data-saved-search={search.id}
        >
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <h2 dir="auto" className="min-w-0 text-lg font-bold break-words text-ink">
              {search.name}
            </h2>
            <p className="text-xs text-muted">
              {m.saved_searches_saved_on({ date: formatDateTime(search.createdAt, lang) }, t)}
            </p>
          </div>
          {search.filters.length > 0 && (
            <ul className="flex flex-wrap gap-2" data-saved-search-filters>
              {search.filters.map((words) => (
                <li
                  key={words}
                  className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
                >
                  {words}
                </li>
              ))}
            </ul>
          )}
          <p
            className={`flex items-center gap-2 text-sm ${search.notifyByEmail ? 'text-ink-soft' : 'text-muted'}`}
            data-saved-search-email={search.notifyByEmail ? 'on' : 'off'}
          >
            <Icon name="mail" className="size-4 shrink-0" />
            {search.notifyByEmail
              ? m.saved_searches_email_on({}, t)
              : m.saved_searches_email_off({}, t)}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={localizePath(`/vehicles?${search.query}`, lang)}
              className="inline-flex min-h-touch items-center gap-2 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
            >
              <Icon name="search" className="size-4" />
              {m.saved_searches_open({}, t)}
            </a>
            <button
              type="button"
              onClick={() => void remove(search)}
              disabled={busyId === search.id}
              aria-label={m.saved_searches_delete_label({ name: search.name }, t)}
              className="inline-flex min-h-touch items-center rounded-full border border-line-strong px-5 font-semibold text-danger transition-colors hover:border-danger disabled:opacity-60"
            >
              {m.saved_searches_delete({}, t)}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
