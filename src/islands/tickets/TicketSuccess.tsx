import type { TicketEvent, TicketPurchase } from '../../../server/routes/tickets/schemas.ts';
import { PaymentStatus } from '../../../domain/codes.ts';
import { useCallback, useEffect, useState } from 'react';
import { apiGet, apiPost, errorMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { $ticketData } from '../../lib/ticket-purchase.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { paymentAmount } from '../payments/money.ts';
import TicketQr from './TicketQr.tsx';

/** A purchase that will not become a ticket: its page is /teckitfail. */
export function isRefused(statusId: number): boolean {
  return statusId === PaymentStatus.failed || statusId === PaymentStatus.canceled;
}

/**
 * /teckitsuccess?sessionId= (spec §2 Ticket purchase): reports the purchase to the server (the
 * spec's ticket payment success call with the ticketData) and shows it: under review until the
 * admin confirms the transfer, then the ticket number with its QR code. A refused purchase goes
 * to /teckitfail. The spec's button refetches the event and opens its page by slug.
 */
export default function TicketSuccess({ lang, sessionId }: { lang: Lang; sessionId: string }) {
  const t = { locale: lang };
  const [purchase, setPurchase] = useState<TicketPurchase | null>(null);
  const [missing, setMissing] = useState(false);
  const id = sessionId || $ticketData.get()?.sessionId || '';

  /** Shows the purchase, or goes to /teckitfail when it was refused. */
  const show = useCallback(
    (answer: TicketPurchase) => {
      if (isRefused(answer.statusId)) {
        window.location.replace(
          `${localizePath('/teckitfail', lang)}?sessionId=${encodeURIComponent(id)}`,
        );
        return false;
      }
      setPurchase(answer);
      return true;
    },
    [id, lang],
  );

  const load = useCallback(async () => {
    show(
      await apiGet<TicketPurchase>('/api/Tickets/GetTicketPurchase', { sessionId: id }, { lang }),
    );
  }, [id, lang, show]);

  useEffect(() => {
    if (!id) {
      setMissing(true);
      return;
    }
    // Spec §8: the ticket payment success call with the ticketData, then 'success' or the
    // server's message.
    void withLoading(() =>
      apiPost<TicketPurchase>('/api/Tickets/TicketPaymentSuccess', { sessionId: id }, { lang }),
    ).then(
      (answer) => {
        if (show(answer)) void toastSuccess(m.ticket_success_toast({}, t));
      },
      (error: unknown) => {
        setMissing(true);
        void toastWarning(errorMessage(error, lang));
      },
    );
    // Once on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refresh = () =>
    withLoading(load).catch((error: unknown) => void toastWarning(errorMessage(error, lang)));

  const backToEvent = async () => {
    const eventId = purchase?.eventId ?? $ticketData.get()?.eventId;
    if (!eventId) return;
    try {
      const event = await withLoading(() =>
        apiGet<TicketEvent>('/api/Tickets/GetEvent', { id: eventId }, { lang }),
      );
      window.location.assign(localizePath(`/event/${event.slug}`, lang));
    } catch (error) {
      void toastWarning(errorMessage(error, lang));
    }
  };

  if (missing) {
    return (
      <div className="flex flex-col items-center gap-4 text-center" data-ticket-missing>
        <p className="text-lg font-semibold text-ink-soft">{m.ticket_not_found({}, t)}</p>
        <a
          href={localizePath('/', lang)}
          className="inline-flex min-h-12 items-center rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
        >
          {m.ticket_home({}, t)}
        </a>
      </div>
    );
  }
  if (!purchase)
    return <div className="h-64 animate-pulse rounded-card bg-line/60" aria-hidden="true" />;

  const confirmed = purchase.statusId === PaymentStatus.accepted && purchase.ticketNumber !== '';

  return (
    <div
      className="flex flex-col items-center gap-6 text-center"
      data-ticket-status={purchase.statusId}
    >
      <span
        className={`grid size-16 place-items-center rounded-full ${confirmed ? 'bg-status-accepted-bg text-status-accepted' : 'bg-status-pending-bg text-status-pending'}`}
      >
        <Icon name={confirmed ? 'check' : 'clock'} className="size-8" />
      </span>
      <div>
        <h2 className="text-xl font-bold text-ink">
          {confirmed ? m.ticket_confirmed_title({}, t) : m.ticket_pending_title({}, t)}
        </h2>
        <p className="mt-2 text-muted">
          {confirmed ? m.ticket_confirmed_text({}, t) : m.ticket_pending_text({}, t)}
        </p>
      </div>
      <dl className="grid w-full max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-start">
        <dt className="text-muted">{m.ticket_event({}, t)}</dt>
        <dd className="font-semibold text-ink">{purchase.eventTitle}</dd>
        <dt className="text-muted">{m.event_quantity({}, t)}</dt>
        <dd className="font-semibold text-ink">{purchase.quantity}</dd>
        <dt className="text-muted">{m.event_total({}, t)}</dt>
        <dd className="font-semibold text-ink" dir="ltr">
          {paymentAmount(purchase.totalPrice, purchase.currency)}
        </dd>
        <dt className="text-muted">{m.ticket_status({}, t)}</dt>
        <dd className="font-semibold text-ink">{purchase.statusName}</dd>
        <dt className="text-muted">{m.ticket_date({}, t)}</dt>
        <dd className="font-semibold text-ink" dir="ltr">
          {formatDateTime(purchase.createdAt, lang)}
        </dd>
      </dl>
      {confirmed && (
        <div className="flex flex-col items-center gap-2">
          <p className="text-sm text-muted">{m.ticket_number({}, t)}</p>
          <p className="text-2xl font-bold tracking-wider text-ink" dir="ltr" data-ticket-number>
            {purchase.ticketNumber}
          </p>
          <TicketQr value={purchase.ticketNumber} label={m.ticket_qr_alt({}, t)} />
        </div>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {!confirmed && (
          <button
            type="button"
            onClick={() => void refresh()}
            className="inline-flex min-h-12 items-center gap-2 rounded-full border border-line-strong px-6 font-semibold text-ink-soft hover:border-brand-600 hover:text-brand-800"
          >
            <Icon name="reset" className="size-5" />
            {m.ticket_refresh({}, t)}
          </button>
        )}
        <button
          type="button"
          onClick={() => void backToEvent()}
          className="inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
          data-back-to-event
        >
          {m.ticket_back_to_event({}, t)}
        </button>
      </div>
    </div>
  );
}
