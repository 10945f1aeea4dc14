import type {
  PaymentMovement,
  PaymentMovementPage,
} from '../../../server/routes/payment/schemas.ts';
import { useCallback, useEffect, useState } from 'react';
import { apiGet, errorMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { paymentAmount, paymentTone } from './money.ts';

/** Rows asked for at a time (the API allows up to 100). */
const PAGE_SIZE = 50;

const chipTones = {
  accepted: 'bg-status-accepted-bg text-status-accepted ring-status-accepted/25',
  pending: 'bg-status-pending-bg text-status-pending ring-status-pending/25',
  other: 'bg-status-other-bg text-status-other ring-status-other/25',
} as const;

/*
 * From 1024 px a row is a table row; below it a card with one labelled line per column (the
 * label from the cell's data-label), so a phone never scrolls sideways.
 */
const cell = 'px-3 py-3 align-middle lg:border-b lg:border-line';
const line =
  'max-lg:flex max-lg:min-h-10 max-lg:items-center max-lg:justify-between max-lg:gap-3 max-lg:px-0 max-lg:py-1 max-lg:before:shrink-0 max-lg:before:text-sm max-lg:before:text-muted max-lg:before:content-[attr(data-label)]';

/**
 * /profile/payment_operation (spec §2 "Payment movements"): the signed-in user's payments,
 * newest first: amount, payer, email, method, the bill image (opens full size in a new tab),
 * date and time, the note and the status.
 */
export default function PaymentMovements({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const [rows, setRows] = useState<PaymentMovement[] | null>(null);
  const [page, setPage] = useState(1);
  const [pageCount, setPageCount] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback(
    async (pageNumber: number) => {
      const fetch = () =>
        apiGet<PaymentMovementPage>(
          '/api/Payment/GetUserPaymentMovements',
          { page: pageNumber, pageSize: PAGE_SIZE },
          { lang },
        );
      try {
        const answer = pageNumber === 1 ? await withLoading(fetch) : await fetch();
        const data = Array.isArray(answer?.data) ? answer.data : [];
        setRows((current) => (pageNumber === 1 ? data : [...(current ?? []), ...data]));
        setPage(pageNumber);
        setPageCount(answer?.pagination?.pageCount ?? 1);
      } catch (error) {
        setRows((current) => current ?? []);
        void toastWarning(errorMessage(error, lang));
      }
    },
    [lang],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  if (rows === null) {
    return <div className="h-64 animate-pulse rounded-card bg-line/60" aria-hidden="true" />;
  }

  if (rows.length === 0) {
    return (
      <div
        role="status"
        className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line-strong bg-surface px-6 py-14 text-center"
        data-payments-empty
      >
        <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Icon name="receipt" className="size-8" />
        </span>
        <p className="text-lg font-semibold text-ink-soft">{m.list_empty({}, t)}</p>
        <a
          href={localizePath('/pay_for_us', lang)}
          className="inline-flex min-h-12 items-center rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
        >
          {m.pay_site_title({}, t)}
        </a>
      </div>
    );
  }

  const columns = [
    m.payments_col_amount({}, t),
    m.payments_col_name({}, t),
    m.payments_col_email({}, t),
    m.payments_col_method({}, t),
    m.payments_col_bill({}, t),
    m.payments_col_date({}, t),
    m.payments_col_description({}, t),
    m.payments_col_status({}, t),
  ];

  return (
    <div className="flex flex-col gap-4">
      <table className="w-full border-separate border-spacing-0 text-sm max-lg:block" data-payments>
        <caption className="sr-only">{m.payments_title({}, t)}</caption>
        <thead className="max-lg:sr-only">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-b border-line-strong bg-canvas px-3 py-3 text-start font-semibold whitespace-nowrap text-ink-soft"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-lg:flex max-lg:flex-col max-lg:gap-4">
          {rows.map((row) => {
            const tone = paymentTone(row.statusId);
            return (
              <tr
                key={row.id}
                className="max-lg:flex max-lg:flex-col max-lg:rounded-card max-lg:border max-lg:border-line max-lg:bg-surface max-lg:p-4 max-lg:shadow-card"
                data-payment-row={row.id}
              >
                <td
                  className={`${cell} ${line} font-bold whitespace-nowrap text-ink`}
                  data-label={columns[0]}
                >
                  <span dir="ltr">{paymentAmount(row.amount, row.currency)}</span>
                </td>
                <td className={`${cell} ${line}`} data-label={columns[1]}>
                  {row.paidname}
                </td>
                <td className={`${cell} ${line} break-all`} data-label={columns[2]}>
                  <span dir="ltr">{row.paidEmail}</span>
                </td>
                <td className={`${cell} ${line}`} data-label={columns[3]}>
                  {row.paymentMethodName}
                </td>
                <td className={`${cell} ${line}`} data-label={columns[4]}>
                  {row.payingBilImage ? (
                    <a
                      href={row.payingBilImage}
                      target="_blank"
                      rel="noopener"
                      className="inline-block rounded-control ring-brand-200 focus-visible:ring-3"
                      aria-label={m.payments_bill_open({}, t)}
                      data-bill-link
                    >
                      <img
                        src={row.payingBilImage}
                        alt=""
                        width={56}
                        height={56}
                        loading="lazy"
                        decoding="async"
                        className="size-14 rounded-control border border-line object-cover"
                      />
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={`${cell} ${line} whitespace-nowrap`} data-label={columns[5]}>
                  <span dir="ltr">{formatDateTime(row.createdAt, lang)}</span>
                </td>
                <td className={`${cell} ${line} max-w-64 break-words`} data-label={columns[6]}>
                  {row.description || '—'}
                </td>
                <td className={`${cell} ${line}`} data-label={columns[7]}>
                  <span
                    className={`inline-flex items-center rounded-full px-3 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${chipTones[tone]}`}
                    data-status-chip={tone}
                  >
                    {row.statusName}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {page < pageCount && (
        <button
          type="button"
          disabled={loadingMore}
          onClick={() => {
            setLoadingMore(true);
            void load(page + 1).finally(() => setLoadingMore(false));
          }}
          className="mx-auto inline-flex min-h-12 items-center rounded-full border border-line-strong px-6 font-semibold text-ink-soft hover:border-brand-600 hover:text-brand-800 disabled:opacity-60"
        >
          {m.payments_more({}, t)}
        </button>
      )}
    </div>
  );
}
