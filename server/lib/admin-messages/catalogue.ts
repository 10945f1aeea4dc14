import type { Lang } from '../messages.ts';

/** Answers of the admin's catalogue calls (issue: the admin dashboard). */
export const catalogueAdminMessages = {} satisfies Record<string, Record<Lang, string>>;
