import { imageAt, srcset, hasVariants } from '../../../domain/images.ts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';
import { TableIcon } from './icons.tsx';

interface Props {
  lang: Lang;
  /** What the photos show ("Toyota Corolla 2018"). */
  name: string;
  photos: string[];
  onClose: () => void;
}

/**
 * Every photo of one vehicle, large (spec §2 "preview opens an image lightbox"). The photos sit in
 * a scroll-snap strip as on the public vehicle page (PhotoGallery.astro): a finger swipes it,
 * previous/next buttons and the arrow keys step through it, and the counter follows.
 */
export default function PhotoLightbox({ lang, name, photos, onClose }: Props) {
  const t = { locale: lang };
  const titleId = useId();
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const count = photos.length;
  const rtl = lang === 'ar';

  const show = useCallback(
    (index: number) => {
      const list = strip.current;
      const slide = list?.children[Math.min(Math.max(index, 0), count - 1)] as
        HTMLElement | undefined;
      if (!list || !slide) return;
      // An absolute scroll in either direction (RTL offsets are negative), as gallery.ts does.
      const offset = slide.getBoundingClientRect().left - list.getBoundingClientRect().left;
      list.scrollTo({ left: list.scrollLeft + offset });
    },
    [count],
  );

  // The photo in view decides the counter, however the strip moved (swipe, keys, buttons).
  const onScroll = () => {
    const list = strip.current;
    if (!list || list.clientWidth === 0) return;
    setCurrent(Math.min(count - 1, Math.round(Math.abs(list.scrollLeft) / list.clientWidth)));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      // "Next" lies in the reading direction: left in Arabic, right in English.
      const forward = (event.key === 'ArrowLeft') === rtl;
      show(current + (forward ? 1 : -1));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [current, rtl, show]);

  const arrow =
    'absolute top-1/2 z-10 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-black/5 transition hover:bg-white disabled:pointer-events-none disabled:opacity-0 sm:size-12';

  return (
    <Dialog open onClose={onClose} labelledBy={titleId} size="max-w-5xl" name="photo-lightbox">
      <div className="flex items-center gap-4 border-b border-line px-5 py-3">
        <h2 id={titleId} className="flex-1 text-lg font-bold text-ink">
          {m.my_vehicles_photos_title({ name }, t)}
        </h2>
        <p className="text-sm font-semibold text-muted" dir="ltr" aria-hidden="true">
          <span data-lightbox-current>{current + 1}</span> / {count}
        </p>
        <button
          type="button"
          onClick={onClose}
          className="-me-2 grid size-touch shrink-0 place-items-center rounded-full text-muted hover:bg-canvas hover:text-ink"
        >
          <TableIcon name="close" className="size-5" />
          <span className="sr-only">{m.dialog_close({}, t)}</span>
        </button>
      </div>
      <div className="relative bg-night sm:rounded-b-dialog">
        <ul
          ref={strip}
          onScroll={onScroll}
          tabIndex={0}
          aria-label={m.my_vehicles_photos_title({ name }, t)}
          className="lightbox-strip flex aspect-[7/4] snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] sm:rounded-b-dialog"
        >
          {photos.map((photo, index) => (
            <li
              key={photo}
              className="grid h-full w-full shrink-0 snap-center snap-always place-items-center"
              data-lightbox-photo={index}
            >
              <img
                src={imageAt(photo, 1280)}
                srcSet={hasVariants(photo) ? srcset(photo) : undefined}
                sizes="(min-width: 1024px) 64rem, 100vw"
                width={1280}
                height={731}
                alt={m.vehicle_photo_alt(
                  { name, index: String(index + 1), count: String(count) },
                  t,
                )}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="size-full object-contain"
              />
            </li>
          ))}
        </ul>
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${arrow} start-3`}
              onClick={() => show(current - 1)}
              disabled={current === 0}
              aria-label={m.vehicle_photo_previous({}, t)}
            >
              <TableIcon name="arrow" className="size-5 ltr:-scale-x-100" />
            </button>
            <button
              type="button"
              className={`${arrow} end-3`}
              onClick={() => show(current + 1)}
              disabled={current === count - 1}
              aria-label={m.vehicle_photo_next({}, t)}
            >
              <TableIcon name="arrow" className="size-5 rtl:-scale-x-100" />
            </button>
          </>
        )}
        <p className="sr-only" aria-live="polite">
          {m.my_vehicles_photo_counter({ index: String(current + 1), count: String(count) }, t)}
        </p>
      </div>
    </Dialog>
  );
}
