import type { Lang } from '../messages.ts';

/** Answers of the admin's accounts calls (issue: the admin dashboard). */
export const accountsAdminMessages = {} satisfies Record<string, Record<Lang, string>>;
