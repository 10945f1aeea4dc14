import { m } from '../../paraglide/messages.js';
import type { Lang } from '../../lib/i18n.ts';
import { Icon } from '../auth/icons.tsx';
import { SubmitButton } from '../forms/fields.tsx';
import type { DraftStatus } from './use-draft.ts';

/**
 * The vehicle form's last step: sending it again after an upload without an answer, the draft's
 * state, the way back to My vehicles and the submit button.
 */
export function SubmitBar({
  lang,
  mode,
  busy,
  ready,
  retry,
  draftStatus,
  back,
  onRetry,
}: {
  lang: Lang;
  mode: 'create' | 'update';
  busy: boolean;
  ready: boolean;
  retry: boolean;
  draftStatus: DraftStatus;
  /** My vehicles, in the page's language. */
  back: string;
  onRetry: () => void;
}) {
  const t = { locale: lang };
  return (
    <div className="flex flex-col gap-4 rounded-card border border-line bg-surface p-5 shadow-card sm:p-6">
      {retry && (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-control border border-status-other bg-status-other-bg p-4 sm:flex-row sm:items-center"
          data-upload-failed
        >
          <p className="flex-1 font-semibold text-status-other">
            {m.vehicle_form_upload_failed({}, t)}
          </p>
          <button
            type="button"
            onClick={onRetry}
            disabled={busy}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800 disabled:opacity-70"
          >
            <Icon name="reset" className="size-5" />
            {m.vehicle_form_retry({}, t)}
          </button>
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted" data-draft-status={draftStatus}>
          {draftStatus === 'saved' ? m.vehicle_form_draft_saved({}, t) : '\u00a0'}
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <a
            href={back}
            className="inline-flex min-h-12 items-center justify-center rounded-full border border-line-strong px-6 font-semibold text-ink-soft hover:border-brand-600 hover:text-brand-800"
          >
            {m.vehicle_form_back({}, t)}
          </a>
          <SubmitButton busy={busy || !ready}>
            {mode === 'create'
              ? m.vehicle_form_submit_add({}, t)
              : m.vehicle_form_submit_save({}, t)}
          </SubmitButton>
        </div>
      </div>
    </div>
  );
}
