import { createElement, lazy } from 'react';
import { UserType } from '../../../../domain/codes.ts';
import { AdminPermission } from '../../../../domain/permissions.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import type { AdminScreen } from '../screen.ts';

type Text = (inputs: object, options: { locale: 'ar' | 'en' }) => string;
const label = (text: Text) => () => text({}, { locale: currentLang() });

const accounts = (
  path: string,
  userType: 70 | 71 | 72,
  permission: AdminScreen['permission'],
  text: Text,
): AdminScreen => ({
  path,
  permission,
  group: 'people',
  label: label(text),
  component: lazy(() =>
    import('./AccountsScreen.tsx').then((module) => ({
      default: () => createElement(module.AccountsScreen, { userType, title: label(text)() }),
    })),
  ),
});

/** People: individuals, dealerships, admins, their permissions and the admin's own profile. */
export const accountsScreens: AdminScreen[] = [
  accounts('users', UserType.normal, AdminPermission.users, m.admin_users_title),
  accounts('stores', UserType.company, AdminPermission.users, m.admin_stores_title),
  accounts('admins', UserType.admin, AdminPermission.admins, m.admin_admins_title),
  {
    path: 'profile',
    permission: null,
    group: 'system',
    label: label(m.admin_profile_title),
    component: lazy(() => import('./ProfileScreen.tsx')),
  },
  {
    path: 'permissions',
    permission: AdminPermission.permissions,
    group: 'system',
    label: label(m.admin_permissions_title),
    component: lazy(() => import('./PermissionsScreen.tsx')),
  },
];
