import { lazy } from 'react';
import { AdminPermission } from '../../../../domain/permissions.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import type { AdminScreen } from '../screen.ts';

type Text = (inputs: object, options: { locale: 'ar' | 'en' }) => string;
const label = (text: Text) => () => text({}, { locale: currentLang() });

/** The home with the site's figures, the audit log, and messages to users. */
export const dashboardScreens: AdminScreen[] = [
  {
    path: '',
    permission: AdminPermission.statistics,
    group: 'home',
    label: label(m.admin_home_title),
    component: lazy(() => import('./HomeScreen.tsx')),
  },
  {
    path: 'notifications',
    permission: AdminPermission.notifications,
    group: 'site',
    label: label(m.admin_messages_screen),
    component: lazy(() => import('./MessagesScreen.tsx')),
  },
  {
    path: 'audit',
    permission: AdminPermission.audit,
    group: 'system',
    label: label(m.admin_audit_title),
    component: lazy(() => import('./AuditScreen.tsx')),
  },
];
