import { lazy } from 'react';
import { AdminPermission } from '../../../../domain/permissions.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import type { AdminScreen } from '../screen.ts';

const label = (text: (inputs: object, options: { locale: 'ar' | 'en' }) => string) => () =>
  text({}, { locale: currentLang() });

/** The review queues: vehicles, orders, payments, ticket purchases. */
export const moderationScreens: AdminScreen[] = [
  {
    path: 'vehicles',
    permission: AdminPermission.vehicles,
    group: 'review',
    label: label(m.admin_vehicles_title),
    component: lazy(() => import('./VehicleQueue.tsx')),
  },
];
