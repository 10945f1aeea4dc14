import { useState } from 'react';
import { ReportStatus, Status } from '../../../../domain/codes.ts';
import { REPORT_REPLY_MAX } from '../../../../domain/listing-report.ts';
import type { VehicleReportRow } from '../../../../server/routes/vehicle/schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLang, localizePath } from '../../../lib/i18n.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { buttonClass, SelectField, TextAreaField } from '../kit/fields.tsx';
import { ServerTable } from '../kit/ServerTable.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useEditor } from '../kit/use-editor.ts';

/**
 * Listing reports: what visitors reported, open ones first; each opened with the reason and the
 * note, then the vehicle hidden (refused, with a reply its owner receives) or the report
 * dismissed.
 */
export default function ReportsScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const statuses = [
    { id: ReportStatus.open, name: m.admin_reports_open({}, t) },
    { id: ReportStatus.vehicleHidden, name: m.admin_reports_hidden({}, t) },
    { id: ReportStatus.dismissed, name: m.admin_reports_dismissed({}, t) },
  ];
  const [statusId, setStatusId] = useState<number>(ReportStatus.open);
  const { reload, act } = useEditor<VehicleReportRow>(lang);
  const [open, setOpen] = useState<VehicleReportRow | null>(null);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);

  const show = (row: VehicleReportRow) => {
    setReply('');
    setOpen(row);
  };
  const decide = async (report: VehicleReportRow, status: number) => {
    const text = reply.trim();
    if (status === ReportStatus.vehicleHidden && !text) {
      return void toastWarning(m.admin_reports_reply_required({}, t));
    }
    setBusy(true);
    try {
      const done = await act(() =>
        adminCall(lang, 'PUT', 'Vehicle/UpdateVehicleReportStatus', {
          body: { reportId: report.id, statusId: status, messageReplay: text },
        }),
      );
      if (done) setOpen(null);
    } finally {
      setBusy(false);
    }
  };
  const onDisplay = (row: VehicleReportRow) =>
    !row.vehicleDeleted && row.vehicleStatusId === Status.accepted;

  return (
    <>
      <ServerTable<VehicleReportRow>
        lang={lang}
        caption={m.admin_reports_title({}, t)}
        reload={`${reload}-${statusId}`}
        searchPlaceholder={m.admin_reports_search({}, t)}
        initialSort={{ sort: 'createdAt', order: 'desc' }}
        toolbar={
          <SelectField
            id="reports-status-filter"
            label={m.admin_status({}, t)}
            value={statusId}
            onValue={setStatusId}
            options={statuses}
            placeholder={m.admin_all_statuses({}, t)}
            className="min-w-48"
          />
        }
        load={(query, signal) =>
          adminCall<ListPage<VehicleReportRow>>(lang, 'GET', 'Vehicle/GetVehicleReports', {
            query: { ...query, statusId },
            signal,
          })
        }
        rowKey={(row) => row.id}
        columns={[
          { key: 'id', label: '#', render: (row) => row.id },
          {
            key: 'vehicle',
            label: m.admin_reports_vehicle({}, t),
            render: (row) => (
              <span>
                {row.vehicleTitle}
                <br />
                <span className="text-xs text-muted">{row.ownerName}</span>
              </span>
            ),
          },
          { key: 'reason', label: m.admin_reports_reason({}, t), render: (row) => row.reasonName },
          {
            key: 'reporter',
            label: m.admin_reports_reporter({}, t),
            render: (row) => row.reporterName || m.admin_reports_visitor({}, t),
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
              <button type="button" className={buttonClass.small} onClick={() => show(row)}>
                {m.admin_review_open({}, t)}
              </button>
            ),
          },
        ]}
      />
      <Dialog
        open={open !== null}
        title={open ? m.admin_reports_of({ id: open.id }, t) : ''}
        onClose={() => setOpen(null)}
      >
        {open && (
          <div className="space-y-5" data-report={open.id}>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <dt className="text-sm text-muted">{m.admin_reports_vehicle({}, t)}</dt>
                <dd className="font-semibold">
                  {onDisplay(open) ? (
                    <a
                      href={localizePath(`/vehicle/${open.vehicleSlug}`, lang)}
                      target="_blank"
                      rel="noopener"
                      className="underline"
                    >
                      {open.vehicleTitle}
                    </a>
                  ) : (
                    <>
                      {open.vehicleTitle}{' '}
                      <span className="text-sm font-normal text-muted">
                        (
                        {open.vehicleDeleted
                          ? m.admin_reports_vehicle_gone({}, t)
                          : m.admin_reports_vehicle_off({}, t)}
                        )
                      </span>
                    </>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_vehicles_owner({}, t)}</dt>
                <dd className="font-semibold">{open.ownerName}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_reports_reporter({}, t)}</dt>
                <dd className="font-semibold">
                  {open.reporterName || m.admin_reports_visitor({}, t)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_reports_reason({}, t)}</dt>
                <dd className="font-semibold">{open.reasonName}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{m.admin_date({}, t)}</dt>
                <dd>{formatDateTime(open.createdAt, lang)}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-sm text-muted">{m.admin_reports_note({}, t)}</dt>
                <dd className="whitespace-pre-line" dir="auto">
                  {open.text || m.admin_reports_no_note({}, t)}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-sm text-muted">{m.admin_status({}, t)}</dt>
                <dd className="space-y-1">
                  <StatusBadge statusId={open.statusId} name={open.statusName} />
                  {open.reviewedAt && (
                    <p className="text-sm text-muted">
                      {m.admin_reports_reviewed(
                        {
                          name: open.reviewerName || '—',
                          date: formatDateTime(open.reviewedAt, lang),
                        },
                        t,
                      )}
                    </p>
                  )}
                  {open.messageReplay && (
                    <p className="whitespace-pre-line" dir="auto">
                      {open.messageReplay}
                    </p>
                  )}
                </dd>
              </div>
            </dl>
            {open.statusId === ReportStatus.open && (
              <form className="space-y-3" onSubmit={(event) => event.preventDefault()}>
                <TextAreaField
                  id="report-reply"
                  label={m.admin_reports_reply({}, t)}
                  hint={m.admin_reports_reply_hint({}, t)}
                  value={reply}
                  onValue={setReply}
                  maxLength={REPORT_REPLY_MAX}
                  rows={3}
                />
                <div className="flex flex-wrap gap-3">
                  {!open.vehicleDeleted && (
                    <button
                      type="button"
                      disabled={busy}
                      className={buttonClass.primary}
                      onClick={() => decide(open, ReportStatus.vehicleHidden)}
                    >
                      {m.admin_reports_hide({}, t)}
                    </button>
                  )}
                  <button
                    type="button"
                    disabled={busy}
                    className={buttonClass.secondary}
                    onClick={() => decide(open, ReportStatus.dismissed)}
                  >
                    {m.admin_reports_dismiss({}, t)}
                  </button>
                </div>
              </form>
            )}
          </div>
        )}
      </Dialog>
    </>
  );
}
