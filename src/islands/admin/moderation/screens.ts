import type { AdminScreen } from '../screen.ts';

/** The moderation screens of the admin dashboard. */
export const moderationScreens: AdminScreen[] = [];
