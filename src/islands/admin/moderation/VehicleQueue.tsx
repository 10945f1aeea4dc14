import { useState } from 'react';
import { Status } from '../../../../domain/codes.ts';
import type { AdminVehicle } from '../../../../server/routes/vehicle/schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLang, localizePath } from '../../../lib/i18n.ts';
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

/**
 * The vehicles review queue: pending vehicles first, each opened with its photos, description
 * and owner, accepted or refused with a reply the owner receives live.
 */
export default function VehicleQueue() {
  const lang = currentLang();
  const t = { locale: lang };
  const statuses = useLookup('Category/GetVehicleStatus', lang);
  const [statusId, setStatusId] = useState<number>(Status.pending);
  const { reload, act } = useEditor<AdminVehicle>(lang);
  const [open, setOpen] = useState<AdminVehicle | null>(null);

  const decide = async (vehicle: AdminVehicle, status: number, reply: string) => {
    if (
      await act(() =>
        adminCall(lang, 'PUT', 'Vehicle/UpdateVehicleStatus', {
          body: { vehicleId: vehicle.id, statusId: status, messageReplay: reply },
        }),
      )
    )
      setOpen(null);
  };

  return (
    <>
      <ServerTable<AdminVehicle>
        lang={lang}
        caption={m.admin_vehicles_title({}, t)}
        reload={`${reload}-${statusId}`}
        searchPlaceholder={m.admin_vehicles_search({}, t)}
        initialSort={{ sort: 'createdAt', order: 'desc' }}
        toolbar={
          <SelectField
            id="vehicle-status-filter"
            label={m.admin_status({}, t)}
            value={statusId}
            onValue={setStatusId}
            options={statuses}
            placeholder={m.admin_all_statuses({}, t)}
            className="min-w-48"
          />
        }
        load={(query, signal) =>
          adminCall<ListPage<AdminVehicle>>(lang, 'GET', 'Vehicle/GetAdminVehicles', {
            query: { ...query, statusId },
            signal,
          })
        }
        rowKey={(row) => row.id}
        columns={[
          { key: 'id', label: '#', render: (row) => row.id },
          {
            key: 'image',
            label: m.admin_image({}, t),
            render: (row) => (
              <ImageZoom src={row.image} alt={`${row.brandName} ${row.modelName}`} lang={lang} />
            ),
          },
          {
            key: 'vehicle',
            label: m.admin_vehicles_vehicle({}, t),
            render: (row) => `${row.brandName} ${row.modelName}`,
          },
          { key: 'year', label: m.admin_vehicles_year({}, t), sort: 'year', render: (r) => r.year },
          {
            key: 'price',
            label: m.admin_vehicles_price({}, t),
            sort: 'price',
            render: (row) => `${row.price.toLocaleString('en-US')} ${row.currency}`,
          },
          {
            key: 'owner',
            label: m.admin_vehicles_owner({}, t),
            render: (row) => (
              <span>
                {row.ownerName}
                <br />
                <span dir="ltr" className="text-xs text-muted">
                  {row.ownerMobile}
                </span>
              </span>
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
        title={open ? `${open.brandName} ${open.modelName} ${open.year}` : ''}
        onClose={() => setOpen(null)}
      >
        {open && (
          <div className="space-y-5">
            <div className="flex flex-wrap gap-2">
              {[open.image, ...open.images].map((src, index) => (
                <ImageZoom
                  key={src}
                  src={src}
                  alt={`${open.brandName} ${open.modelName} — ${index + 1}`}
                  lang={lang}
                  className="h-24 w-36"
                />
              ))}
            </div>
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-muted">{m.admin_vehicles_price({}, t)}</dt>
                <dd className="font-semibold">
                  {open.price.toLocaleString('en-US')} {open.currency}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_vehicles_meals({}, t)}</dt>
                <dd className="font-semibold">{open.meals.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_vehicles_owner({}, t)}</dt>
                <dd className="font-semibold">
                  {open.ownerName} ·{' '}
                  <span dir="ltr">
                    {open.ownerMobile} · {open.ownerEmail}
                  </span>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_status({}, t)}</dt>
                <dd>
                  <StatusBadge statusId={open.statusId} name={open.statusName} />
                </dd>
              </div>
            </dl>
            {open.bestThreeCategories.length > 0 && (
              <ul className="flex flex-wrap gap-2">
                {open.bestThreeCategories.map((feature) => (
                  <li key={feature} className="rounded-full bg-brand-50 px-3 py-1 text-sm">
                    {feature}
                  </li>
                ))}
              </ul>
            )}
            {/* Sanitised on the server when the seller saved it. */}
            <div
              className="prose max-w-none rounded-xl border border-line p-4"
              dangerouslySetInnerHTML={{ __html: open.description }}
            />
            {open.statusId === Status.accepted && (
              <a
                href={localizePath(`/vehicle/${open.slug}`, lang)}
                target="_blank"
                rel="noopener"
                className="underline"
              >
                {m.admin_vehicles_public_page({}, t)}
              </a>
            )}
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
