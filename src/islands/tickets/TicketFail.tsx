import type { TicketPurchase } from '../../../server/routes/tickets/schemas.ts';
import { useEffect, useState } from 'react';
import { apiGet } from '../../lib/api.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { $ticketData } from '../../lib/ticket-purchase.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { paymentAmount } from '../payments/money.ts';

interface Props {
  lang: Lang;
  /** The refused purchase, when the page was opened for one. */
  sessionId: string;
  /** The event's slug, when the purchase was refused before it existed (sold out). */
  eventSlug: string;
  /** Why it was refused before it existed: the seats ran out. */
  soldOut: boolean;
}

/**
 * /teckitfail (spec §2): a purchase that failed or was cancelled, or could not be made (the
 * seats ran out). It says so and offers the way back: the event (from the purchase, else the
 * stored ticketData, else the page's link) and the home page.
 */
export default function TicketFail({ lang, sessionId, eventSlug, soldOut }: Props) {
  const t = { locale: lang };
  const stored = $ticketData.get();
  const [purchase, setPurchase] = useState<TicketPurchase | null>(null);
  // A sold-out refusal made no purchase: an older stored one is not this page's.
  const id = sessionId || (soldOut || eventSlug ? '' : stored?.sessionId || '');

  useEffect(() => {
    if (!id) return;
    let live = true;
    apiGet<TicketPurchase>('/api/Tickets/GetTicketPurchase', { sessionId: id }, { lang })
      .then((answer) => live && setPurchase(answer))
      // The page's message and links stand without the purchase's details.
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [id, lang]);

  const slug = purchase?.eventSlug || eventSlug || stored?.slug || '';

  return (
    <div className="flex flex-col items-center gap-6 text-center" data-ticket-fail>
      <span className="grid size-16 place-items-center rounded-full bg-status-other-bg text-status-other">
        <Icon name="close" className="size-8" />
      </span>
      {/* The page's heading (its title) is the page's own, in the HTML before this loads. */}
      <p className="text-muted" data-fail-reason={soldOut ? 'sold_out' : undefined}>
        {soldOut ? m.event_sold_out({}, t) : m.ticket_fail_text({}, t)}
      </p>
      {purchase && (
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
          <dd className="font-semibold text-status-other" data-ticket-status-name>
            {purchase.statusName}
          </dd>
        </dl>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        {slug && (
          <a
            href={localizePath(`/event/${slug}`, lang)}
            className="inline-flex min-h-12 items-center rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
            data-back-to-event
          >
            {m.ticket_back_to_event({}, t)}
          </a>
        )}
        <a
          href={localizePath('/', lang)}
          className="inline-flex min-h-12 items-center rounded-full border border-line-strong px-6 font-semibold text-ink-soft hover:border-brand-600 hover:text-brand-800"
        >
          {m.ticket_home({}, t)}
        </a>
      </div>
    </div>
  );
}
