import type { ComponentType } from 'react';
import type { AdminPermissionCode } from '../../../domain/permissions.ts';

/** Where a screen sits in the dashboard's side menu. */
export type AdminMenuGroup = 'home' | 'catalogue' | 'people' | 'review' | 'site' | 'system';

/**
 * One screen of the admin dashboard. Each area lists its screens in its own `screens.ts`; the
 * shell builds the side menu and the routes from all of them and shows a screen only to an
 * admin holding its permission.
 */
export interface AdminScreen {
  /** The path under /admin (and /en/admin), without slashes, e.g. "brands"; "" is the home. */
  path: string;
  /** Needed to see the screen; null: every admin. */
  permission: AdminPermissionCode | null;
  group: AdminMenuGroup;
  /** The menu entry and page title, in the page's language. */
  label: () => string;
  /** Loaded when first opened (React.lazy), so one screen's code never slows another. */
  component: ComponentType;
}
