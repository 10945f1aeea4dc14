import { imageAt } from '../../../domain/images.ts';
import type { MouseEvent } from 'react';
import type { MyVehicle } from '../../../server/routes/vehicle/schemas.ts';
import { formatPriceOneDecimal } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { hasPublicPage, ownerCanCloseListing, statusTone } from '../../lib/my-vehicles.ts';
import { m } from '../../paraglide/messages.js';
import { TableIcon } from './icons.tsx';
import { nameOf, statusLabel } from './labels.ts';

export interface RowActions {
  onPhotos: () => void;
  onPanorama: () => void;
  onEdit360: () => void;
  onDelete: () => void;
  onSold: () => void;
  onWithdraw: () => void;
  onFeature: () => void;
}

interface Props extends RowActions {
  lang: Lang;
  vehicle: MyVehicle;
  number: number;
}

/** The column names, in order (spec §2 My vehicles). */
export function columnLabels(lang: Lang): string[] {
  const t = { locale: lang };
  return [
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
  ];
}

const chipTones = {
  accepted: 'bg-status-accepted-bg text-status-accepted ring-status-accepted/25',
  pending: 'bg-status-pending-bg text-status-pending ring-status-pending/25',
  other: 'bg-status-other-bg text-status-other ring-status-other/25',
} as const;

const kilometres = new Intl.NumberFormat('en-US');

/*
 * From 1280 px a row is a table row. Below it the row is a card: the picture at the start with
 * brand, model and price beside it, then one labelled line per other column (the label comes
 * from the cell's data-label), so a phone never scrolls sideways.
 */
const cell = 'px-2 py-3 align-middle xl:border-b xl:border-line xl:px-1.5';
const line =
  'max-xl:col-span-2 max-xl:flex max-xl:min-h-10 max-xl:items-center max-xl:justify-between max-xl:gap-3 max-xl:py-1 max-xl:before:text-sm max-xl:before:text-muted max-xl:before:content-[attr(data-label)]';
const beside = 'max-xl:col-start-2 max-xl:px-0 max-xl:py-0.5';
const small =
  'inline-flex min-h-10 items-center gap-1.5 rounded-control px-2 text-sm font-semibold whitespace-nowrap text-brand-700 transition-colors hover:bg-brand-50';

export default function VehicleRow({ lang, vehicle, number, ...actions }: Props) {
  const t = { locale: lang };
  const labels = columnLabels(lang);
  const name = nameOf(vehicle);
  const tone = statusTone(vehicle.statusId);
  const photos = m.my_vehicles_photos_button({ count: String(vehicle.images.length) }, t);

  return (
    <tr
      className="max-xl:grid max-xl:grid-cols-[6.5rem_minmax(0,1fr)] max-xl:gap-x-4 max-xl:rounded-card max-xl:border max-xl:border-line max-xl:bg-surface max-xl:p-4 max-xl:shadow-card sm:max-xl:grid-cols-[9rem_minmax(0,1fr)]"
      data-vehicle-row={vehicle.id}
      data-status-id={vehicle.statusId}
    >
      <td className={`${cell} ${line} max-xl:order-5`} data-label={labels[0]} data-cell="number">
        <bdi className="font-semibold text-muted">{number}</bdi>
      </td>
      <td className={`${cell} ${beside} max-xl:order-2`} data-label={labels[1]} data-cell="brand">
        <span className="font-bold text-ink">{vehicle.brandName}</span>
      </td>
      <td className={`${cell} ${beside} max-xl:order-3`} data-label={labels[2]} data-cell="model">
        {vehicle.modelName} <bdi className="text-muted">{vehicle.year}</bdi>
      </td>
      <td
        className={`${cell} ${line} whitespace-nowrap max-xl:order-6`}
        data-label={labels[3]}
        data-cell="meals"
      >
        <bdi>{m.my_vehicles_km({ meals: kilometres.format(vehicle.meals) }, t)}</bdi>
      </td>
      <td
        className={`${cell} ${beside} whitespace-nowrap max-xl:order-4 max-xl:text-base`}
        data-label={labels[4]}
        data-cell="price"
      >
        <bdi className="font-bold text-brand-700">
          {formatPriceOneDecimal(vehicle.price, vehicle.currency, lang)}
        </bdi>
      </td>
      <td
        className={`${cell} max-xl:order-1 max-xl:col-start-1 max-xl:row-span-3 max-xl:row-start-1 max-xl:self-start max-xl:p-0`}
        data-label={labels[5]}
      >
        {vehicle.image ? (
          <img
            src={imageAt(vehicle.image, 320)}
            alt={m.my_vehicles_image_alt({ name }, t)}
            width={112}
            height={64}
            loading="lazy"
            decoding="async"
            className="aspect-[7/4] w-28 max-w-none rounded-control bg-line object-cover max-xl:w-full xl:w-24"
            data-cell="image"
          />
        ) : (
          <span className="grid aspect-[7/4] w-28 place-items-center rounded-control bg-line text-muted max-xl:w-full xl:w-24">
            <TableIcon name="car" className="size-6" />
          </span>
        )}
      </td>
      <td className={`${cell} ${line} max-xl:order-7 xl:min-w-28`} data-label={labels[6]}>
        <div className="flex flex-col items-end gap-1 xl:items-start">
          <span
            className={`inline-flex items-center rounded-full px-3 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${chipTones[tone]}`}
            data-status-chip={tone}
          >
            {statusLabel(vehicle.statusId, vehicle.statusName, t)}
          </span>
          {vehicle.messageReplay && (
            <p
              className="max-w-60 rounded-control bg-canvas px-2 py-1 text-xs text-ink-soft xl:max-w-28"
              data-reply
            >
              <span className="font-semibold">{m.my_vehicles_reply({}, t)}</span>{' '}
              <span dir="auto">{vehicle.messageReplay}</span>
            </p>
          )}
        </div>
      </td>
      <td className={`${cell} ${line} max-xl:order-8`} data-label={labels[7]}>
        {vehicle.images.length > 0 ? (
          <button
            type="button"
            onClick={actions.onPhotos}
            className={small}
            title={photos}
            data-open-photos
          >
            <TableIcon name="photos" />
            <span className="xl:sr-only">{photos}</span>
            <bdi className="max-xl:hidden" aria-hidden="true">
              {vehicle.images.length}
            </bdi>
          </button>
        ) : (
          <span className="text-muted">{m.my_vehicles_photos_none({}, t)}</span>
        )}
      </td>
      <td className={`${cell} ${line} max-xl:order-9`} data-label={labels[8]}>
        {vehicle.image360 ? (
          <button
            type="button"
            onClick={actions.onPanorama}
            className={small}
            title={m.my_vehicles_360_button({}, t)}
            data-open-360
          >
            <TableIcon name="panorama" />
            <span className="xl:sr-only">{m.my_vehicles_360_button({}, t)}</span>
            <span className="max-xl:hidden" aria-hidden="true">
              360°
            </span>
          </button>
        ) : (
          <span className="whitespace-nowrap text-muted" data-no-360>
            {m.my_vehicles_360_none({}, t)}
          </span>
        )}
      </td>
      <td className={`${cell} ${line} max-xl:order-10`} data-label={labels[9]} data-cell="visits">
        <bdi className="font-semibold">{vehicle.totalVisits}</bdi>
      </td>
      <td
        className={`${cell} max-xl:order-11 max-xl:col-span-2 max-xl:mt-2 max-xl:flex max-xl:justify-end max-xl:border-t max-xl:border-line max-xl:px-0 max-xl:pt-3 max-xl:pb-0`}
        data-label={labels[10]}
      >
        <Options lang={lang} vehicle={vehicle} name={name} {...actions} />
      </td>
    </tr>
  );
}

const item =
  'flex min-h-touch w-full items-center gap-2.5 rounded-control px-3 text-start text-sm font-semibold text-ink-soft transition-colors hover:bg-canvas hover:text-ink';

/**
 * The options of a row in a menu that opens under its button (a <details>: the head boot script
 * closes it on a click outside or on Escape). Picking an option closes it.
 */
function Options({
  lang,
  vehicle,
  name,
  onEdit360,
  onDelete,
  onSold,
  onWithdraw,
  onFeature,
}: RowActions & { lang: Lang; vehicle: MyVehicle; name: string }) {
  const t = { locale: lang };
  const publicHref = hasPublicPage(vehicle.statusId)
    ? localizePath(`/vehicle/${vehicle.slug}`, lang)
    : null;
  const pick = (action: () => void) => (event: MouseEvent<HTMLElement>) => {
    event.currentTarget.closest('details')?.removeAttribute('open');
    action();
  };

  return (
    <details className="group/options relative" data-dismissible data-options>
      <summary className="inline-flex min-h-10 cursor-pointer items-center gap-1.5 rounded-full border border-line-strong px-3 text-sm font-semibold whitespace-nowrap text-ink-soft transition-colors group-open/options:border-brand-700 group-open/options:text-brand-800 hover:border-brand-600 hover:text-brand-800">
        {m.my_vehicles_col_options({}, t)}
        <span className="sr-only">: {name}</span>
        <TableIcon
          name="chevronDown"
          className="size-4 transition-transform group-open/options:rotate-180"
        />
      </summary>
      <ul className="absolute end-0 top-full z-20 mt-1 flex w-56 flex-col rounded-control border border-line bg-surface p-1 shadow-pop max-xl:bottom-full max-xl:top-auto max-xl:mb-1">
        {publicHref && (
          <li>
            <a href={publicHref} className={item} data-public-page>
              <TableIcon name="external" />
              {m.my_vehicles_public_page({}, t)}
            </a>
          </li>
        )}
        <li>
          <a
            href={`${localizePath('/profile/update_vehicle', lang)}?id=${vehicle.id}`}
            className={item}
            data-edit
          >
            <TableIcon name="pencil" />
            {m.my_vehicles_edit({}, t)}
          </a>
        </li>
        <li>
          <button type="button" onClick={pick(onEdit360)} className={item} data-edit-360>
            <TableIcon name="panorama" />
            {m.my_vehicles_edit_360({}, t)}
          </button>
        </li>
        {ownerCanCloseListing(vehicle.statusId) && (
          <>
            <li>
              <button type="button" onClick={pick(onFeature)} className={item} data-feature>
                <TableIcon name="star" />
                {m.my_vehicles_feature({}, t)}
              </button>
            </li>
            <li>
              <button type="button" onClick={pick(onSold)} className={item} data-mark-sold>
                <TableIcon name="tag" />
                {m.my_vehicles_mark_sold({}, t)}
              </button>
            </li>
            <li>
              <button type="button" onClick={pick(onWithdraw)} className={item} data-withdraw>
                <TableIcon name="archive" />
                {m.my_vehicles_withdraw({}, t)}
              </button>
            </li>
          </>
        )}
        <li>
          <button
            type="button"
            onClick={pick(onDelete)}
            className={`${item} text-danger hover:bg-status-other-bg hover:text-danger`}
            data-delete
          >
            <TableIcon name="trash" />
            {m.my_vehicles_delete({}, t)}
          </button>
        </li>
      </ul>
    </details>
  );
}
