import { useEffect, useState, type ReactNode } from 'react';
import type { Lang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { showFailure, type ListPage } from './api.ts';

/** What an admin list asks the server for (server/routes/paging-schemas.ts AdminListQuery). */
export interface ListQuery {
  [name: string]: string | number | undefined;
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
}

export interface Column<T> {
  key: string;
  label: string;
  /** The server's name of the column, when the list can be sorted by it. */
  sort?: string;
  render: (row: T) => ReactNode;
  className?: string;
}

interface Props<T> {
  lang: Lang;
  /** The table's accessible name. */
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => number | string;
  /** Fetches one page; extra filters are the caller's (it passes them in its closure). */
  load: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  /** Change it to fetch again (after a write, or a filter change: the page goes back to 1). */
  reload?: unknown;
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Controls beside the search box (filters, the add button). */
  toolbar?: ReactNode;
  initialSort?: { sort: string; order: 'asc' | 'desc' };
  pageSize?: number;
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list paged, searched and sorted on the server, with the empty-table alert (spec §8). Rows
 * turn into cards on narrow screens.
 */
export function ServerTable<T>({
  lang,
  caption,
  columns,
  rowKey,
  load,
  reload,
  searchable = true,
  searchPlaceholder,
  toolbar,
  initialSort,
  pageSize = 20,
}: Props<T>) {
  const t = { locale: lang };
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(initialSort);
  const [result, setResult] = useState<ListPage<T> | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => setPage(1), [reload]);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(
      {
        page,
        pageSize,
        ...(search ? { search } : {}),
        ...(sort ? { sort: sort.sort, order: sort.order } : {}),
      },
      controller.signal,
    )
      .then((answer) => {
        if (!controller.signal.aborted) setResult(answer);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) showFailure(error, lang);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // `load` is a new function on every render of the caller; `reload` says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, pageSize, search, sort?.sort, sort?.order, reload, lang]);

  const sortBy = (column: string) =>
    setSort((current) =>
      current?.sort === column
        ? { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' }
        : { sort: column, order: 'asc' },
    );

  const rows = result?.data ?? [];
  const pagination = result?.pagination;

  return (
    <section className="space-y-4" aria-busy={loading || undefined}>
      <div className="flex flex-wrap items-end gap-3">
        {searchable && (
          <label className="min-w-56 flex-1">
            <span className="sr-only">{m.admin_search({}, t)}</span>
            <input
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={searchPlaceholder ?? m.admin_search_placeholder({}, t)}
              className="block min-h-11 w-full rounded-control border border-line-strong bg-surface px-3.5 text-base focus:border-brand-600"
            />
          </label>
        )}
        {toolbar}
      </div>

      {!loading && rows.length === 0 ? (
        <p role="alert" className="rounded-xl border border-accent-300 bg-accent-100 px-4 py-3">
          {m.admin_empty_table({}, t)}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-canvas text-start text-ink-soft">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className="px-3 py-3 text-start font-semibold"
                    aria-sort={
                      column.sort && sort?.sort === column.sort
                        ? sort.order === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {column.sort ? (
                      <button
                        type="button"
                        onClick={() => sortBy(column.sort!)}
                        title={m.admin_sort_by({ column: column.label }, t)}
                        className="inline-flex items-center gap-1 hover:text-brand-800"
                      >
                        {column.label}
                        <span aria-hidden="true" className="text-xs">
                          {sort?.sort === column.sort ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-line align-middle">
                  {columns.map((column) => (
                    <td key={column.key} className={`px-3 py-2.5 ${column.className ?? ''}`}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {loading && rows.length === 0 && (
            <p className="px-4 py-6 text-center text-muted">{m.admin_loading({}, t)}</p>
          )}
        </div>
      )}

      {pagination && pagination.pageCount > 1 && (
        <nav
          aria-label={m.pagination_label({}, t)}
          className="flex items-center justify-between gap-3 text-sm"
        >
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="rounded-full border border-line-strong px-4 py-2 disabled:opacity-50"
          >
            {m.admin_previous({}, t)}
          </button>
          <span>
            {m.admin_page_of({ page, pages: pagination.pageCount, rows: pagination.rowCount }, t)}
          </span>
          <button
            type="button"
            disabled={page >= pagination.pageCount}
            onClick={() => setPage(page + 1)}
            className="rounded-full border border-line-strong px-4 py-2 disabled:opacity-50"
          >
            {m.admin_next({}, t)}
          </button>
        </nav>
      )}
    </section>
  );
}
