import { useEffect, useState } from 'react';
import { UserType } from '../../../../domain/codes.ts';
import type { AdminUser } from '../../../../server/routes/user/schemas.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, showFailure, type ListPage } from '../kit/api.ts';
import { toastUpdated } from '../kit/feedback.ts';
import { CheckboxField, SelectField } from '../kit/fields.tsx';

interface Grant {
  id: number;
  code: string;
  name: string;
  allowed: boolean;
}

const LISTS = {
  [UserType.admin]: { users: 'User/GetAdminUsers', permissions: 'Role/GetAdminPermissions' },
  [UserType.normal]: { users: 'User/GetNormalUsers', permissions: 'Role/GetCustomerPermissions' },
  [UserType.company]: {
    users: 'User/GetCompanyUsers',
    permissions: 'Role/GetCompanyPermissions',
  },
} as const;

/** Pick a user, then grant or withdraw each permission of their type (Role calls). */
export default function PermissionsScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const kinds = [
    { id: UserType.admin, name: m.admin_admins_title({}, t) },
    { id: UserType.company, name: m.admin_stores_title({}, t) },
    { id: UserType.normal, name: m.admin_users_title({}, t) },
  ];
  const [userType, setUserType] = useState<number>(UserType.admin);
  const [search, setSearch] = useState('');
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [userId, setUserId] = useState(0);
  const [grants, setGrants] = useState<Grant[]>([]);
  const lists = LISTS[userType as keyof typeof LISTS];

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      adminCall<ListPage<AdminUser>>(lang, 'GET', lists.users, {
        query: { page: 1, pageSize: 50, ...(search.trim() ? { search: search.trim() } : {}) },
        signal: controller.signal,
      })
        .then((page) => setUsers(page.data))
        .catch((error: unknown) => !controller.signal.aborted && showFailure(error, lang));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [lang, lists.users, search]);

  useEffect(() => {
    setGrants([]);
    if (!userId) return;
    adminCall<Grant[]>(lang, 'GET', lists.permissions, { query: { userId } })
      .then(setGrants)
      .catch((error: unknown) => showFailure(error, lang));
  }, [lang, lists.permissions, userId]);

  const toggle = async (grant: Grant, allowed: boolean) => {
    try {
      await adminCall(lang, 'PUT', 'Role/UpdateUserPermission', {
        body: { userId, permissionId: grant.id, allowed },
      });
      setGrants((current) =>
        current.map((row) => (row.id === grant.id ? { ...row, allowed } : row)),
      );
      void toastUpdated(lang);
    } catch (error) {
      showFailure(error, lang);
    }
  };

  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id="permissions-kind"
          label={m.admin_permissions_kind({}, t)}
          value={userType}
          onValue={(value) => {
            setUserType(value || UserType.admin);
            setUserId(0);
          }}
          options={kinds}
          placeholder={m.admin_permissions_kind({}, t)}
        />
        <label className="block">
          <span className="mb-1.5 block text-sm font-semibold text-ink-soft">
            {m.admin_search({}, t)}
          </span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="block min-h-12 w-full rounded-control border border-line-strong px-3.5"
          />
        </label>
        <SelectField
          id="permissions-user"
          label={m.admin_permissions_user({}, t)}
          value={userId}
          onValue={setUserId}
          options={users.map((user) => ({ id: user.id, name: `${user.name} — ${user.email}` }))}
          placeholder={m.admin_permissions_choose_user({}, t)}
        />
      </div>
      {userId > 0 && (
        <fieldset className="rounded-2xl border border-line bg-surface p-5">
          <legend className="px-2 font-bold">{m.admin_permissions_title({}, t)}</legend>
          <ul className="grid gap-1 sm:grid-cols-2">
            {grants.map((grant) => (
              <li key={grant.id}>
                <CheckboxField
                  label={grant.name}
                  checked={grant.allowed}
                  onChecked={(allowed) => void toggle(grant, allowed)}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
