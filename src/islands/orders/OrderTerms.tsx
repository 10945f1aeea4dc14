import { Currency } from '../../../domain/codes.ts';
import { ORDER_MAX_DAYS, ORDER_MESSAGE_MAX, orderTotal } from '../../../domain/orders.ts';
import { useId } from 'react';
import { formatDateTime, formatPrice } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';

/** Days as typed: a whole number, 0 when empty or not a number (spec §5: 0 means not given). */
export function daysFrom(text: string): number {
  const days = Number(text);
  return Number.isInteger(days) && days > 0 ? days : 0;
}

interface Props {
  lang: Lang;
  /** Null while the terms load (or when none were fetched yet). */
  terms: { expectedDate: string; dailyPrice: number } | null;
  days: string;
  onDays: (days: string) => void;
  message: string;
  onMessage: (message: string) => void;
}

/**
 * The terms of an order (spec §2, §4): the likely display date and the daily price as the API
 * gives them, the days, the live total (daily price x days) and an optional message.
 */
export default function OrderTerms({ lang, terms, days, onDays, message, onMessage }: Props) {
  const t = { locale: lang };
  const daysId = useId();
  const messageId = useId();
  const total = terms ? orderTotal(terms.dailyPrice, daysFrom(days)) : 0;
  const field =
    'w-full rounded-control border border-line-strong bg-surface px-3 text-ink focus:border-brand-600';

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 sm:grid-cols-2" aria-live="polite">
        <div className="rounded-control bg-canvas px-4 py-3">
          <dt className="text-sm text-muted">{m.orders_expected_date({}, t)}</dt>
          <dd className="mt-1 font-bold text-ink" data-expected-date>
            <bdi>{terms ? formatDateTime(terms.expectedDate, lang).slice(0, 10) || '—' : '…'}</bdi>
          </dd>
        </div>
        <div className="rounded-control bg-canvas px-4 py-3">
          <dt className="text-sm text-muted">{m.orders_daily_price({}, t)}</dt>
          <dd className="mt-1 font-bold text-ink" data-daily-price>
            <bdi>{terms ? formatPrice(terms.dailyPrice, Currency.NIS, lang) : '…'}</bdi>
          </dd>
        </div>
      </dl>
      <div>
        <label htmlFor={daysId} className="mb-1.5 block text-sm font-semibold text-ink-soft">
          {m.orders_days_label({ max: String(ORDER_MAX_DAYS) }, t)}
        </label>
        <input
          id={daysId}
          type="number"
          inputMode="numeric"
          min={1}
          max={ORDER_MAX_DAYS}
          step={1}
          value={days}
          onChange={(event) => onDays(event.target.value)}
          className={`${field} min-h-12 max-w-40`}
          data-days
        />
      </div>
      <div>
        <label htmlFor={messageId} className="mb-1.5 block text-sm font-semibold text-ink-soft">
          {m.orders_message_optional({}, t)}
        </label>
        <textarea
          id={messageId}
          value={message}
          onChange={(event) => onMessage(event.target.value)}
          maxLength={ORDER_MESSAGE_MAX}
          rows={3}
          dir="auto"
          className={`${field} py-2`}
          data-order-message
        />
      </div>
      <p
        className="flex items-center justify-between gap-3 rounded-control border border-brand-600/30 bg-brand-50 px-4 py-3"
        aria-live="polite"
      >
        <span className="font-semibold text-ink-soft">{m.orders_total({}, t)}</span>
        <bdi className="text-xl font-bold text-brand-800" data-total>
          {formatPrice(total, Currency.NIS, lang)}
        </bdi>
      </p>
    </div>
  );
}
