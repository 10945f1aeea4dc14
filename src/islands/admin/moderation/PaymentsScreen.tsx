import { useState } from 'react';
import { PaymentStatus } from '../../../../domain/codes.ts';
import type { AdminPaymentMovement } from '../../../../server/routes/payment/schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { buttonClass, SelectField } from '../kit/fields.tsx';
import { ImageZoom } from '../kit/ImageZoom.tsx';
import { ServerTable } from '../kit/ServerTable.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useEditor } from '../kit/use-editor.ts';
import { StatusDecision } from './StatusDecision.tsx';

const SIGNS: Record<number, string> = { 86: '₪', 87: '$', 88: 'JD' };

/** Payment movements: the proof enlarged, the payer, and accept / fail / refund with a reply. */
export default function PaymentsScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const statuses = [
    { id: PaymentStatus.pending, name: m.admin_payments_pending({}, t) },
    { id: PaymentStatus.accepted, name: m.admin_payments_accepted({}, t) },
    { id: PaymentStatus.failed, name: m.admin_payments_failed({}, t) },
    { id: PaymentStatus.canceled, name: m.admin_payments_canceled({}, t) },
    { id: PaymentStatus.refunded, name: m.admin_payments_refunded({}, t) },
  ];
  const [statusId, setStatusId] = useState<number>(PaymentStatus.pending);
  const { reload, act } = useEditor<AdminPaymentMovement>(lang);
  const [open, setOpen] = useState<AdminPaymentMovement | null>(null);
  const forWhat = (row: AdminPaymentMovement) =>
    ({
      site: m.admin_payments_for_site({}, t),
      star_order: m.admin_star_orders_title({}, t),
      announcement_order: m.admin_announcements_title({}, t),
      ticket_purchase: m.admin_payments_for_tickets({}, t),
    })[row.forWhat] ?? row.forWhat;

  const decide = async (row: AdminPaymentMovement, status: number, reply: string) => {
    if (
      await act(() =>
        adminCall(lang, 'PUT', 'Payment/UpdatePaymentMovementStatus', {
          body: { id: row.id, statusId: status, messageReplay: reply },
        }),
      )
    )
      setOpen(null);
  };

  return (
    <>
      <ServerTable<AdminPaymentMovement>
        lang={lang}
        caption={m.admin_payments_title({}, t)}
        reload={`${reload}-${statusId}`}
        searchPlaceholder={m.admin_payments_search({}, t)}
        initialSort={{ sort: 'createdAt', order: 'desc' }}
        load={(query, signal) =>
          adminCall<ListPage<AdminPaymentMovement>>(lang, 'GET', 'Payment/GetPaymentMovements', {
            query: { ...query, statusId },
            signal,
          })
        }
        toolbar={
          <SelectField
            id="payments-status-filter"
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
          {
            key: 'payer',
            label: m.admin_orders_payer({}, t),
            render: (row) => (
              <span>
                {row.paidname}
                <br />
                <span dir="ltr" className="text-xs text-muted">
                  {row.paidEmail}
                </span>
              </span>
            ),
          },
          {
            key: 'amount',
            label: m.admin_payments_amount({}, t),
            sort: 'amount',
            render: (row) => `${row.amount.toLocaleString('en-US')} ${SIGNS[row.currency] ?? ''}`,
          },
          {
            key: 'method',
            label: m.admin_orders_method({}, t),
            render: (row) => row.paymentMethodName,
          },
          { key: 'for', label: m.admin_payments_for({}, t), render: forWhat },
          {
            key: 'bill',
            label: m.admin_orders_bill({}, t),
            render: (row) => (
              <ImageZoom
                src={row.payingBilImage}
                alt={m.admin_payments_bill_of({ id: row.id }, t)}
                lang={lang}
              />
            ),
          },
          {
            key: 'createdAt',
            label: m.admin_date({}, t),
            sort: 'createdAt',
            render: (row) => formatDateTime(row.createdAt, lang),
          },
          {
            key: 'status',
            label: m.admin_status({}, t),
            render: (row) => <StatusBadge statusId={row.statusId} name={row.statusName} />,
          },
          {
            key: 'options',
            label: m.admin_options({}, t),
            render: (row) => (
              <button type="button" className={buttonClass.small} onClick={() => setOpen(row)}>
                {m.admin_review_open({}, t)}
              </button>
            ),
          },
        ]}
      />
      <Dialog
        open={open !== null}
        wide
        title={open ? m.admin_payments_bill_of({ id: open.id }, t) : ''}
        onClose={() => setOpen(null)}
      >
        {open && (
          <div className="grid gap-5 md:grid-cols-2">
            <img
              src={open.payingBilImage}
              alt={m.admin_payments_bill_of({ id: open.id }, t)}
              className="max-h-[60dvh] w-full rounded-xl border border-line object-contain"
            />
            <div className="space-y-4">
              <dl className="space-y-2">
                <div>
                  <dt className="text-sm text-muted">{m.admin_orders_payer({}, t)}</dt>
                  <dd className="font-semibold">
                    {open.paidname} <span dir="ltr">{open.paidEmail}</span>
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted">{m.admin_payments_amount({}, t)}</dt>
                  <dd className="font-semibold">
                    {open.amount.toLocaleString('en-US')} {SIGNS[open.currency] ?? ''} ·{' '}
                    {open.paymentMethodName}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted">{m.admin_payments_for({}, t)}</dt>
                  <dd>{forWhat(open)}</dd>
                </div>
                {open.description && (
                  <div>
                    <dt className="text-sm text-muted">{m.admin_orders_message({}, t)}</dt>
                    <dd>{open.description}</dd>
                  </div>
                )}
              </dl>
              <StatusDecision
                lang={lang}
                statuses={statuses.filter((status) => status.id !== PaymentStatus.pending)}
                current={0}
                onDecide={(status, reply) => decide(open, status, reply)}
              />
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
