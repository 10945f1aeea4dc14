import type { AdminScreen } from '../screen.ts';

/** The catalogue screens of the admin dashboard. */
export const catalogueScreens: AdminScreen[] = [];
