import { useState } from 'react';
import type { Lang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { Dialog } from './Dialog.tsx';

interface Props {
  src: string;
  alt: string;
  lang: Lang;
  /** The thumbnail's classes (size). */
  className?: string;
}

/** A thumbnail that opens the image at full size, for judging a photo or a proof of payment. */
export function ImageZoom({ src, alt, lang, className = 'h-16 w-24' }: Props) {
  const [open, setOpen] = useState(false);
  if (!src) return <span className="text-muted">—</span>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${m.admin_enlarge({}, { locale: lang })}: ${alt}`}
        className={`overflow-hidden rounded-lg border border-line bg-canvas ${className}`}
      >
        <img src={src} alt="" loading="lazy" className="size-full object-cover" />
      </button>
      <Dialog open={open} title={alt} onClose={() => setOpen(false)} wide>
        <img src={src} alt={alt} className="mx-auto max-h-[75dvh] w-auto object-contain" />
      </Dialog>
    </>
  );
}
