import type { Constant } from '../../../server/routes/category/schemas.ts';
import { useEffect, useId, useState } from 'react';
import { apiGet } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';
import { toastDanger, toastSuccess } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { transferMethods, type TransferMethod } from './transfer-methods.ts';

interface Props {
  lang: Lang;
  /** The chosen method id; 0 while none is chosen. */
  value: number;
  onChange: (id: number) => void;
}

/** Spec §8: copying an account number toasts success or failure. */
async function copy(text: string, lang: Lang) {
  const t = { locale: lang };
  try {
    await navigator.clipboard.writeText(text);
    void toastSuccess(m.pay_copied({}, t));
  } catch {
    void toastDanger(m.pay_copy_failed({}, t));
  }
}

/**
 * The transfer methods (spec §2): one radio card per method, and under the chosen one its
 * account details with copy buttons and its QR image, so the payer can transfer before sending
 * the proof. The accounts come from the server constants; while they load the cards still work.
 */
export default function TransferMethodPicker({ lang, value, onChange }: Props) {
  const t = { locale: lang };
  const name = useId();
  const [constants, setConstants] = useState<Constant[]>([]);

  useEffect(() => {
    let live = true;
    apiGet<Constant[]>('/api/Category/GetConstants', undefined, { lang })
      .then((list) => live && setConstants(Array.isArray(list) ? list : []))
      // Spec §8: reference-data failures are only logged; the methods stay choosable.
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [lang]);

  const methods = transferMethods(constants, lang);
  const chosen = methods.find((method) => method.id === value);

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 block text-sm font-semibold text-ink-soft">
        {m.pay_method_label({}, t)}
      </legend>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {methods.map((method) => (
          <label
            key={method.id}
            className="flex min-h-14 cursor-pointer items-center gap-3 rounded-control border border-line-strong bg-surface px-3 py-2 font-semibold text-ink transition-colors hover:border-brand-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-100 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-200"
          >
            <input
              type="radio"
              name={name}
              value={method.id}
              checked={value === method.id}
              onChange={() => onChange(method.id)}
              className="size-4 accent-brand-700"
              data-method={method.id}
            />
            <span className="text-sm leading-snug">{method.name}</span>
          </label>
        ))}
      </div>
      {chosen && <AccountDetails method={chosen} lang={lang} />}
    </fieldset>
  );
}

function AccountDetails({ method, lang }: { method: TransferMethod; lang: Lang }) {
  const t = { locale: lang };
  return (
    <div
      className="flex flex-col gap-4 rounded-card border border-line bg-canvas p-4 sm:flex-row sm:items-start"
      data-account-details={method.id}
      aria-live="polite"
    >
      <dl className="flex min-w-0 flex-1 flex-col gap-3">
        {method.lines.map((line) => (
          <div key={line.label} className="min-w-0">
            <dt className="text-sm text-muted">{line.label}</dt>
            <dd className="mt-0.5 flex items-center gap-2">
              <span
                dir={line.copy ? 'ltr' : undefined}
                className="min-w-0 font-semibold break-all text-ink"
              >
                {line.value}
              </span>
              {line.copy && (
                <button
                  type="button"
                  onClick={() => void copy(line.value, lang)}
                  className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border border-line-strong px-3 text-sm font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800"
                  aria-label={m.pay_copy_label({ label: line.label }, t)}
                  data-copy={line.value}
                >
                  <Icon name="document" className="size-4" />
                  {m.pay_copy({}, t)}
                </button>
              )}
            </dd>
          </div>
        ))}
        {method.lines.length === 0 && (
          <p className="text-sm text-muted">{m.pay_no_account({}, t)}</p>
        )}
      </dl>
      {method.qr && (
        <img
          src={method.qr}
          alt={m.pay_qr_alt({ method: method.name }, t)}
          width={160}
          height={160}
          loading="lazy"
          decoding="async"
          className="size-40 shrink-0 self-center rounded-control border border-line bg-white object-contain p-1"
        />
      )}
    </div>
  );
}
