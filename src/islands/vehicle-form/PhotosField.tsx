import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { PHOTOS_MAX, PHOTOS_MIN } from '../../../domain/vehicle-draft.ts';
import type { Lang } from '../../lib/i18n.ts';
import { isPhotoType, PHOTO_TYPES, resizePhoto } from '../../lib/photo-resize.ts';
import { toastWarning } from '../../lib/toast.ts';
import { validationText } from '../../lib/validation-text.ts';
import type { DraftImage } from '../../lib/vehicle-draft-store.ts';
import { localId, movePhoto } from '../../lib/vehicle-form.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { describedBy, FieldError } from '../forms/fields.tsx';

interface Props {
  lang: Lang;
  /** Id of the "add photos" button (a failing check focuses it). */
  id: string;
  labelledBy: string;
  photos: DraftImage[];
  /** Changes the photos from the latest list (photos arrive one by one while they are prepared). */
  onPhotos: (update: (photos: DraftImage[]) => DraftImage[]) => void;
  error?: string | null;
}

const smallButton =
  'grid size-10 place-items-center rounded-full bg-surface/95 shadow-sm ring-1 ring-line transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The vehicle's photos (spec §2: JPEG and PNG, several at once, at least 6; issue 9: at most
 * 20, previews, remove, reorder, the first is the cover). Each chosen file is made smaller in
 * the browser (photo-resize.ts) one at a time, so a phone never holds 20 decoded camera photos.
 */
export function PhotosField({ lang, id, labelledBy, photos, onPhotos, error }: Props) {
  const t = { locale: lang };
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [preparing, setPreparing] = useState<{ done: number; total: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** After a move, focus follows the photo to its new place. */
  const [follow, setFollow] = useState<{ id: string; direction: 'earlier' | 'later' } | null>(null);
  const count = useRef(photos.length);
  count.current = photos.length;
  const hintId = `${id}-hint`;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    const accepted = files.filter((file) => isPhotoType(file.type));
    if (accepted.length < files.length)
      void toastWarning(m.vehicle_form_photos_only_jpeg_png({}, t));
    const room = Math.max(0, PHOTOS_MAX - count.current);
    if (accepted.length > room) void toastWarning(validationText('vehicle_photos_max', lang));
    const taken = accepted.slice(0, room);
    if (taken.length === 0) return;
    setPreparing({ done: 0, total: taken.length });
    for (const [index, file] of taken.entries()) {
      try {
        const { dataUrl } = await resizePhoto(file);
        onPhotos((current) =>
          current.length >= PHOTOS_MAX ? current : [...current, { id: localId('p'), src: dataUrl }],
        );
      } catch (problem) {
        console.error('photo', problem);
        void toastWarning(m.vehicle_form_photo_unreadable({ name: file.name }, t));
      }
      setPreparing({ done: index + 1, total: taken.length });
    }
    setPreparing(null);
  };

  const move = (index: number, direction: 'earlier' | 'later') => {
    const to = direction === 'earlier' ? index - 1 : index + 1;
    const photo = photos[index];
    if (!photo || to < 0 || to >= photos.length) return;
    onPhotos((current) => movePhoto(current, index, to));
    setFollow({ id: photo.id, direction });
    setAnnouncement(m.vehicle_form_photo_moved({ index: to + 1, count: photos.length }, t));
  };

  const remove = (index: number) => {
    const photo = photos[index];
    if (!photo) return;
    onPhotos((current) => current.filter((item) => item.id !== photo.id));
    setAnnouncement(m.vehicle_form_photo_removed({ count: photos.length - 1 }, t));
    // Focus goes to the photo that takes its place, or to the add button.
    const next = photos[index + 1] ?? photos[index - 1];
    requestAnimationFrame(() => {
      const target = next
        ? list.current?.querySelector<HTMLElement>(`[data-photo="${next.id}"] [data-remove]`)
        : document.getElementById(id);
      target?.focus();
    });
  };

  useEffect(() => {
    if (!follow) return;
    const item = list.current?.querySelector(`[data-photo="${follow.id}"]`);
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${follow.direction}"]`);
    const other = item?.querySelector<HTMLButtonElement>(
      `[data-move="${follow.direction === 'earlier' ? 'later' : 'earlier'}"]`,
    );
    (same && !same.disabled ? same : other)?.focus();
    setFollow(null);
  }, [follow, photos]);

  const full = photos.length >= PHOTOS_MAX;
  const enough = photos.length >= PHOTOS_MIN;

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          id={id}
          onClick={() => input.current?.click()}
          disabled={full || preparing !== null}
          aria-describedby={describedBy(id, 'hint', error)}
          aria-invalid={error ? true : undefined}
          className="inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-dashed border-brand-600 px-5 font-bold text-brand-800 transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <Icon name="camera" className="size-5" />
          {m.vehicle_form_photos_add({}, t)}
        </button>
        <p
          className={`text-sm font-semibold ${enough ? 'text-status-accepted' : 'text-muted'}`}
          data-photos-count={photos.length}
        >
          {m.vehicle_form_photos_count({ count: photos.length, max: PHOTOS_MAX }, t)}
        </p>
        <input
          ref={input}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void choose(event)}
          data-vehicle-photos-input
        />
      </div>
      <p id={hintId} className="mt-2 text-sm text-muted">
        {m.vehicle_form_photos_hint({}, t)}
      </p>
      <FieldError id={id} error={error} />
      {preparing && (
        <p
          role="status"
          className="mt-3 flex items-center gap-2 text-sm font-semibold text-ink-soft"
        >
          <span className="size-4 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
          {m.vehicle_form_photos_preparing(preparing, t)}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {photos.length === 0 ? (
        <p className="mt-4 rounded-control border border-dashed border-line-strong p-6 text-center text-muted">
          {m.vehicle_form_photos_empty({}, t)}
        </p>
      ) : (
        <ol
          ref={list}
          aria-labelledby={labelledBy}
          className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4"
          data-photos-list
        >
          {photos.map((photo, index) => {
            const number = index + 1;
            return (
              <li
                key={photo.id}
                data-photo={photo.id}
                className="relative overflow-hidden rounded-control border border-line bg-canvas"
              >
                <img
                  src={photo.src}
                  alt={m.vehicle_form_photo_alt({ index: number }, t)}
                  className="aspect-[4/3] w-full object-cover"
                  decoding="async"
                />
                {index === 0 && (
                  <span
                    className="absolute start-2 top-2 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-bold text-white shadow"
                    data-cover
                  >
                    {m.vehicle_form_photo_cover({}, t)}
                  </span>
                )}
                <span className="absolute end-2 top-2 grid size-7 place-items-center rounded-full bg-night/75 text-xs font-bold text-white">
                  {number}
                </span>
                <div className="absolute inset-x-2 bottom-2 flex justify-between gap-1">
                  <div className="flex gap-1">
                    <button
                      type="button"
                      data-move="earlier"
                      onClick={() => move(index, 'earlier')}
                      disabled={index === 0}
                      aria-label={m.vehicle_form_photo_earlier({ index: number }, t)}
                      title={m.vehicle_form_photo_earlier({ index: number }, t)}
                      className={`${smallButton} text-ink hover:text-brand-800`}
                    >
                      <Icon name="chevron" className="size-4 ltr:-scale-x-100" />
                    </button>
                    <button
                      type="button"
                      data-move="later"
                      onClick={() => move(index, 'later')}
                      disabled={index === photos.length - 1}
                      aria-label={m.vehicle_form_photo_later({ index: number }, t)}
                      title={m.vehicle_form_photo_later({ index: number }, t)}
                      className={`${smallButton} text-ink hover:text-brand-800`}
                    >
                      <Icon name="chevron" className="size-4 rtl:-scale-x-100" />
                    </button>
                  </div>
                  <button
                    type="button"
                    data-remove
                    onClick={() => remove(index)}
                    aria-label={m.vehicle_form_photo_remove({ index: number }, t)}
                    title={m.vehicle_form_photo_remove({ index: number }, t)}
                    className={`${smallButton} text-danger`}
                  >
                    <Icon name="close" className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
