import { accountsScreens } from './accounts/screens.ts';
import { catalogueScreens } from './catalogue/screens.ts';
import { dashboardScreens } from './dashboard/screens.ts';
import { moderationScreens } from './moderation/screens.ts';
import type { AdminScreen } from './screen.ts';
import { shellScreens } from './shell/screens.ts';

/** Every screen of the dashboard, in menu order. */
export const adminScreens: AdminScreen[] = [
  ...dashboardScreens,
  ...shellScreens,
  ...catalogueScreens,
  ...accountsScreens,
  ...moderationScreens,
];
