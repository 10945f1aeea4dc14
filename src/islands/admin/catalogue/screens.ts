import { createElement, lazy } from 'react';
import { CodeCategory } from '../../../../domain/codes.ts';
import { AdminPermission } from '../../../../domain/permissions.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import type { AdminScreen } from '../screen.ts';

type Text = (inputs: object, options: { locale: 'ar' | 'en' }) => string;
const label = (text: Text) => () => text({}, { locale: currentLang() });

/** A screen of one lookup kind. */
const codes = (path: string, categoryId: number, text: Text): AdminScreen => ({
  path,
  permission: AdminPermission.categories,
  group: 'catalogue',
  label: label(text),
  component: lazy(() =>
    import('./CodesScreen.tsx').then((module) => ({
      default: () => createElement(module.CodesScreen, { categoryId, title: label(text)() }),
    })),
  ),
});

/** Makes, models and the lookup values the seller's form and the filters offer. */
export const catalogueScreens: AdminScreen[] = [
  {
    path: 'brands',
    permission: AdminPermission.categories,
    group: 'catalogue',
    label: label(m.admin_brands_title),
    component: lazy(() => import('./BrandsScreen.tsx')),
  },
  {
    path: 'models',
    permission: AdminPermission.categories,
    group: 'catalogue',
    label: label(m.admin_models_title),
    component: lazy(() => import('./ModelsScreen.tsx')),
  },
  codes('colors', CodeCategory.color, m.admin_colors_title),
  codes('body-types', CodeCategory.bodyType, m.admin_body_types_title),
  codes('specifications', CodeCategory.specification, m.admin_specifications_title),
  codes('painted-types', CodeCategory.paintedType, m.admin_painted_types_title),
  codes('painted-status', CodeCategory.paintedStatus, m.admin_painted_status_title),
  codes('gear-types', CodeCategory.gearType, m.admin_gear_types_title),
  codes('oil-types', CodeCategory.oilType, m.admin_oil_types_title),
  codes('currencies', CodeCategory.currency, m.admin_currencies_title),
  {
    path: 'constants',
    permission: AdminPermission.constants,
    group: 'site',
    label: label(m.admin_constants_title),
    component: lazy(() => import('./ConstantsScreen.tsx')),
  },
  {
    path: 'events',
    permission: AdminPermission.events,
    group: 'site',
    label: label(m.admin_events_title),
    component: lazy(() => import('./EventsScreen.tsx')),
  },
  {
    path: 'interface',
    permission: AdminPermission.interface,
    group: 'site',
    label: label(m.admin_interface_title),
    component: lazy(() => import('./InterfaceScreen.tsx')),
  },
];
