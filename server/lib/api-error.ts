import type { MessageKey } from './messages.ts';

/** An expected failure: an HTTP status and a message the caller can act on. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** A message already in the caller's language (the form rules' own texts). */
    readonly text?: string,
  ) {
    super(messageKey);
  }
}
