import { formatDateTime } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { ServerTable } from '../kit/ServerTable.tsx';

interface Entry {
  id: number;
  actorName: string;
  action: string;
  entity: string;
  entityId: number | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

const json = (value: unknown) => (value === null ? '—' : JSON.stringify(value, null, 2));

/** The audit log: every admin write, newest first, with the record before and after. */
export default function AuditScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  return (
    <ServerTable<Entry>
      lang={lang}
      caption={m.admin_audit_title({}, t)}
      searchPlaceholder={m.admin_audit_search({}, t)}
      initialSort={{ sort: 'createdAt', order: 'desc' }}
      load={(query, signal) =>
        adminCall<ListPage<Entry>>(lang, 'GET', 'Audit/GetAuditLog', { query, signal })
      }
      rowKey={(row) => row.id}
      columns={[
        {
          key: 'createdAt',
          label: m.admin_date({}, t),
          sort: 'createdAt',
          render: (row) => formatDateTime(row.createdAt, lang),
        },
        { key: 'actor', label: m.admin_audit_actor({}, t), render: (row) => row.actorName },
        {
          key: 'action',
          label: m.admin_audit_action({}, t),
          render: (row) => <code dir="ltr">{row.action}</code>,
        },
        {
          key: 'record',
          label: m.admin_audit_record({}, t),
          render: (row) => (
            <span dir="ltr">
              {row.entity}
              {row.entityId ? ` #${row.entityId}` : ''}
            </span>
          ),
        },
        {
          key: 'change',
          label: m.admin_audit_change({}, t),
          render: (row) => (
            <details>
              <summary className="cursor-pointer text-brand-800">
                {m.admin_audit_details({}, t)}
              </summary>
              <div dir="ltr" className="mt-2 grid gap-2 text-xs lg:grid-cols-2">
                <pre className="max-h-60 overflow-auto rounded bg-canvas p-2">
                  {m.admin_audit_before({}, t)}: {json(row.before)}
                </pre>
                <pre className="max-h-60 overflow-auto rounded bg-canvas p-2">
                  {m.admin_audit_after({}, t)}: {json(row.after)}
                </pre>
              </div>
            </details>
          ),
        },
      ]}
    />
  );
}
