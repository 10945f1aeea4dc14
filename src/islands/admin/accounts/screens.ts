import type { AdminScreen } from '../screen.ts';

/** The accounts screens of the admin dashboard. */
export const accountsScreens: AdminScreen[] = [];
