import { useId } from 'react';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';
import { TableIcon } from '../my-vehicles/icons.tsx';

interface Props {
  lang: Lang;
  title: string;
  src: string;
  onClose: () => void;
}

/** One picture large (a bill or an order's image), in the site's dialog. */
export default function ImageDialog({ lang, title, src, onClose }: Props) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} labelledBy={titleId} size="max-w-4xl" name="image-lightbox">
      <div className="flex items-center gap-4 border-b border-line px-5 py-3">
        <h2 id={titleId} className="flex-1 text-lg font-bold text-ink">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-me-2 grid size-touch shrink-0 place-items-center rounded-full text-muted hover:bg-canvas hover:text-ink"
        >
          <TableIcon name="close" className="size-5" />
          <span className="sr-only">{m.dialog_close({}, { locale: lang })}</span>
        </button>
      </div>
      <div className="grid place-items-center bg-night p-2 sm:rounded-b-dialog">
        <img src={src} alt={title} className="max-h-[75vh] w-auto max-w-full object-contain" />
      </div>
    </Dialog>
  );
}
