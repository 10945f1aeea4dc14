import { Status } from '../../../domain/codes.ts';
import { imageAt } from '../../../domain/images.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MyVehicle } from '../../../server/routes/vehicle/schemas.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatPriceOneDecimal } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import {
  closeListing,
  deleteSelectionError,
  deleteVehicle,
  hasPublicPage,
  loadMyVehicles,
  ownerCanCloseListing,
  searchWithStatus,
  STATUS_FILTERS,
  statusFromSearch,
  statusSlug,
  statusTone,
  type StatusSlug,
} from '../../lib/my-vehicles.ts';
import { confirmDialog, toastSuccess, toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import Edit360Dialog from './Edit360Dialog.tsx';
import { TableIcon } from './icons.tsx';
import PanoramaDialog from './PanoramaDialog.tsx';
import PhotoLightbox from './PhotoLightbox.tsx';

type Locale = { locale: Lang };

const statusLabels: Record<StatusSlug, (inputs: Record<string, never>, t: Locale) => string> = {
  all: m.my_vehicles_status_all,
  pending: m.my_vehicles_status_pending,
  accepted: m.my_vehicles_status_accepted,
  rejected: m.my_vehicles_status_rejected,
  withdrawn: m.my_vehicles_status_withdrawn,
  sold: m.my_vehicles_status_sold,
};

/** The seller's own word for a status; the server's name for an id outside the known set. */
function statusLabel(statusId: number, fallback: string, t: Locale): string {
  const slug = statusSlug(statusId);
  return slug && slug !== 'all' ? statusLabels[slug]({}, t) : fallback;
}

const chipTones = {
  accepted: 'bg-status-accepted-bg text-status-accepted ring-status-accepted/25',
  pending: 'bg-status-pending-bg text-status-pending ring-status-pending/25',
  other: 'bg-status-other-bg text-status-other ring-status-other/25',
} as const;

const nameOf = (vehicle: MyVehicle) =>
  `${vehicle.brandName} ${vehicle.modelName} ${vehicle.year}`.trim();

const kilometres = new Intl.NumberFormat('en-US');

type Open =
  | { kind: 'photos'; vehicle: MyVehicle }
  | { kind: 'panorama'; vehicle: MyVehicle }
  | { kind: 'edit360'; vehicle: MyVehicle }
  | null;

/**
 * My vehicles (seller spec §2, §3 my-vehicle row, §5, §8): the seller's vehicles in a table with
 * a status filter kept in the URL (`?status=`), photo and 360 previews, and per vehicle: edit,
 * edit 360, delete, and for an accepted one mark sold or withdraw. Below 1280 px the rows are
 * cards (each cell carries its column's name), so a phone needs no sideways scrolling.
 */
export default function MyVehicles({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const [statusId, setStatusId] = useState(0);
  const [vehicles, setVehicles] = useState<MyVehicle[] | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (status: number) => {
      const call = ++latest.current;
      try {
        const rows = await withLoading(() => loadMyVehicles(status, lang));
        // A slower answer for an earlier filter must not replace the current one.
        if (call === latest.current) setVehicles(rows);
      } catch (error) {
        if (call === latest.current) setVehicles((current) => current ?? []);
        void toastWarning(errorMessage(error, lang));
      }
    },
    [lang],
  );

  useEffect(() => {
    const fromUrl = () => {
      const status = statusFromSearch(window.location.search);
      setStatusId(status);
      void load(status);
    };
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, [load]);

  const choose = (status: number) => {
    if (status === statusId) return;
    const { pathname, search, hash } = window.location;
    window.history.pushState(null, '', `${pathname}${searchWithStatus(search, status)}${hash}`);
    setStatusId(status);
    void load(status);
  };

  const remove = async (vehicle: MyVehicle) => {
    // Spec §5 "Delete vehicle": a vehicle must be selected.
    if (deleteSelectionError(vehicle.id)) {
      return void toastWarning(m.my_vehicles_item_select_error({}, t));
    }
    const confirmed = await confirmDialog({
      title: m.my_vehicles_delete_confirm({}, t),
      text: nameOf(vehicle),
      confirmText: m.my_vehicles_delete({}, t),
      danger: true,
      lang,
    });
    if (!confirmed) return;
    try {
      await withLoading(() => deleteVehicle(vehicle.id, lang));
      setVehicles((rows) => rows?.filter((row) => row.id !== vehicle.id) ?? rows);
      void toastSuccess(m.my_vehicles_delete_success({}, t));
    } catch (error) {
      void toastWarning(errorMessage(error, lang));
    }
  };

  const closeWith = async (
    vehicle: MyVehicle,
    next: typeof Status.saled | typeof Status.canceled,
  ) => {
    const sold = next === Status.saled;
    const confirmed = await confirmDialog({
      title: sold ? m.my_vehicles_sold_confirm({}, t) : m.my_vehicles_withdraw_confirm({}, t),
      text: nameOf(vehicle),
      confirmText: sold ? m.my_vehicles_mark_sold({}, t) : m.my_vehicles_withdraw({}, t),
      danger: !sold,
      lang,
    });
    if (!confirmed) return;
    try {
      const answer = await withLoading(() => closeListing(vehicle.id, next, lang));
      void toastSuccess(
        sold ? m.my_vehicles_sold_success({}, t) : m.my_vehicles_withdraw_success({}, t),
      );
      // Under a filter the vehicle leaves the list once its status no longer matches.
      setVehicles(
        (rows) =>
          rows
            ?.map((row) =>
              row.id === vehicle.id
                ? { ...row, statusId: answer.statusId, statusName: answer.statusName }
                : row,
            )
            .filter((row) => statusId === 0 || row.statusId === statusId) ?? rows,
      );
    } catch (error) {
      void toastWarning(errorMessage(error, lang));
    }
  };

  const saved360 = (id: number, image360: string) => {
    setVehicles((rows) => rows?.map((row) => (row.id === id ? { ...row, image360 } : row)) ?? rows);
    setOpen(null);
  };

  const addHref = localizePath('/profile/add_vehicle', lang);

  return (
    <div className="flex flex-col gap-5" data-my-vehicles>
      <div className="flex flex-col gap-4 rounded-card border border-line bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-5">
        <div role="group" aria-labelledby="my-vehicles-filter-label" className="min-w-0">
          <p id="my-vehicles-filter-label" className="mb-2 text-sm font-semibold text-ink-soft">
            {m.my_vehicles_filter_label({}, t)}
          </p>
          <div className="flex flex-wrap gap-2" data-status-filter>
            {STATUS_FILTERS.map((filter) => (
              <button
                key={filter.id}
                type="button"
                aria-pressed={filter.id === statusId}
                onClick={() => choose(filter.id)}
                data-status={filter.slug}
                className="inline-flex min-h-10 items-center rounded-full border border-line-strong px-4 text-sm font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
              >
                {statusLabels[filter.slug]({}, t)}
              </button>
            ))}
          </div>
        </div>
        <a
          href={addHref}
          className="inline-flex min-h-touch shrink-0 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 font-bold text-white shadow-sm transition-colors hover:bg-brand-800"
          data-add-vehicle
        >
          <TableIcon name="plus" className="size-5" />
          {m.my_vehicles_add({}, t)}
        </a>
      </div>

      {vehicles === null ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <div key={key} className="h-24 animate-pulse rounded-card bg-line/60" />
          ))}
        </div>
      ) : vehicles.length === 0 ? (
        <Empty lang={lang} statusId={statusId} addHref={addHref} onShowAll={() => choose(0)} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {m.my_vehicles_count({ count: String(vehicles.length) }, t)}
          </p>
          <table className="w-full text-sm max-xl:block" data-my-vehicles-table>
            <caption className="sr-only">{m.my_vehicles_table_caption({}, t)}</caption>
            <thead className="max-xl:hidden">
              <tr className="text-start text-xs font-semibold text-muted">
                {[
                  m.my_vehicles_col_number({}, t),
                  m.my_vehicles_col_brand({}, t),
                  m.my_vehicles_col_model({}, t),
                  m.my_vehicles_col_meals({}, t),
                  m.my_vehicles_col_price({}, t),
                  m.my_vehicles_col_image({}, t),
                  m.my_vehicles_col_status({}, t),
                  m.my_vehicles_col_preview({}, t),
                  m.my_vehicles_col_360({}, t),
                  m.my_vehicles_col_visits({}, t),
                  m.my_vehicles_col_options({}, t),
                ].map((label) => (
                  <th key={label} scope="col" className="border-b border-line px-2 py-2 text-start">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-xl:grid max-xl:gap-4">
              {vehicles.map((vehicle, index) => (
                <Row
                  key={vehicle.id}
                  lang={lang}
                  vehicle={vehicle}
                  number={index + 1}
                  onPhotos={() => setOpen({ kind: 'photos', vehicle })}
                  onPanorama={() => setOpen({ kind: 'panorama', vehicle })}
                  onEdit360={() => setOpen({ kind: 'edit360', vehicle })}
                  onDelete={() => void remove(vehicle)}
                  onSold={() => void closeWith(vehicle, Status.saled)}
                  onWithdraw={() => void closeWith(vehicle, Status.canceled)}
                />
              ))}
            </tbody>
          </table>
        </>
      )}

      {open?.kind === 'photos' && (
        <PhotoLightbox
          lang={lang}
          name={nameOf(open.vehicle)}
          photos={open.vehicle.images}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'panorama' && (
        <PanoramaDialog
          lang={lang}
          name={nameOf(open.vehicle)}
          panorama={open.vehicle.image360}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'edit360' && (
        <Edit360Dialog
          lang={lang}
          vehicle={{
            id: open.vehicle.id,
            name: nameOf(open.vehicle),
            image360: open.vehicle.image360,
          }}
          onClose={() => setOpen(null)}
          onSaved={(image360) => saved360(open.vehicle.id, image360)}
        />
      )}
    </div>
  );
}

function Empty({
  lang,
  statusId,
  addHref,
  onShowAll,
}: {
  lang: Lang;
  statusId: number;
  addHref: string;
  onShowAll: () => void;
}) {
  const t = { locale: lang };
  const filtered = statusId !== 0;
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line-strong bg-surface px-6 py-12 text-center"
      data-my-vehicles-empty={filtered ? 'filter' : 'none'}
    >
      <span className="grid size-16 place-items-center rounded-full bg-brand-50 text-brand-700">
        <TableIcon name="car" className="size-8" />
      </span>
      <p className="text-lg font-semibold text-ink-soft">
        {filtered
          ? m.my_vehicles_empty_filter({ status: statusLabel(statusId, '', t) }, t)
          : m.my_vehicles_empty({}, t)}
      </p>
      {!filtered && <p className="max-w-md text-muted">{m.my_vehicles_empty_hint({}, t)}</p>}
      {filtered ? (
        <button
          type="button"
          onClick={onShowAll}
          className="inline-flex min-h-12 items-center rounded-full border border-line-strong px-6 font-semibold text-ink-soft hover:border-brand-600 hover:text-brand-800"
        >
          {m.my_vehicles_show_all({}, t)}
        </button>
      ) : (
        <a
          href={addHref}
          className="inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
        >
          <TableIcon name="plus" className="size-5" />
          {m.my_vehicles_add({}, t)}
        </a>
      )}
    </div>
  );
}

interface RowProps {
  lang: Lang;
  vehicle: MyVehicle;
  number: number;
  onPhotos: () => void;
  onPanorama: () => void;
  onEdit360: () => void;
  onDelete: () => void;
  onSold: () => void;
  onWithdraw: () => void;
}

/** Cell styles: a table cell from 1280 px, a labelled line of a card below. */
const cell =
  'px-2 py-3 align-middle xl:border-b xl:border-line max-xl:flex max-xl:items-center max-xl:justify-between max-xl:gap-3 max-xl:py-2 max-xl:before:text-xs max-xl:before:font-semibold max-xl:before:text-muted max-xl:before:content-[attr(data-label)]';
const wide = 'sm:max-xl:col-span-2';
const action =
  'inline-flex min-h-10 items-center gap-1.5 rounded-control px-2.5 text-start text-sm font-semibold transition-colors';

function Row({
  lang,
  vehicle,
  number,
  onPhotos,
  onPanorama,
  onEdit360,
  onDelete,
  onSold,
  onWithdraw,
}: RowProps) {
  const t = { locale: lang };
  const name = nameOf(vehicle);
  const tone = statusTone(vehicle.statusId);
  const label = statusLabel(vehicle.statusId, vehicle.statusName, t);
  const publicHref = hasPublicPage(vehicle.statusId)
    ? localizePath(`/vehicle/${vehicle.slug}`, lang)
    : null;

  return (
    <tr
      className="max-xl:grid max-xl:grid-cols-1 max-xl:gap-x-6 sm:max-xl:grid-cols-2 max-xl:rounded-card max-xl:border max-xl:border-line max-xl:bg-surface max-xl:p-4 max-xl:shadow-card"
      data-vehicle-row={vehicle.id}
      data-status-id={vehicle.statusId}
    >
      <td className={cell} data-label={m.my_vehicles_col_number({}, t)} data-cell="number">
        <bdi className="font-semibold text-muted">{number}</bdi>
      </td>
      <td className={cell} data-label={m.my_vehicles_col_brand({}, t)} data-cell="brand">
        <span className="font-bold text-ink">{vehicle.brandName}</span>
      </td>
      <td className={cell} data-label={m.my_vehicles_col_model({}, t)} data-cell="model">
        <span className="text-ink">
          {vehicle.modelName} <bdi className="text-muted">{vehicle.year}</bdi>
        </span>
      </td>
      <td className={cell} data-label={m.my_vehicles_col_meals({}, t)} data-cell="meals">
        <bdi>{m.my_vehicles_km({ meals: kilometres.format(vehicle.meals) }, t)}</bdi>
      </td>
      <td className={cell} data-label={m.my_vehicles_col_price({}, t)} data-cell="price">
        <bdi className="font-bold whitespace-nowrap text-brand-700">
          {formatPriceOneDecimal(vehicle.price, vehicle.currency, lang)}
        </bdi>
      </td>
      <td
        className={`${cell} ${wide} max-xl:order-first max-xl:mb-2 max-xl:block max-xl:p-0 max-xl:before:content-none`}
        data-label={m.my_vehicles_col_image({}, t)}
      >
        {vehicle.image ? (
          <img
            src={imageAt(vehicle.image, 320)}
            alt={m.my_vehicles_image_alt({ name }, t)}
            width={112}
            height={64}
            loading="lazy"
            decoding="async"
            className="aspect-[7/4] w-28 rounded-control bg-line object-cover max-xl:w-full"
            data-cell="image"
          />
        ) : (
          <span className="grid aspect-[7/4] w-28 place-items-center rounded-control bg-line text-muted max-xl:w-full">
            <TableIcon name="car" className="size-6" />
          </span>
        )}
      </td>
      <td className={`${cell} ${wide}`} data-label={m.my_vehicles_col_status({}, t)}>
        <div className="flex flex-col items-end gap-1 xl:items-start">
          <span
            className={`inline-flex items-center rounded-full px-3 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${chipTones[tone]}`}
            data-status-chip={tone}
          >
            {label}
          </span>
          {vehicle.messageReplay && (
            <p
              className="max-w-56 rounded-control bg-canvas px-2 py-1 text-xs text-ink-soft"
              data-reply
            >
              <span className="font-semibold">{m.my_vehicles_reply({}, t)}</span>{' '}
              <span dir="auto">{vehicle.messageReplay}</span>
            </p>
          )}
        </div>
      </td>
      <td className={cell} data-label={m.my_vehicles_col_preview({}, t)}>
        {vehicle.images.length > 0 ? (
          <button
            type="button"
            onClick={onPhotos}
            className={`${action} text-brand-700 hover:bg-brand-50`}
            data-open-photos
          >
            <TableIcon name="photos" />
            {m.my_vehicles_photos_button({ count: String(vehicle.images.length) }, t)}
          </button>
        ) : (
          <span className="text-muted">{m.my_vehicles_photos_none({}, t)}</span>
        )}
      </td>
      <td className={cell} data-label={m.my_vehicles_col_360({}, t)}>
        {vehicle.image360 ? (
          <button
            type="button"
            onClick={onPanorama}
            className={`${action} text-brand-700 hover:bg-brand-50`}
            data-open-360
          >
            <TableIcon name="panorama" />
            {m.my_vehicles_360_button({}, t)}
          </button>
        ) : (
          <span className="text-muted" data-no-360>
            {m.my_vehicles_360_none({}, t)}
          </span>
        )}
      </td>
      <td className={cell} data-label={m.my_vehicles_col_visits({}, t)} data-cell="visits">
        <bdi className="font-semibold">{vehicle.totalVisits}</bdi>
      </td>
      <td
        className={`${cell} ${wide} max-xl:mt-2 max-xl:block max-xl:border-t max-xl:border-line max-xl:pt-3 max-xl:before:mb-1 max-xl:before:block`}
        data-label={m.my_vehicles_col_options({}, t)}
      >
        <div className="flex flex-wrap gap-1 xl:w-44" data-options>
          {publicHref && (
            <a
              href={publicHref}
              className={`${action} text-brand-700 hover:bg-brand-50`}
              data-public-page
            >
              <TableIcon name="external" />
              {m.my_vehicles_public_page({}, t)}
            </a>
          )}
          <a
            href={`${localizePath('/profile/update_vehicle', lang)}?id=${vehicle.id}`}
            className={`${action} text-ink-soft hover:bg-canvas hover:text-ink`}
            data-edit
          >
            <TableIcon name="pencil" />
            {m.my_vehicles_edit({}, t)}
          </a>
          <button
            type="button"
            onClick={onEdit360}
            className={`${action} text-ink-soft hover:bg-canvas hover:text-ink`}
            data-edit-360
          >
            <TableIcon name="panorama" />
            {m.my_vehicles_edit_360({}, t)}
          </button>
          {ownerCanCloseListing(vehicle.statusId) && (
            <>
              <button
                type="button"
                onClick={onSold}
                className={`${action} text-ink-soft hover:bg-canvas hover:text-ink`}
                data-mark-sold
              >
                <TableIcon name="tag" />
                {m.my_vehicles_mark_sold({}, t)}
              </button>
              <button
                type="button"
                onClick={onWithdraw}
                className={`${action} text-ink-soft hover:bg-canvas hover:text-ink`}
                data-withdraw
              >
                <TableIcon name="archive" />
                {m.my_vehicles_withdraw({}, t)}
              </button>
            </>
          )}
          <button
            type="button"
            onClick={onDelete}
            className={`${action} text-danger hover:bg-status-other-bg`}
            data-delete
          >
            <TableIcon name="trash" />
            {m.my_vehicles_delete({}, t)}
          </button>
        </div>
      </td>
    </tr>
  );
}
