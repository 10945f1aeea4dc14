import type { Lang } from '../messages.ts';

/** Answers of the admin's moderation calls (issue: the admin dashboard). */
export const moderationAdminMessages = {} satisfies Record<string, Record<Lang, string>>;
