import { useState, type ReactNode } from 'react';
import type { Lang } from '../../../lib/i18n.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { useEditor } from '../kit/use-editor.ts';
import { buttonClass, NamePair, NumberField } from '../kit/fields.tsx';
import { ServerTable, type Column, type ListQuery } from '../kit/ServerTable.tsx';

/** A value with both names and an arrange number: a make, a model, a lookup value. */
export interface NamedValue {
  id: number;
  nameAr: string;
  nameEn: string;
  sortOrder?: number;
}

export interface Draft {
  nameAr: string;
  nameEn: string;
  sortOrder: string;
  /** Fields of one kind (a make's logo, a model's make). */
  extra: Record<string, string | number>;
}

interface Props<T extends NamedValue> {
  lang: Lang;
  title: string;
  load: (query: ListQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  /** Extra columns shown after the names. */
  columns?: Column<T>[];
  /** Whether the kind has an arrange number. */
  arranged?: boolean;
  /** The kind's own fields in the form. */
  extraFields?: (draft: Draft, change: (extra: Draft['extra']) => void) => ReactNode;
  emptyExtra?: (row: T | null) => Draft['extra'];
  /** A check of the kind's own fields: the message of the first failure, or null. */
  checkExtra?: (draft: Draft) => string | null;
  create?: (draft: Draft) => Promise<unknown>;
  update: (row: T, draft: Draft) => Promise<unknown>;
  remove?: (row: T) => Promise<unknown>;
  reload?: unknown;
  toolbar?: ReactNode;
}

/**
 * The dashboard's screen for a list of named values: the server-paged table, an add/edit form
 * checked in the spec's order (name, arrange number), a delete that asks first.
 */
export function NamedValues<T extends NamedValue>(props: Props<T>) {
  const { lang, arranged = true } = props;
  const t = { locale: lang };
  const { editing, setEditing, busy, reload, save: write, remove: erase } = useEditor<T>(lang);
  const [draft, setDraft] = useState<Draft>({ nameAr: '', nameEn: '', sortOrder: '', extra: {} });

  const open = (row: T | 'new') => {
    const existing = row === 'new' ? null : row;
    setDraft({
      nameAr: existing?.nameAr ?? '',
      nameEn: existing?.nameEn ?? '',
      sortOrder: existing?.sortOrder === undefined ? '' : String(existing.sortOrder),
      extra: props.emptyExtra?.(existing) ?? {},
    });
    setEditing(row);
  };

  const save = async () => {
    // spec §5 admin forms: the name, then the arrange number, then the kind's own fields.
    if (!draft.nameAr.trim() || !draft.nameEn.trim()) {
      return void toastWarning(m.admin_check_name({}, t));
    }
    if (arranged && !/^\d{1,6}$/.test(draft.sortOrder.trim())) {
      return void toastWarning(m.admin_check_arrange({}, t));
    }
    const problem = props.checkExtra?.(draft);
    if (problem) return void toastWarning(problem);
    await write((row) => (row === 'new' ? props.create!(draft) : props.update(row, draft)));
  };

  const remove = (row: T) =>
    erase(lang === 'en' ? row.nameEn : row.nameAr, () => props.remove!(row));

  return (
    <>
      <ServerTable<T>
        lang={lang}
        caption={props.title}
        reload={`${reload}-${String(props.reload ?? '')}`}
        load={props.load}
        rowKey={(row) => row.id}
        initialSort={arranged ? { sort: 'sortOrder', order: 'asc' } : { sort: 'id', order: 'asc' }}
        toolbar={
          <>
            {props.toolbar}
            {props.create && (
              <button type="button" className={buttonClass.primary} onClick={() => open('new')}>
                {m.admin_add({}, t)}
              </button>
            )}
          </>
        }
        columns={[
          { key: 'id', label: '#', sort: 'id', render: (row) => row.id },
          { key: 'nameAr', label: m.admin_name_ar({}, t), sort: 'name', render: (r) => r.nameAr },
          { key: 'nameEn', label: m.admin_name_en({}, t), render: (row) => row.nameEn },
          ...(arranged
            ? [
                {
                  key: 'sortOrder',
                  label: m.admin_arrange({}, t),
                  sort: 'sortOrder',
                  render: (row: T) => row.sortOrder ?? 0,
                },
              ]
            : []),
          ...(props.columns ?? []),
          {
            key: 'options',
            label: m.admin_options({}, t),
            render: (row) => (
              <span className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass.small} onClick={() => open(row)}>
                  {m.admin_edit({}, t)}
                </button>
                {props.remove && (
                  <button type="button" className={buttonClass.danger} onClick={() => remove(row)}>
                    {m.admin_delete({}, t)}
                  </button>
                )}
              </span>
            ),
          },
        ]}
      />
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? m.admin_add({}, t) : m.admin_edit({}, t)}
        onClose={() => setEditing(null)}
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <NamePair
            lang={lang}
            nameAr={draft.nameAr}
            nameEn={draft.nameEn}
            onChange={(names) => setDraft({ ...draft, ...names })}
          />
          {arranged && (
            <NumberField
              id="value-arrange"
              label={m.admin_arrange({}, t)}
              value={draft.sortOrder}
              onValue={(sortOrder) => setDraft({ ...draft, sortOrder })}
            />
          )}
          {props.extraFields?.(draft, (extra) => setDraft({ ...draft, extra }))}
          <div className="flex gap-3">
            <button type="submit" disabled={busy} className={buttonClass.primary}>
              {m.admin_save({}, t)}
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => setEditing(null)}
            >
              {m.admin_cancel({}, t)}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** The body of a write: both names trimmed and the arrange number. */
export const namesOf = (draft: Draft) => ({
  nameAr: draft.nameAr.trim(),
  nameEn: draft.nameEn.trim(),
  sortOrder: Number(draft.sortOrder.trim()) || 0,
});

export { adminCall };
