import { useState } from 'react';
import { Status } from '../../../../domain/codes.ts';
import type {
  AnnouncementOrderRow,
  StarOrderRow,
} from '../../../../server/routes/order/schemas.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { buttonClass, SelectField } from '../kit/fields.tsx';
import { ImageZoom } from '../kit/ImageZoom.tsx';
import { useLookup } from '../kit/lookups.ts';
import { ServerTable } from '../kit/ServerTable.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useEditor } from '../kit/use-editor.ts';
import { StatusDecision } from './StatusDecision.tsx';

type Row = (AnnouncementOrderRow | StarOrderRow) & Partial<AnnouncementOrderRow & StarOrderRow>;

const CALLS = {
  ad: {
    list: 'Order/GetUserAnnouncementOrders',
    status: 'Order/UpdateAnnouncementOrderStatus',
  },
  star: { list: 'Order/GetUserStarVehiclesOrders', status: 'Order/UpdateStarVehicleOrderStatus' },
} as const;

/**
 * Announcement or star orders under review: the ad (or the vehicle), the proof of payment and
 * the payer at a glance; accepted (dated from the first free slot) or refused with a reply the
 * seller receives live.
 */
export function OrdersScreen({ kind, title }: { kind: 'ad' | 'star'; title: string }) {
  const lang = currentLang();
  const t = { locale: lang };
  const statuses = useLookup('Category/GetOrderStatus', lang).filter(
    (status) => status.id !== Status.saled,
  );
  const [statusId, setStatusId] = useState<number>(Status.pending);
  const { reload, act } = useEditor<Row>(lang);
  const [open, setOpen] = useState<Row | null>(null);
  const calls = CALLS[kind];

  const decide = async (row: Row, status: number, reply: string) => {
    if (
      await act(() =>
        adminCall(lang, 'PUT', calls.status, {
          body: { orderId: row.id, statusId: status, messageReplay: reply },
        }),
      )
    )
      setOpen(null);
  };

  const money = (row: Row) => `${row.totalPrice.toLocaleString('en-US')} ₪`;
  const day = (value: string) => value.slice(0, 10);

  return (
    <>
      <ServerTable<Row>
        lang={lang}
        caption={title}
        reload={`${reload}-${statusId}`}
        load={async (query, signal) => {
          const answer = await adminCall<{ orders: ListPage<Row> }>(lang, 'GET', calls.list, {
            query: {
              page: query.page,
              pageSize: query.pageSize,
              ownerId: 0,
              statusId,
              ...(query.search ? { search: query.search } : {}),
            },
            signal,
          });
          return answer.orders;
        }}
        toolbar={
          <SelectField
            id="orders-status-filter"
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
          { key: 'user', label: m.admin_orders_advertiser({}, t), render: (row) => row.userName },
          kind === 'ad'
            ? {
                key: 'type',
                label: m.admin_orders_type({}, t),
                render: (row) => row.announcementTypeName,
              }
            : {
                key: 'vehicle',
                label: m.admin_vehicles_vehicle({}, t),
                render: (row) => row.vehicleName,
              },
          {
            key: 'image',
            label: m.admin_image({}, t),
            render: (row) => (
              <ImageZoom
                src={(kind === 'ad' ? row.image : row.vehicleImage) ?? ''}
                alt={m.admin_orders_ad_image({ id: row.id }, t)}
                lang={lang}
              />
            ),
          },
          {
            key: 'bill',
            label: m.admin_orders_bill({}, t),
            render: (row) => (
              <ImageZoom
                src={row.billImage}
                alt={m.admin_orders_bill_of({ id: row.id }, t)}
                lang={lang}
              />
            ),
          },
          { key: 'total', label: m.admin_orders_total({}, t), render: money },
          {
            key: 'dates',
            label: m.admin_orders_dates({}, t),
            render: (row) => (
              <span dir="ltr">
                {day(row.startDate)} → {day(row.endDate)}
              </span>
            ),
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
        title={open ? `${title} #${open.id}` : ''}
        onClose={() => setOpen(null)}
      >
        {open && (
          <div className="space-y-5">
            <div className="grid gap-4 sm:grid-cols-2">
              <figure>
                <figcaption className="mb-1 text-sm text-muted">{m.admin_image({}, t)}</figcaption>
                <img
                  src={(kind === 'ad' ? open.image : open.vehicleImage) ?? ''}
                  alt={m.admin_orders_ad_image({ id: open.id }, t)}
                  className="max-h-72 w-full rounded-xl border border-line object-contain"
                />
              </figure>
              <figure>
                <figcaption className="mb-1 text-sm text-muted">
                  {m.admin_orders_bill({}, t)}
                </figcaption>
                {open.billImage ? (
                  <img
                    src={open.billImage}
                    alt={m.admin_orders_bill_of({ id: open.id }, t)}
                    className="max-h-72 w-full rounded-xl border border-line object-contain"
                  />
                ) : (
                  <p className="text-muted">{m.admin_orders_not_paid({}, t)}</p>
                )}
              </figure>
            </div>
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-muted">{m.admin_orders_payer({}, t)}</dt>
                <dd className="font-semibold">
                  {open.payerName || '—'}{' '}
                  <span dir="ltr" className="font-normal">
                    {open.payerEmail}
                  </span>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_orders_method({}, t)}</dt>
                <dd className="font-semibold">{open.paymentMethodName || '—'}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_orders_total({}, t)}</dt>
                <dd className="font-semibold">
                  {money(open)} ({open.durationDay} × {open.dailyPrice})
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_orders_message({}, t)}</dt>
                <dd>{open.message || '—'}</dd>
              </div>
            </dl>
            <StatusDecision
              lang={lang}
              statuses={statuses}
              current={open.statusId}
              replyRequiredFor={[Status.failed]}
              onDecide={(status, reply) => decide(open, status, reply)}
            />
          </div>
        )}
      </Dialog>
    </>
  );
}
