import type { Lang } from '../messages.ts';

/** Answers of the admin's dashboard calls (issue: the admin dashboard). */
export const dashboardAdminMessages = {} satisfies Record<string, Record<Lang, string>>;
