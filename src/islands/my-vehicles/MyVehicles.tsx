import { Status } from '../../../domain/codes.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MyVehicle } from '../../../server/routes/vehicle/schemas.ts';
import { errorMessage } from '../../lib/api.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import {
  closeListing,
  deleteSelectionError,
  deleteVehicle,
  loadMyVehicles,
  searchWithStatus,
  STATUS_FILTERS,
  statusFromSearch,
} from '../../lib/my-vehicles.ts';
import { confirmDialog } from '../../lib/confirm.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import Edit360Dialog from './Edit360Dialog.tsx';
import FeatureDialog from './FeatureDialog.tsx';
import { TableIcon } from './icons.tsx';
import { nameOf, statusLabel, statusLabels } from './labels.ts';
import PanoramaDialog from './PanoramaDialog.tsx';
import PhotoLightbox from './PhotoLightbox.tsx';
import VehicleRow, { columnLabels } from './VehicleRow.tsx';

type Open =
  | { kind: 'photos'; vehicle: MyVehicle }
  | { kind: 'panorama'; vehicle: MyVehicle }
  | { kind: 'edit360'; vehicle: MyVehicle }
  | { kind: 'feature'; vehicle: MyVehicle }
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
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const load = useCallback(
    async (status: number) => {
      const call = ++latest.current;
      try {
        const rows = await withLoading(() => loadMyVehicles(status, lang));
        // A slower answer for an earlier filter must not replace the current one.
        if (call !== latest.current) return;
        setVehicles(rows);
        setFailed(false);
      } catch (error) {
        // Without an answer, saying "no vehicles" would mislead: the page offers a retry.
        if (call === latest.current) setFailed(true);
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

      {failed ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-card border border-status-other/30 bg-status-other-bg px-6 py-10 text-center"
          data-my-vehicles-failed
        >
          <p className="text-lg font-semibold text-status-other">
            {m.my_vehicles_load_failed({}, t)}
          </p>
          <button
            type="button"
            onClick={() => void load(statusId)}
            className="inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
          >
            <TableIcon name="reset" className="size-5" />
            {m.my_vehicles_retry({}, t)}
          </button>
        </div>
      ) : vehicles === null ? (
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
          <div className="xl:rounded-card xl:border xl:border-line xl:bg-surface xl:px-3 xl:pb-1 xl:shadow-card">
            <table className="w-full text-sm max-xl:block" data-my-vehicles-table>
              <caption className="sr-only">{m.my_vehicles_table_caption({}, t)}</caption>
              <thead className="max-xl:hidden">
                <tr className="text-start text-xs font-semibold text-muted">
                  {columnLabels(lang).map((label) => (
                    <th
                      key={label}
                      scope="col"
                      className="border-b border-line px-2 py-2 text-start"
                    >
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-xl:grid max-xl:gap-4 md:max-xl:grid-cols-2">
                {vehicles.map((vehicle, index) => (
                  <VehicleRow
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
                    onFeature={() => setOpen({ kind: 'feature', vehicle })}
                  />
                ))}
              </tbody>
            </table>
          </div>
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
      {open?.kind === 'feature' && (
        <FeatureDialog
          lang={lang}
          vehicle={{ id: open.vehicle.id, name: nameOf(open.vehicle), image: open.vehicle.image }}
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
