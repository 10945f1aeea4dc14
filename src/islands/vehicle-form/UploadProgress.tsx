import { createPortal } from 'react-dom';
import type { Lang } from '../../lib/i18n.ts';
import type { UploadProgress as Progress } from '../../lib/upload.ts';
import { m } from '../../paraglide/messages.js';

/**
 * The upload's real progress (issue 9: a slow mobile network). It sits above the blocking
 * overlay, outside the page the overlay makes inert, so it stays visible and readable.
 */
export function UploadProgress({ lang, progress }: { lang: Lang; progress: Progress }) {
  const t = { locale: lang };
  const label = m.vehicle_form_upload_label({}, t);
  const text =
    progress.phase === 'processing'
      ? m.vehicle_form_processing({}, t)
      : m.vehicle_form_uploading({}, t);
  return createPortal(
    <div
      className="fixed inset-x-3 bottom-6 z-[61] mx-auto max-w-md rounded-card bg-surface p-4 shadow-pop ring-1 ring-line"
      data-upload-progress={progress.phase}
    >
      <div className="mb-2 flex items-center justify-between gap-3 text-sm font-semibold text-ink">
        <span id="vehicle-upload-label">{text}</span>
        <span dir="ltr" aria-hidden="true">
          {progress.percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${progress.percent}%`}
        className="h-2.5 overflow-hidden rounded-full bg-brand-100"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-200 motion-reduce:transition-none"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>,
    document.body,
  );
}
