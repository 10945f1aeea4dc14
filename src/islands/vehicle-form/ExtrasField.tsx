import { useEffect, useState } from 'react';
import {
  EXTRAS_MAX,
  EXTRA_NAME_MAX_LENGTH,
  EXTRA_VALUE_MAX_LENGTH,
} from '../../../domain/vehicle-draft.ts';
import type { Lang } from '../../lib/i18n.ts';
import { localId, type ExtraRow } from '../../lib/vehicle-form.ts';
import { extraFieldId } from '../../lib/vehicle-form-rules.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { TextField } from '../forms/fields.tsx';

interface Props {
  lang: Lang;
  rows: ExtraRow[];
  onRows: (rows: ExtraRow[]) => void;
  /** The message marking an input of these rows (by its id), or null. */
  errorOf: (id: string) => string | null;
}

/** The extras rows of spec §2 (extensionName, extentionValue), added and removed. */
export function ExtrasField({ lang, rows, onRows, errorOf }: Props) {
  const t = { locale: lang };
  const [focusRow, setFocusRow] = useState<string | null>(null);

  useEffect(() => {
    if (!focusRow) return;
    document.getElementById(focusRow)?.focus();
    setFocusRow(null);
  }, [focusRow, rows]);

  const add = () => {
    const row: ExtraRow = { id: localId('x'), extensionName: '', extentionValue: '' };
    onRows([...rows, row]);
    setFocusRow(extraFieldId(row, 'name'));
  };

  const remove = (index: number) => {
    const next = rows.filter((_, at) => at !== index);
    onRows(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusRow(neighbour ? extraFieldId(neighbour, 'name') : 'vehicle-extra-add');
  };

  const edit = (index: number, change: Partial<ExtraRow>) =>
    onRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <div className="flex flex-col gap-4">
      {rows.length > 0 && (
        <ul className="flex flex-col gap-3" data-extras-list>
          {rows.map((row, index) => (
            <li
              key={row.id}
              className="grid items-start gap-3 rounded-control border border-line bg-canvas p-3 sm:grid-cols-[1fr_1fr_auto]"
              data-extra-row
            >
              <TextField
                id={extraFieldId(row, 'name')}
                label={m.vehicle_form_extra_name({ index: index + 1 }, t)}
                value={row.extensionName}
                onValue={(extensionName) => edit(index, { extensionName })}
                maxLength={EXTRA_NAME_MAX_LENGTH}
                error={errorOf(extraFieldId(row, 'name'))}
                autoComplete="off"
              />
              <TextField
                id={extraFieldId(row, 'value')}
                label={m.vehicle_form_extra_value({ index: index + 1 }, t)}
                value={row.extentionValue}
                onValue={(extentionValue) => edit(index, { extentionValue })}
                maxLength={EXTRA_VALUE_MAX_LENGTH}
                error={errorOf(extraFieldId(row, 'value'))}
                autoComplete="off"
              />
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={m.vehicle_form_extra_remove({ index: index + 1 }, t)}
                title={m.vehicle_form_extra_remove({ index: index + 1 }, t)}
                className="grid size-12 place-items-center self-end rounded-full text-danger ring-1 ring-line transition-colors hover:bg-status-other-bg"
              >
                <Icon name="close" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          id="vehicle-extra-add"
          onClick={add}
          disabled={rows.length >= EXTRAS_MAX}
          className="inline-flex min-h-12 items-center gap-2 rounded-full border border-line-strong px-5 font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800 disabled:opacity-60"
        >
          <span aria-hidden="true" className="text-xl leading-none">
            +
          </span>
          {m.vehicle_form_extra_add({}, t)}
        </button>
      </div>
    </div>
  );
}
