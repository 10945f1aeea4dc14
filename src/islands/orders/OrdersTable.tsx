import { Currency, Status } from '../../../domain/codes.ts';
import { orderEditError } from '../../../domain/orders.ts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm.ts';
import { formatDateTime, formatPrice } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { statusTone } from '../../lib/my-vehicles.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { TableIcon } from '../my-vehicles/icons.tsx';
import { deleteOrder, loadOrders } from './calls.ts';
import EditMessageDialog from './EditMessageDialog.tsx';
import ImageDialog from './ImageDialog.tsx';
import type { AnnouncementOrderRow, OrderKind, StarOrderRow } from './types.ts';

type Row = StarOrderRow | AnnouncementOrderRow;
type Open = { kind: 'image'; title: string; src: string } | { kind: 'edit'; order: Row } | null;

const chipTones = {
  accepted: 'bg-status-accepted-bg text-status-accepted ring-status-accepted/25',
  pending: 'bg-status-pending-bg text-status-pending ring-status-pending/25',
  other: 'bg-status-other-bg text-status-other ring-status-other/25',
} as const;

const isAd = (row: Row): row is AnnouncementOrderRow => 'announcementType' in row;

/** The column names, in order (spec §2: ads orders; star orders without type, with the vehicle). */
function columns(kind: OrderKind, lang: Lang): string[] {
  const t = { locale: lang };
  return [
    m.orders_col_name({}, t),
    ...(kind === 'ad' ? [m.orders_col_type({}, t)] : []),
    m.orders_col_message({}, t),
    m.orders_col_reply({}, t),
    m.orders_col_start({}, t),
    m.orders_col_end({}, t),
    m.orders_col_total({}, t),
    m.orders_col_bill({}, t),
    kind === 'ad' ? m.orders_col_ad_image({}, t) : m.orders_col_vehicle_image({}, t),
    m.orders_col_status({}, t),
    m.orders_col_options({}, t),
  ];
}

/** The status's name in the page's language (the server's name for an unknown id). */
function statusText(row: Row, lang: Lang): string {
  const t = { locale: lang };
  if (row.statusId === Status.pending) return m.orders_status_pending({}, t);
  if (row.statusId === Status.accepted) return m.orders_status_accepted({}, t);
  if (row.statusId === Status.failed) return m.orders_status_rejected({}, t);
  if (row.statusId === Status.canceled) return m.orders_status_canceled({}, t);
  return row.statusName;
}

/** A day without its time: the dates of an order are whole days. */
const day = (value: string | null, lang: Lang) => formatDateTime(value, lang).slice(0, 10);

const cell = 'px-2 py-3 align-middle xl:border-b xl:border-line';
const line =
  'max-xl:flex max-xl:min-h-10 max-xl:items-center max-xl:justify-between max-xl:gap-3 max-xl:py-1 max-xl:before:shrink-0 max-xl:before:text-sm max-xl:before:text-muted max-xl:before:content-[attr(data-label)]';
const item =
  'flex min-h-touch w-full items-center gap-2.5 rounded-control px-3 text-start text-sm font-semibold text-ink-soft transition-colors hover:bg-canvas hover:text-ink';

/**
 * The seller's star or announcement orders (spec §2, §3, §5, §8): a table (cards below 1280 px)
 * with status chips, the bill and the order's image in a lightbox, and while an order is pending
 * its message can be edited and the order deleted.
 */
export default function OrdersTable({ lang, kind }: { lang: Lang; kind: OrderKind }) {
  const t = { locale: lang };
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Open>(null);

  const load = useCallback(async () => {
    try {
      const list = await withLoading<Row[]>(() =>
        kind === 'ad' ? loadOrders('ad', lang) : loadOrders('star', lang),
      );
      setRows(list);
      setFailed(false);
    } catch (error) {
      setFailed(true);
      void toastWarning(errorMessage(error, lang));
    }
  }, [kind, lang]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (order: Row) => {
    // Spec §5: an item must be selected.
    const problem = orderEditError({ id: order.id });
    if (problem) return void toastWarning(validationText(problem, lang));
    const confirmed = await confirmDialog({
      title: m.orders_delete_confirm({}, t),
      text: order.message || undefined,
      confirmText: m.orders_delete({}, t),
      danger: true,
      lang,
    });
    if (!confirmed) return;
    try {
      await withLoading(() => deleteOrder(kind, order.id, lang));
      setRows((list) => list?.filter((row) => row.id !== order.id) ?? list);
      void toastSuccess(m.orders_delete_success({}, t));
    } catch (error) {
      void toastWarning(errorMessage(error, lang));
    }
  };

  const saved = (id: number, message: string) => {
    setRows((list) => list?.map((row) => (row.id === id ? { ...row, message } : row)) ?? list);
    setOpen(null);
  };

  const labels = columns(kind, lang);
  const addHref = localizePath(kind === 'ad' ? '/profile/add_ads' : '/profile/my_vehicles', lang);
  const addText = kind === 'ad' ? m.orders_add_ad({}, t) : m.orders_add_star({}, t);

  return (
    <div className="flex flex-col gap-5" data-orders={kind}>
      <div className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <p className="text-ink-soft">
          {kind === 'ad' ? m.orders_ads_hint({}, t) : m.orders_star_hint({}, t)}
        </p>
        <a
          href={addHref}
          className="inline-flex min-h-touch shrink-0 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 font-bold text-white shadow-sm transition-colors hover:bg-brand-800"
          data-add-order
        >
          <TableIcon name="plus" className="size-5" />
          {addText}
        </a>
      </div>

      {failed ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-card border border-status-other/30 bg-status-other-bg px-6 py-10 text-center"
        >
          <p className="text-lg font-semibold text-status-other">{m.orders_load_failed({}, t)}</p>
          <button
            type="button"
            onClick={() => void load()}
            className="inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
          >
            <TableIcon name="reset" className="size-5" />
            {m.orders_retry({}, t)}
          </button>
        </div>
      ) : rows === null ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1].map((key) => (
            <div key={key} className="h-24 animate-pulse rounded-card bg-line/60" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line-strong bg-surface px-6 py-12 text-center"
          data-orders-empty
        >
          <p className="text-lg font-semibold text-ink-soft">{m.orders_empty({}, t)}</p>
          <a
            href={addHref}
            className="inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
          >
            <TableIcon name="plus" className="size-5" />
            {addText}
          </a>
        </div>
      ) : (
        <div className="xl:rounded-card xl:border xl:border-line xl:bg-surface xl:px-3 xl:pb-1 xl:shadow-card">
          <table className="w-full text-sm max-xl:block" data-orders-table>
            <caption className="sr-only">
              {kind === 'ad' ? m.orders_ads_caption({}, t) : m.orders_star_caption({}, t)}
            </caption>
            <thead className="max-xl:hidden">
              <tr className="text-xs font-semibold text-muted">
                {labels.map((label) => (
                  <th key={label} scope="col" className="border-b border-line px-2 py-2 text-start">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-xl:grid max-xl:gap-4 md:max-xl:grid-cols-2">
              {rows.map((row) => {
                const tone = statusTone(row.statusId);
                const labelAt = (() => {
                  let index = 0;
                  return () => labels[index++];
                })();
                const picture = isAd(row) ? row.image : row.vehicleImage;
                const pictureTitle = isAd(row)
                  ? m.orders_ad_image_title({}, t)
                  : m.orders_vehicle_image_title({}, t);
                return (
                  <tr
                    key={row.id}
                    className="max-xl:flex max-xl:flex-col max-xl:rounded-card max-xl:border max-xl:border-line max-xl:bg-surface max-xl:p-4 max-xl:shadow-card"
                    data-order-row={row.id}
                    data-status-id={row.statusId}
                  >
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <bdi className="font-semibold text-ink">{row.userName}</bdi>
                    </td>
                    {isAd(row) && (
                      <td className={`${cell} ${line}`} data-label={labelAt()}>
                        {row.announcementTypeName}
                      </td>
                    )}
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <p
                        dir="auto"
                        className="max-w-60 break-words whitespace-pre-line text-ink-soft"
                        data-cell="message"
                      >
                        {row.message || '—'}
                      </p>
                    </td>
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <p
                        dir="auto"
                        className="max-w-60 break-words text-ink-soft"
                        data-cell="reply"
                      >
                        {row.messageReplay || '—'}
                      </p>
                    </td>
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <bdi className="whitespace-nowrap">{day(row.startDate, lang) || '—'}</bdi>
                    </td>
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <bdi className="whitespace-nowrap">{day(row.endDate, lang) || '—'}</bdi>
                    </td>
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <bdi className="font-bold whitespace-nowrap text-brand-800" data-cell="total">
                        {formatPrice(row.totalPrice, Currency.NIS, lang)}
                      </bdi>
                    </td>
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <Thumb
                        src={row.billImage}
                        alt={m.orders_bill_title({}, t)}
                        onOpen={() =>
                          setOpen({
                            kind: 'image',
                            title: m.orders_bill_title({}, t),
                            src: row.billImage,
                          })
                        }
                        name="bill"
                      />
                    </td>
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <Thumb
                        src={picture}
                        alt={pictureTitle}
                        onOpen={() => setOpen({ kind: 'image', title: pictureTitle, src: picture })}
                        name="picture"
                      />
                    </td>
                    <td className={`${cell} ${line}`} data-label={labelAt()}>
                      <span
                        className={`inline-flex items-center rounded-full px-3 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${chipTones[tone]}`}
                        data-status-chip={tone}
                      >
                        {statusText(row, lang)}
                      </span>
                    </td>
                    <td
                      className={`${cell} max-xl:mt-2 max-xl:flex max-xl:justify-end max-xl:border-t max-xl:border-line max-xl:px-0 max-xl:pt-3 max-xl:pb-0`}
                      data-label={labelAt()}
                    >
                      {row.statusId === Status.pending ? (
                        <details className="group/options relative" data-dismissible data-options>
                          <summary className="inline-flex min-h-10 cursor-pointer items-center gap-1.5 rounded-full border border-line-strong px-4 text-sm font-semibold whitespace-nowrap text-ink-soft transition-colors group-open/options:border-brand-700 group-open/options:text-brand-800 hover:border-brand-600 hover:text-brand-800">
                            {m.orders_col_options({}, t)}
                            <TableIcon
                              name="chevronDown"
                              className="size-4 transition-transform group-open/options:rotate-180"
                            />
                          </summary>
                          <ul className="absolute end-0 top-full z-20 mt-1 flex w-52 flex-col rounded-control border border-line bg-surface p-1 shadow-pop max-xl:top-auto max-xl:bottom-full max-xl:mb-1">
                            <li>
                              <button
                                type="button"
                                className={item}
                                data-edit-message
                                onClick={(event) => {
                                  event.currentTarget.closest('details')?.removeAttribute('open');
                                  setOpen({ kind: 'edit', order: row });
                                }}
                              >
                                <TableIcon name="pencil" />
                                {m.orders_edit_message({}, t)}
                              </button>
                            </li>
                            <li>
                              <button
                                type="button"
                                className={`${item} text-danger hover:bg-status-other-bg hover:text-danger`}
                                data-delete-order
                                onClick={(event) => {
                                  event.currentTarget.closest('details')?.removeAttribute('open');
                                  void remove(row);
                                }}
                              >
                                <TableIcon name="trash" />
                                {m.orders_delete({}, t)}
                              </button>
                            </li>
                          </ul>
                        </details>
                      ) : (
                        <span className="text-xs text-muted">{m.orders_locked({}, t)}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {open?.kind === 'image' && (
        <ImageDialog lang={lang} title={open.title} src={open.src} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'edit' && (
        <EditMessageDialog
          lang={lang}
          kind={kind}
          order={open.order}
          onClose={() => setOpen(null)}
          onSaved={(message) => saved(open.order.id, message)}
        />
      )}
    </div>
  );
}

function Thumb({
  src,
  alt,
  onOpen,
  name,
}: {
  src: string;
  alt: string;
  onOpen: () => void;
  name: string;
}) {
  if (!src) return <span className="text-muted">—</span>;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="overflow-hidden rounded-control ring-1 ring-line transition hover:ring-brand-600"
      data-open-image={name}
    >
      <img
        src={src}
        alt={alt}
        width={80}
        height={48}
        loading="lazy"
        decoding="async"
        className="h-12 w-20 bg-line object-cover"
      />
    </button>
  );
}
