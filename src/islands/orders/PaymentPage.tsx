import { useStore } from '@nanostores/react';
import { Currency } from '../../../domain/codes.ts';
import { imageAt } from '../../../domain/images.ts';
import { orderPaymentError } from '../../../domain/orders.ts';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { setFlash } from '../../lib/flash.ts';
import { formatDateTime, formatPrice } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import {
  $orderPayment,
  afterPaymentPath,
  clearOrder,
  orderRequest,
  type OrderDraft,
} from '../../lib/order-payment.ts';
import { toastWarning } from '../../lib/toast.ts';
import { uploadJson, type UploadProgress as Progress } from '../../lib/upload.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { TableIcon } from '../my-vehicles/icons.tsx';
import ProofImageField from '../payments/ProofImageField.tsx';
import { methodName } from '../payments/transfer-methods.ts';
import TransferMethodPicker from '../payments/TransferMethodPicker.tsx';
import { UploadProgress } from '../vehicle-form/UploadProgress.tsx';

type Tab = 'methods' | 'confirm';

/**
 * Payment of an order (spec §2, §4, §5, §8): two tabs, the transfer methods with their account
 * details, QR codes and copy buttons, then the confirmation with the order's summary and the
 * proof image; the order comes from the persistent store and is cleared once sent.
 */
export default function PaymentPage({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const order = useStore($orderPayment);
  const [mounted, setMounted] = useState(false);
  const [tab, setTab] = useState<Tab>('methods');
  const [method, setMethod] = useState(0);
  const [proof, setProof] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const tabsId = useId();

  useEffect(() => setMounted(true), []);

  if (!mounted) {
    return <div className="h-64 animate-pulse rounded-card bg-line/60" aria-hidden="true" />;
  }

  if (!order) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line-strong bg-surface px-6 py-12 text-center"
        data-payment-empty
      >
        <p className="text-lg font-semibold text-ink-soft">{m.orderpay_no_order({}, t)}</p>
        <p className="max-w-md text-muted">{m.orderpay_no_order_hint({}, t)}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <a
            href={localizePath('/profile/add_ads', lang)}
            className="inline-flex min-h-12 items-center rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
          >
            {m.orders_add_ad({}, t)}
          </a>
          <a
            href={localizePath('/profile/my_vehicles', lang)}
            className="inline-flex min-h-12 items-center rounded-full border border-line-strong px-6 font-semibold text-ink-soft hover:border-brand-600 hover:text-brand-800"
          >
            {m.orders_add_star({}, t)}
          </a>
        </div>
      </div>
    );
  }

  const send = async () => {
    if (progress) return;
    const payment = { paymentMethod: method, payBilImage: proof };
    const problem = orderPaymentError(payment);
    if (problem) {
      if (problem === 'payment_check_method') setTab('methods');
      return void toastWarning(validationText(problem, lang));
    }
    const { path, body } = orderRequest(order, payment);
    setProgress({ phase: 'uploading', loaded: 0, total: 0, percent: 0 });
    try {
      await uploadJson(path, { body, lang, onProgress: setProgress });
      const next = afterPaymentPath(order, lang);
      clearOrder();
      setFlash({ kind: 'success', message: m.orderpay_success({}, t) });
      window.location.assign(next);
    } catch (error) {
      setProgress(null);
      void toastWarning(errorMessage(error, lang));
    }
  };

  const tabButton =
    'inline-flex min-h-touch flex-1 items-center justify-center gap-2 border-b-2 px-4 font-bold transition-colors aria-selected:border-brand-700 aria-selected:text-brand-800 border-transparent text-muted hover:text-ink';

  return (
    <div className="flex flex-col gap-5" data-payment>
      <div
        role="tablist"
        aria-label={m.orderpay_steps({}, t)}
        className="flex rounded-card border border-line bg-surface shadow-card"
      >
        {(['methods', 'confirm'] as const).map((key, index) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${tabsId}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${tabsId}-${key}-panel`}
            onClick={() => setTab(key)}
            className={tabButton}
            data-tab={key}
          >
            <span className="grid size-7 place-items-center rounded-full bg-canvas text-sm">
              {index + 1}
            </span>
            {key === 'methods' ? m.orderpay_tab_methods({}, t) : m.orderpay_tab_confirm({}, t)}
          </button>
        ))}
      </div>

      {tab === 'methods' ? (
        <section
          role="tabpanel"
          id={`${tabsId}-methods-panel`}
          aria-labelledby={`${tabsId}-methods`}
          className="flex flex-col gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
        >
          <p className="text-ink-soft">{m.orderpay_methods_intro({}, t)}</p>
          <TransferMethodPicker lang={lang} value={method} onChange={setMethod} />
          <div className="flex justify-end border-t border-line pt-4">
            <button
              type="button"
              onClick={() => setTab('confirm')}
              className="inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
              data-next
            >
              {m.orderpay_next({}, t)}
              <TableIcon name="arrow" className="size-4 rtl:-scale-x-100" />
            </button>
          </div>
        </section>
      ) : (
        <section
          role="tabpanel"
          id={`${tabsId}-confirm-panel`}
          aria-labelledby={`${tabsId}-confirm`}
          className="flex flex-col gap-5 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
        >
          <Summary lang={lang} order={order} method={methodName(method, lang)} />
          <ProofImageField lang={lang} value={proof} onChange={setProof} id="order-proof" />
          <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:justify-between">
            <button
              type="button"
              onClick={() => setTab('methods')}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-line-strong px-6 font-semibold text-ink-soft hover:border-brand-600 hover:text-brand-800"
              data-previous
            >
              <TableIcon name="arrow" className="size-4 ltr:-scale-x-100" />
              {m.orderpay_previous({}, t)}
            </button>
            <button
              type="button"
              onClick={() => void send()}
              disabled={progress !== null}
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand-700 px-8 font-bold text-white hover:bg-brand-800 disabled:opacity-70"
              data-pay
            >
              {m.orderpay_submit({}, t)}
            </button>
          </div>
        </section>
      )}
      {progress && <UploadProgress lang={lang} progress={progress} />}
    </div>
  );
}

function Summary({ lang, order, method }: { lang: Lang; order: OrderDraft; method: string }) {
  const t = { locale: lang };
  const rows: [string, string, string][] = [
    [
      m.orderpay_summary_kind({}, t),
      order.kind === 'ad'
        ? m.orderpay_summary_ad({ type: order.announcementTypeName }, t)
        : m.orderpay_summary_star({ name: order.vehicleName }, t),
      'kind',
    ],
    [
      m.orders_expected_date({}, t),
      formatDateTime(order.expectedDate, lang).slice(0, 10) || '—',
      'date',
    ],
    [m.orders_daily_price({}, t), formatPrice(order.dailyPrice, Currency.NIS, lang), 'daily'],
    [m.orderpay_summary_days({}, t), String(order.durationDay), 'days'],
    [m.orderpay_summary_method({}, t), method || '—', 'method'],
  ];
  const picture = order.kind === 'ad' ? order.image : imageAt(order.vehicleImage, 640);
  return (
    <div className="flex flex-col gap-4 sm:flex-row" data-summary>
      <dl className="grid flex-1 gap-2">
        {rows.map(([label, value, key]) => (
          <div key={key} className="flex justify-between gap-3 border-b border-line pb-2">
            <dt className="text-muted">{label}</dt>
            <dd className="text-end font-semibold text-ink" data-summary-row={key}>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
        {order.message && (
          <div className="flex justify-between gap-3 border-b border-line pb-2">
            <dt className="text-muted">{m.orders_col_message({}, t)}</dt>
            <dd dir="auto" className="text-end break-words text-ink">
              {order.message}
            </dd>
          </div>
        )}
        <div className="flex items-center justify-between gap-3 pt-1">
          <dt className="font-bold text-ink">{m.orders_total({}, t)}</dt>
          <dd className="text-xl font-bold text-brand-800" data-summary-row="total">
            <bdi>{formatPrice(order.totalPrice, Currency.NIS, lang)}</bdi>
          </dd>
        </div>
      </dl>
      {picture && (
        <img
          src={picture}
          alt=""
          className="max-h-48 w-full rounded-control border border-line object-contain sm:w-56"
        />
      )}
    </div>
  );
}
