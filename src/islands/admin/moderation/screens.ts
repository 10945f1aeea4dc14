import { createElement, lazy } from 'react';
import { AdminPermission } from '../../../../domain/permissions.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import type { AdminScreen } from '../screen.ts';

const label = (text: (inputs: object, options: { locale: 'ar' | 'en' }) => string) => () =>
  text({}, { locale: currentLang() });

/** The review queues: vehicles, listing reports, orders, payments, ticket purchases. */
export const moderationScreens: AdminScreen[] = [
  {
    path: 'vehicles',
    permission: AdminPermission.vehicles,
    group: 'review',
    label: label(m.admin_vehicles_title),
    component: lazy(() => import('./VehicleQueue.tsx')),
  },
  {
    path: 'reports',
    permission: AdminPermission.vehicles,
    group: 'review',
    label: label(m.admin_reports_title),
    component: lazy(() => import('./ReportsScreen.tsx')),
  },
  {
    path: 'payments',
    permission: AdminPermission.payments,
    group: 'review',
    label: label(m.admin_payments_title),
    component: lazy(() => import('./PaymentsScreen.tsx')),
  },
  {
    path: 'tickets',
    permission: AdminPermission.payments,
    group: 'review',
    label: label(m.admin_tickets_title),
    component: lazy(() => import('./TicketsScreen.tsx')),
  },
  ...(['ad', 'star'] as const).map((kind): AdminScreen => ({
    path: kind === 'ad' ? 'announcements' : 'star-orders',
    permission: AdminPermission.orders,
    group: 'review',
    label: label(kind === 'ad' ? m.admin_announcements_title : m.admin_star_orders_title),
    component: lazy(() =>
      import('./OrdersScreen.tsx').then((module) => ({
        default: () =>
          createElement(module.OrdersScreen, {
            kind,
            title: label(kind === 'ad' ? m.admin_announcements_title : m.admin_star_orders_title)(),
          }),
      })),
    ),
  })),
];
