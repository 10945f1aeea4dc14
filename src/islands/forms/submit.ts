import type { ValidationMessage } from '../../../domain/validation.ts';
import { ApiError, errorMessage, type ErrorTextOptions } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';
import { validationText } from '../../lib/validation-text.ts';

/*
 * The steps every form takes on submit (spec §5, §8): its rule first (the first failure as a
 * warning toast, no call), then the call behind the loading overlay with the form busy, then
 * the failure's text in the visitor's language. Plain functions, so they run without React;
 * use-submit.ts binds them to a component.
 */

/** One submission of a form. */
export interface Submission<T> extends ErrorTextOptions {
  /** The form's rule (domain/validation.ts): the key of the first failing message, or null. */
  check?: () => ValidationMessage | null;
  /** The API call; made only when the check passes. */
  call: () => Promise<T>;
}

export type SubmitResult<T> =
  | { ok: true; data: T }
  | { ok: false; reason: 'busy' }
  | { ok: false; reason: 'invalid'; message: string }
  /** `status`: the server's answer, when it gave one. */
  | { ok: false; reason: 'failed'; message: string; status?: number };

/** What a submission acts on: the page's overlay and toasts in the hook, stand-ins in tests. */
export interface SubmitEnv {
  lang: Lang;
  /** Whether a submission of the same form is still running (read synchronously). */
  isBusy: () => boolean;
  setBusy: (busy: boolean) => void;
  /** Runs the call behind the blocking overlay. */
  overlay: <R>(task: () => Promise<R>) => Promise<R>;
  /** Shows a warning toast. */
  warn: (message: string) => void;
}

/** Runs one submission and resolves to its data, or to why there is none (already toasted). */
export async function runSubmission<T>(
  submission: Submission<T>,
  env: SubmitEnv,
): Promise<SubmitResult<T>> {
  // A second Enter while the first call runs must not send the form twice.
  if (env.isBusy()) return { ok: false, reason: 'busy' };
  const problem = submission.check?.() ?? null;
  if (problem) {
    const message = validationText(problem, env.lang);
    env.warn(message);
    return { ok: false, reason: 'invalid', message };
  }
  env.setBusy(true);
  try {
    return { ok: true, data: await env.overlay(submission.call) };
  } catch (error) {
    // Anything but an API failure is a bug: the visitor sees the general text, the console more.
    if (!(error instanceof ApiError)) console.error(error);
    const { fallback, serverFirst } = submission;
    const message = errorMessage(error, env.lang, { fallback, serverFirst });
    env.warn(message);
    const status = error instanceof ApiError ? error.status : undefined;
    return { ok: false, reason: 'failed', message, status };
  } finally {
    env.setBusy(false);
  }
}
