import { useEffect, useId, useRef, useState } from 'react';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';
import { TableIcon } from './icons.tsx';

interface Props {
  lang: Lang;
  name: string;
  panorama: string;
  onClose: () => void;
}

/**
 * The 360 preview of spec §2 (panorama 500 px high). The viewer is the public page's
 * (islands/vehicle-360/viewer.ts): pannellum and its stylesheet are fetched the first time a
 * preview opens, and the viewer is destroyed when it closes.
 */
export default function PanoramaDialog({ lang, name, panorama, onClose }: Props) {
  const t = { locale: lang };
  const titleId = useId();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const loadingLabel = m.vehicle_360_loading({}, t);

  useEffect(() => {
    let viewer: { destroy(): void } | null = null;
    let closed = false;
    setState('loading');
    (async () => {
      try {
        const { createViewer } = await import('../vehicle-360/viewer.ts');
        if (closed || !container.current) return;
        const created = await createViewer(container.current, panorama, { loadingLabel });
        if (closed) return created.destroy();
        viewer = created;
        setState('ready');
      } catch (error) {
        console.error(error);
        if (!closed) setState('failed');
      }
    })();
    return () => {
      closed = true;
      viewer?.destroy();
    };
  }, [panorama, loadingLabel]);

  return (
    <Dialog open onClose={onClose} labelledBy={titleId} size="max-w-5xl" name="panorama-preview">
      <div className="flex items-center gap-4 border-b border-line px-5 py-3">
        <h2 id={titleId} className="flex-1 text-lg font-bold text-ink">
          {m.my_vehicles_360_view_title({ name }, t)}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-me-2 grid size-touch shrink-0 place-items-center rounded-full text-muted hover:bg-canvas hover:text-ink"
        >
          <TableIcon name="close" className="size-5" />
          <span className="sr-only">{m.dialog_close({}, t)}</span>
        </button>
      </div>
      <div className="p-3 sm:p-4">
        <div className="relative h-[500px] w-full overflow-hidden rounded-control bg-night text-white">
          {state !== 'ready' && (
            <p
              className="absolute inset-0 grid place-items-center p-6 text-center font-semibold"
              role={state === 'failed' ? 'alert' : 'status'}
            >
              {state === 'failed' ? m.vehicle_360_error({}, t) : m.vehicle_360_loading({}, t)}
            </p>
          )}
          <div ref={container} className="size-full" data-panorama-preview={panorama} />
        </div>
        <p className="mt-3 text-sm text-muted">{m.vehicle_360_hint({}, t)}</p>
      </div>
    </Dialog>
  );
}
