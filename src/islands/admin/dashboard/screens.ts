import type { AdminScreen } from '../screen.ts';

/** The dashboard screens of the admin dashboard. */
export const dashboardScreens: AdminScreen[] = [];
