import type { AdminScreen } from '../screen.ts';

/** The shell screens of the admin dashboard. */
export const shellScreens: AdminScreen[] = [];
