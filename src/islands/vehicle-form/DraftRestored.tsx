import { formatDateTime } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';

/** The note that a saved draft was restored over the form, with the action to discard it. */
export function DraftRestored({
  lang,
  savedAt,
  onDiscard,
}: {
  lang: Lang;
  savedAt: number;
  onDiscard: () => void;
}) {
  const t = { locale: lang };
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-card border border-accent-300 bg-accent-100 p-4 sm:flex-row sm:items-center"
      data-draft-restored
    >
      <p className="flex-1 font-semibold text-ink">
        {m.vehicle_form_draft_restored({ time: formatDateTime(savedAt, lang) }, t)}
      </p>
      <button
        type="button"
        onClick={onDiscard}
        className="inline-flex min-h-touch items-center rounded-full border border-line-strong bg-surface px-4 text-sm font-semibold text-ink-soft hover:border-danger hover:text-danger"
      >
        {m.vehicle_form_draft_discard({}, t)}
      </button>
    </div>
  );
}
