import { useState } from 'react';
import { UserStatus, UserType } from '../../../../domain/codes.ts';
import type { AdminUser } from '../../../../server/routes/user/schemas.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { currentLang, localizePath } from '../../../lib/i18n.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { useCities, useStates } from '../../forms/use-places.ts';
import { adminCall, type ListPage } from '../kit/api.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { useEditor } from '../kit/use-editor.ts';
import { buttonClass, SelectField, TextField } from '../kit/fields.tsx';
import { ServerTable } from '../kit/ServerTable.tsx';

/** The calls of each kind of account (spec §7 User and Account groups). */
const CALLS = {
  [UserType.normal]: {
    list: 'User/GetNormalUsers',
    create: 'User/CustomerCreate',
    update: 'User/CustomerUpdate',
    status: 'User/ChangeStatusCustomer',
    remove: 'User/DeleteCustomer',
  },
  [UserType.company]: {
    list: 'User/GetCompanyUsers',
    create: 'User/CompanyCreate',
    update: 'User/CompanyUpdate',
    status: 'User/ChangeStatusCompany',
    remove: 'User/DeleteCompany',
  },
  [UserType.admin]: {
    list: 'User/GetAdminUsers',
    create: 'User/AdminCreate',
    update: 'User/AdminUpdate',
    status: 'User/ChangeStatusAdmin',
    remove: 'User/DeleteAdmin',
  },
} as const;

type Kind = keyof typeof CALLS;

interface Draft {
  name: string;
  email: string;
  mobile: string;
  ssn: string;
  licenseNumber: string;
  addressState: number;
  addressCity: number;
  addressInfo: string;
  password: string;
  confirmPassword: string;
}
const emptyDraft: Draft = {
  name: '',
  email: '',
  mobile: '',
  ssn: '',
  licenseNumber: '',
  addressState: 0,
  addressCity: 0,
  addressInfo: '',
  password: '',
  confirmPassword: '',
};

/** Individuals, dealerships or admins: the list, the form, blocking and deleting. */
export function AccountsScreen({ userType, title }: { userType: Kind; title: string }) {
  const lang = currentLang();
  const t = { locale: lang };
  const calls = CALLS[userType];
  const states = useStates(lang);
  const [stateFilter, setStateFilter] = useState(0);
  const {
    editing,
    setEditing,
    busy,
    reload,
    save: write,
    remove: erase,
    act,
  } = useEditor<AdminUser>(lang);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const cities = useCities(draft.addressState, lang);
  const stateName = (id: number) => states.find((state) => state.id === id)?.name ?? '';

  const open = (row: AdminUser | 'new') => {
    setDraft(
      row === 'new'
        ? emptyDraft
        : {
            ...emptyDraft,
            name: row.name,
            email: row.email,
            mobile: row.mobile,
            ssn: row.ssn,
            licenseNumber: row.licenseNumber,
            addressState: row.addressStateId,
            addressCity: row.addressCityId,
            addressInfo: row.addressInfo,
          },
    );
    setEditing(row);
  };

  // spec §5 admin forms, in order: name, valid email, mobile, ssn, state, city, address details.
  const problem = (): string | null => {
    if (!draft.name.trim()) return m.admin_check_name({}, t);
    if (!/^\S+@\S+\.\S+$/.test(draft.email.trim())) return m.admin_check_email({}, t);
    if (!draft.mobile.trim()) return m.admin_check_mobile({}, t);
    if (userType === UserType.normal && !draft.ssn.trim()) return m.admin_check_ssn({}, t);
    if (userType === UserType.company && !draft.licenseNumber.trim()) {
      return m.admin_accounts_check_license({}, t);
    }
    if (!draft.addressState) return m.admin_check_state({}, t);
    if (!draft.addressCity) return m.admin_check_city({}, t);
    if (!draft.addressInfo.trim()) return m.admin_check_address({}, t);
    if (editing === 'new' && !draft.password) return m.admin_accounts_check_password({}, t);
    if (draft.password !== draft.confirmPassword) return m.admin_accounts_check_confirm({}, t);
    return null;
  };

  const save = async () => {
    const first = problem();
    if (first) return void toastWarning(first);
    await write((row) =>
      row === 'new'
        ? adminCall(lang, 'POST', calls.create, { body: { ...draft, moreInfo: '' } })
        : adminCall(lang, 'PUT', calls.update, { body: { id: row.id, ...draft } }),
    );
  };

  const setStatus = (row: AdminUser, statusId: number) =>
    act(() => adminCall(lang, 'PUT', calls.status, { body: { userId: row.id, statusId } }));

  const remove = (row: AdminUser) =>
    erase(row.name, () => adminCall(lang, 'DELETE', calls.remove, { query: { Id: row.id } }));

  const change = (values: Partial<Draft>) => setDraft((current) => ({ ...current, ...values }));

  return (
    <>
      <ServerTable<AdminUser>
        lang={lang}
        caption={title}
        reload={`${reload}-${stateFilter}`}
        searchPlaceholder={m.admin_accounts_search({}, t)}
        initialSort={{ sort: 'createdAt', order: 'desc' }}
        load={(query, signal) =>
          adminCall<ListPage<AdminUser>>(lang, 'GET', calls.list, {
            query: { ...query, state: stateFilter },
            signal,
          })
        }
        toolbar={
          <>
            <SelectField
              id="accounts-state-filter"
              label={m.admin_accounts_state({}, t)}
              value={stateFilter}
              onValue={setStateFilter}
              options={states}
              placeholder={m.admin_accounts_all_states({}, t)}
              className="min-w-44"
            />
            <button type="button" className={buttonClass.primary} onClick={() => open('new')}>
              {m.admin_add({}, t)}
            </button>
          </>
        }
        rowKey={(row) => row.id}
        columns={[
          { key: 'id', label: '#', render: (row) => row.id },
          {
            key: 'name',
            label: m.admin_accounts_name({}, t),
            sort: 'name',
            render: (row) =>
              userType === UserType.admin ? (
                row.name
              ) : (
                <a
                  className="underline"
                  href={localizePath(`/gallary/${row.slug}`, lang)}
                  target="_blank"
                  rel="noopener"
                >
                  {row.name}
                </a>
              ),
          },
          {
            key: 'email',
            label: m.admin_accounts_email({}, t),
            sort: 'email',
            render: (row) => <span dir="ltr">{row.email}</span>,
          },
          {
            key: 'mobile',
            label: m.admin_accounts_mobile({}, t),
            render: (row) => <span dir="ltr">{row.mobile}</span>,
          },
          {
            key: 'state',
            label: m.admin_accounts_state({}, t),
            render: (row) => stateName(row.addressStateId),
          },
          ...(userType === UserType.admin
            ? []
            : [
                {
                  key: 'vehicles',
                  label: m.admin_accounts_vehicles({}, t),
                  render: (row: AdminUser) => row.vehicles,
                },
              ]),
          {
            key: 'createdAt',
            label: m.admin_date({}, t),
            sort: 'createdAt',
            render: (row) => formatDateTime(row.createdAt, lang),
          },
          {
            key: 'status',
            label: m.admin_status({}, t),
            render: (row) => (
              <span
                className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${row.statusId === UserStatus.blocked ? 'bg-red-100 text-red-800' : 'bg-status-accepted-bg text-status-accepted'}`}
              >
                {row.statusName}
              </span>
            ),
          },
          {
            key: 'options',
            label: m.admin_options({}, t),
            render: (row) => (
              <span className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass.small} onClick={() => open(row)}>
                  {m.admin_edit({}, t)}
                </button>
                {row.statusId === UserStatus.blocked ? (
                  <button
                    type="button"
                    className={buttonClass.small}
                    onClick={() => setStatus(row, UserStatus.active)}
                  >
                    {m.admin_accounts_unblock({}, t)}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={buttonClass.danger}
                    onClick={() => setStatus(row, UserStatus.blocked)}
                  >
                    {m.admin_accounts_block({}, t)}
                  </button>
                )}
                <button type="button" className={buttonClass.danger} onClick={() => remove(row)}>
                  {m.admin_delete({}, t)}
                </button>
              </span>
            ),
          },
        ]}
      />
      <Dialog
        open={editing !== null}
        wide
        title={editing === 'new' ? m.admin_add({}, t) : m.admin_edit({}, t)}
        onClose={() => setEditing(null)}
      >
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            id="account-name"
            label={m.admin_accounts_name({}, t)}
            value={draft.name}
            onValue={(name) => change({ name })}
          />
          <TextField
            id="account-email"
            label={m.admin_accounts_email({}, t)}
            type="email"
            value={draft.email}
            onValue={(email) => change({ email })}
            ltr
          />
          <TextField
            id="account-mobile"
            label={m.admin_accounts_mobile({}, t)}
            inputMode="tel"
            value={draft.mobile}
            onValue={(mobile) => change({ mobile: mobile.replace(/[^\d+]/g, '').slice(0, 14) })}
            ltr
          />
          {userType === UserType.normal && (
            <TextField
              id="account-ssn"
              label={m.admin_accounts_ssn({}, t)}
              inputMode="numeric"
              value={draft.ssn}
              onValue={(ssn) => change({ ssn: ssn.replace(/\D/g, '').slice(0, 9) })}
              ltr
            />
          )}
          {userType === UserType.company && (
            <TextField
              id="account-license"
              label={m.admin_accounts_license({}, t)}
              value={draft.licenseNumber}
              onValue={(licenseNumber) => change({ licenseNumber: licenseNumber.slice(0, 10) })}
              ltr
            />
          )}
          <SelectField
            id="account-state"
            label={m.admin_accounts_state({}, t)}
            value={draft.addressState}
            onValue={(addressState) => change({ addressState, addressCity: 0 })}
            options={states}
            placeholder={m.admin_check_state({}, t)}
          />
          <SelectField
            id="account-city"
            label={m.admin_accounts_city({}, t)}
            value={draft.addressCity}
            onValue={(addressCity) => change({ addressCity })}
            options={cities}
            disabled={!draft.addressState}
            placeholder={m.admin_check_city({}, t)}
          />
          <TextField
            id="account-address"
            label={m.admin_accounts_address({}, t)}
            value={draft.addressInfo}
            onValue={(addressInfo) => change({ addressInfo })}
            className="sm:col-span-2"
          />
          {(editing === 'new' || userType === UserType.admin) && (
            <>
              <TextField
                id="account-password"
                label={m.admin_accounts_password({}, t)}
                type="password"
                autoComplete="new-password"
                value={draft.password}
                onValue={(password) => change({ password })}
                ltr
              />
              <TextField
                id="account-confirm"
                label={m.admin_accounts_confirm({}, t)}
                type="password"
                autoComplete="new-password"
                value={draft.confirmPassword}
                onValue={(confirmPassword) => change({ confirmPassword })}
                ltr
              />
            </>
          )}
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className={buttonClass.primary}>
              {m.admin_save({}, t)}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
