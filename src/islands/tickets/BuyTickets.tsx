import type { CreatedTicketPurchase, TicketEvent } from '../../../server/routes/tickets/schemas.ts';
import { asciiDigits } from '../../../domain/vehicle-draft.ts';
import { sanitizeMobile } from '../../../domain/validation.ts';
import { useEffect, useState } from 'react';
import { apiGet } from '../../lib/api.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { rememberTicketPurchase } from '../../lib/ticket-purchase.ts';
import { uploadJson, type UploadProgress as Progress } from '../../lib/upload.ts';
import { m } from '../../paraglide/messages.js';
import { EmailField, Form, SelectField, SubmitButton, TextField } from '../forms/fields.tsx';
import { useSubmit } from '../forms/use-submit.ts';
import ProofImageField from '../payments/ProofImageField.tsx';
import { paymentAmount } from '../payments/money.ts';
import TransferMethodPicker from '../payments/TransferMethodPicker.tsx';
import { UploadProgress } from '../vehicle-form/UploadProgress.tsx';
import { ticketFormError } from './ticket-check.ts';

/** Most tickets one purchase may take (server/routes/tickets/schemas.ts TICKET_MAX_QUANTITY). */
const MAX_QUANTITY = 10;

export interface BuyTicketsEvent {
  id: number;
  slug: string;
  ticketPrice: number;
  currency: number;
  seatsLeft: number;
}

/**
 * Answers the buyer cannot change by editing the form (409 the seats ran out, 404 the event has
 * begun or was removed): after the server's message, the purchase goes to /teckitfail, which says
 * why and leads back to the event.
 */
const FINAL_REFUSALS = new Set([404, 409, 410]);

/**
 * The event page's "buy tickets" form (issue 10 Tickets): quantity, buyer, method with the site's
 * accounts, proof image; the purchase is paid by the same transfer-with-proof flow as orders.
 * The ticketData (session id, event id, slug) is kept under the ticket-purchase key before going
 * to /teckitsuccess, so that page and /teckitfail can always return to the event.
 */
export default function BuyTickets({ lang, event }: { lang: Lang; event: BuyTicketsEvent }) {
  const t = { locale: lang };
  const { busy, submit } = useSubmit(lang);
  // The page may come from the page cache: the seats left are asked again once visible.
  const [seatsLeft, setSeatsLeft] = useState(event.seatsLeft);
  const most = Math.max(0, Math.min(MAX_QUANTITY, seatsLeft));
  const [quantity, setQuantity] = useState(1);
  const [buyerName, setBuyerName] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const [method, setMethod] = useState(0);
  const [proof, setProof] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);

  useEffect(() => {
    let live = true;
    apiGet<TicketEvent>('/api/Tickets/GetEvent', { id: event.id }, { lang })
      .then((fresh) => live && setSeatsLeft(fresh.seatsLeft))
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [event.id, lang]);

  useEffect(() => {
    if (quantity > most && most > 0) setQuantity(most);
  }, [most, quantity]);

  if (most === 0) {
    return (
      <p
        className="rounded-card bg-status-other-bg p-4 font-semibold text-status-other"
        data-sold-out
      >
        {m.event_sold_out({}, t)}
      </p>
    );
  }

  const quantities = Array.from({ length: most }, (_, index) => ({
    id: index + 1,
    name: String(index + 1),
  }));

  const send = async () => {
    const form = {
      paymentMethod: method,
      buyerName: buyerName.trim(),
      email: email.trim(),
      mobile: mobile.trim(),
      payingBilImage: proof,
    };
    const result = await submit({
      check: () => ticketFormError(form),
      call: () =>
        uploadJson<CreatedTicketPurchase>('/api/Tickets/CreateTicketPurchase', {
          body: { ...form, eventId: event.id, quantity },
          lang,
          onProgress: setProgress,
        }).finally(() => setProgress(null)),
    });
    if (result.ok) {
      const { sessionId } = result.data;
      rememberTicketPurchase({ sessionId, eventId: event.id, slug: event.slug });
      window.location.assign(
        `${localizePath('/teckitsuccess', lang)}?sessionId=${encodeURIComponent(sessionId)}`,
      );
      return;
    }
    if (result.reason === 'failed' && result.status && FINAL_REFUSALS.has(result.status)) {
      const query = new URLSearchParams({ event: event.slug });
      if (result.status === 409) query.set('reason', 'sold_out');
      window.location.assign(`${localizePath('/teckitfail', lang)}?${query}`);
    }
  };

  return (
    <Form onSubmit={() => void send()} busy={busy} className="flex flex-col gap-5" data-buy-tickets>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          id="ticket-quantity"
          label={m.event_quantity({}, t)}
          value={quantity}
          onValue={(value) => setQuantity(value || 1)}
          options={quantities}
          placeholder={m.event_quantity({}, t)}
        />
        <div className="flex flex-col justify-end">
          <p className="text-sm text-muted">{m.event_total({}, t)}</p>
          <p className="text-xl font-bold text-ink" dir="ltr" data-ticket-total>
            {paymentAmount(Math.round(event.ticketPrice * quantity * 100) / 100, event.currency)}
          </p>
        </div>
        <TextField
          id="ticket-name"
          label={m.pay_name_label({}, t)}
          icon="user"
          autoComplete="name"
          maxLength={100}
          value={buyerName}
          onValue={setBuyerName}
        />
        <EmailField
          id="ticket-email"
          label={m.pay_email_label({}, t)}
          value={email}
          onValue={setEmail}
        />
        <TextField
          id="ticket-mobile"
          label={m.event_mobile({}, t)}
          icon="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          ltr
          maxLength={10}
          value={mobile}
          onValue={(value) => setMobile(sanitizeMobile(asciiDigits(value), 'profile'))}
        />
      </div>
      <TransferMethodPicker lang={lang} value={method} onChange={setMethod} />
      <ProofImageField lang={lang} value={proof} onChange={setProof} id="ticket-proof" />
      <div>
        <SubmitButton busy={busy}>{m.event_buy_submit({}, t)}</SubmitButton>
      </div>
      {progress && <UploadProgress lang={lang} progress={progress} />}
    </Form>
  );
}
