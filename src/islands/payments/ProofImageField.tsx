import { useId, useState } from 'react';
import type { Lang } from '../../lib/i18n.ts';
import { resizePhoto } from '../../lib/photo-resize.ts';
import { toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';

interface Props {
  lang: Lang;
  /** The proof as a `data:image/jpeg;base64,…` URL; empty while none is chosen. */
  value: string;
  onChange: (dataUrl: string) => void;
  id?: string;
}

/**
 * The transfer's proof image (spec §5: image files only, read as inline data). A camera photo is
 * made at most 1920 px as a JPEG in the browser (lib/photo-resize.ts), so a phone on a slow
 * network sends about 400 KB rather than 5 MB; the server checks its content again.
 */
export default function ProofImageField({ lang, value, onChange, id }: Props) {
  const t = { locale: lang };
  const own = useId();
  const inputId = id ?? own;
  const [reading, setReading] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      void toastWarning(m.pay_proof_images_only({}, t));
      return;
    }
    setReading(true);
    try {
      onChange((await resizePhoto(file)).dataUrl);
    } catch {
      void toastWarning(m.pay_proof_unreadable({}, t));
    } finally {
      setReading(false);
    }
  };

  return (
    <div>
      <span className="mb-1.5 block text-sm font-semibold text-ink-soft" id={`${inputId}-label`}>
        {m.pay_proof_label({}, t)}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <label className="inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-full border border-line-strong bg-surface px-5 font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-200">
          <Icon name="camera" className="size-5" />
          {value ? m.pay_proof_change({}, t) : m.pay_proof_choose({}, t)}
          <input
            id={inputId}
            name="proof"
            type="file"
            accept="image/*"
            className="sr-only"
            aria-labelledby={`${inputId}-label`}
            disabled={reading}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              // The same file chosen again after removing it must fire a change.
              event.target.value = '';
            }}
          />
        </label>
        {reading && <span className="text-sm text-muted">{m.pay_proof_reading({}, t)}</span>}
        {value && !reading && (
          <div className="flex items-center gap-3">
            <img
              src={value}
              alt={m.pay_proof_preview({}, t)}
              className="h-20 w-20 rounded-control border border-line object-cover"
              data-proof-preview
            />
            <button
              type="button"
              onClick={() => onChange('')}
              className="inline-flex min-h-10 items-center rounded-full px-3 text-sm font-semibold text-danger hover:underline"
            >
              {m.pay_proof_remove({}, t)}
            </button>
          </div>
        )}
      </div>
      <p className="mt-1 text-xs text-muted">{m.pay_proof_hint({}, t)}</p>
    </div>
  );
}
