import { useState } from 'react';
import { PaymentStatus } from '../../../../domain/codes.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { buttonClass, SelectField } from '../kit/fields.tsx';
import { ImageZoom } from '../kit/ImageZoom.tsx';
import { ServerTable } from '../kit/ServerTable.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useEditor } from '../kit/use-editor.ts';

/** A purchase as GetTicketPurchases answers it. */
interface AdminPurchase {
  id: number;
  sessionId: string;
  eventTitle: string;
  buyerName: string;
  email: string;
  mobile: string;
  quantity: number;
  totalPrice: number;
  statusId: number;
  statusName: string;
  ticketNumber: string;
  billImage: string;
  createdAt: string;
}

/** Ticket purchases: the proof of payment, confirmed (a ticket number is given) or refused. */
export default function TicketsScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const [statusId, setStatusId] = useState<number>(PaymentStatus.pending);
  const { reload, act } = useEditor<AdminPurchase>(lang);
  const statuses = [
    { id: PaymentStatus.pending, name: m.admin_payments_pending({}, t) },
    { id: PaymentStatus.accepted, name: m.admin_payments_accepted({}, t) },
    { id: PaymentStatus.failed, name: m.admin_payments_failed({}, t) },
    { id: PaymentStatus.canceled, name: m.admin_payments_canceled({}, t) },
  ];

  const decide = (row: AdminPurchase, status: number) =>
    act(() =>
      adminCall(lang, 'PUT', 'Tickets/UpdateTicketPurchaseStatus', {
        body: { sessionId: row.sessionId, statusId: status },
      }),
    );

  return (
    <ServerTable<AdminPurchase>
      lang={lang}
      caption={m.admin_tickets_title({}, t)}
      reload={`${reload}-${statusId}`}
      searchPlaceholder={m.admin_payments_search({}, t)}
      load={(query, signal) =>
        adminCall<ListPage<AdminPurchase>>(lang, 'GET', 'Tickets/GetTicketPurchases', {
          query: { ...query, statusId },
          signal,
        })
      }
      toolbar={
        <SelectField
          id="tickets-status-filter"
          label={m.admin_status({}, t)}
          value={statusId}
          onValue={setStatusId}
          options={statuses}
          placeholder={m.admin_all_statuses({}, t)}
          className="min-w-48"
        />
      }
      rowKey={(row) => row.id}
      columns={[
        { key: 'id', label: '#', render: (row) => row.id },
        { key: 'event', label: m.admin_events_event({}, t), render: (row) => row.eventTitle },
        {
          key: 'buyer',
          label: m.admin_orders_payer({}, t),
          render: (row) => (
            <span>
              {row.buyerName}
              <br />
              <span dir="ltr" className="text-xs text-muted">
                {row.email} · {row.mobile}
              </span>
            </span>
          ),
        },
        { key: 'quantity', label: m.admin_tickets_quantity({}, t), render: (row) => row.quantity },
        {
          key: 'total',
          label: m.admin_orders_total({}, t),
          render: (row) => row.totalPrice.toLocaleString('en-US'),
        },
        {
          key: 'bill',
          label: m.admin_orders_bill({}, t),
          render: (row) => (
            <ImageZoom
              src={row.billImage}
              alt={m.admin_payments_bill_of({ id: row.id }, t)}
              lang={lang}
            />
          ),
        },
        {
          key: 'createdAt',
          label: m.admin_date({}, t),
          render: (row) => formatDateTime(row.createdAt, lang),
        },
        {
          key: 'status',
          label: m.admin_status({}, t),
          render: (row) => (
            <span>
              <StatusBadge statusId={row.statusId} name={row.statusName} />
              {row.ticketNumber && (
                <span dir="ltr" className="ms-2 text-xs">
                  {row.ticketNumber}
                </span>
              )}
            </span>
          ),
        },
        {
          key: 'options',
          label: m.admin_options({}, t),
          render: (row) =>
            row.statusId === PaymentStatus.pending ? (
              <span className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClass.small}
                  onClick={() => decide(row, PaymentStatus.accepted)}
                >
                  {m.admin_tickets_confirm({}, t)}
                </button>
                <button
                  type="button"
                  className={buttonClass.danger}
                  onClick={() => decide(row, PaymentStatus.failed)}
                >
                  {m.admin_tickets_refuse({}, t)}
                </button>
              </span>
            ) : null,
        },
      ]}
    />
  );
}
