import { useEffect, useState } from 'react';
import { PaymentDetail } from '../../../../domain/codes.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, showFailure } from '../kit/api.ts';
import { toastUpdated } from '../kit/feedback.ts';
import { buttonClass } from '../kit/fields.tsx';
import { ImageZoom } from '../kit/ImageZoom.tsx';

interface Constant {
  id: number;
  nameAr: string;
  nameEn: string;
  valueSt: string;
}

/** The QR images the server draws from the account beside them: shown, not typed. */
const QR_IMAGES: readonly number[] = [
  PaymentDetail.bankQr,
  PaymentDetail.palPayQr,
  PaymentDetail.jawwalPayQr,
  PaymentDetail.usdtQr,
];

/**
 * The site's constants: payment accounts (107-114, their QR codes redrawn on save), prices,
 * slot counts, the longest order, the order currency and the exchange rates.
 */
export default function ConstantsScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const [rows, setRows] = useState<Constant[]>([]);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(0);

  const load = () =>
    adminCall<Constant[]>(lang, 'GET', 'Category/GetAdminConstants')
      .then((list) => {
        setRows(list);
        setDrafts(Object.fromEntries(list.map((row) => [row.id, row.valueSt])));
      })
      .catch((error: unknown) => showFailure(error, lang));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);

  const save = async (row: Constant) => {
    const value = (drafts[row.id] ?? '').trim();
    if (!value) return void toastWarning(m.admin_check_value({}, t));
    setBusy(row.id);
    try {
      await adminCall(lang, 'PUT', 'Category/UpdateConstant', { body: { id: row.id, value } });
      void toastUpdated(lang);
      await load();
    } catch (error) {
      showFailure(error, lang);
    } finally {
      setBusy(0);
    }
  };

  if (rows.length === 0) return <p className="text-muted">{m.admin_loading({}, t)}</p>;
  return (
    <ul className="grid gap-3 lg:grid-cols-2">
      {rows.map((row) => {
        const name = lang === 'en' ? row.nameEn : row.nameAr;
        return (
          <li key={row.id} className="rounded-2xl border border-line bg-surface p-4">
            {QR_IMAGES.includes(row.id) ? (
              <div className="flex items-center gap-4">
                <ImageZoom src={row.valueSt} alt={name} lang={lang} className="size-20" />
                <div>
                  <p className="font-semibold">{name}</p>
                  <p className="text-sm text-muted">{m.admin_constants_qr_note({}, t)}</p>
                </div>
              </div>
            ) : (
              <form
                noValidate
                className="flex flex-wrap items-end gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  void save(row);
                }}
              >
                <label className="min-w-56 flex-1">
                  <span className="mb-1.5 block text-sm font-semibold text-ink-soft">
                    {name} <span className="text-muted">#{row.id}</span>
                  </span>
                  <input
                    type="text"
                    value={drafts[row.id] ?? ''}
                    dir="auto"
                    onChange={(event) => setDrafts({ ...drafts, [row.id]: event.target.value })}
                    className="block min-h-11 w-full rounded-control border border-line-strong px-3"
                  />
                </label>
                <button
                  type="submit"
                  disabled={busy === row.id || drafts[row.id] === row.valueSt}
                  className={buttonClass.primary}
                >
                  {m.admin_save({}, t)}
                </button>
              </form>
            )}
          </li>
        );
      })}
    </ul>
  );
}
