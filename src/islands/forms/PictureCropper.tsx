import 'cropperjs/dist/cropper.css';
import { useRef, useState } from 'react';
import { Cropper, type ReactCropperElement } from 'react-cropper';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { dialogButtonClass } from './fields.tsx';

/** Spec §9: a square crop, a crop box of at least 20 × 20, JPEG output. */
export const PROFILE_CROP = { aspectRatio: 1, minBox: 20, outputMax: 800, quality: 0.9 };

interface Props {
  lang: Lang;
  /** The chosen picture as a data URL. */
  src: string;
  onCancel: () => void;
  /** Receives the square crop as a JPEG data URL. */
  onCropped: (dataUrl: string) => void;
}

/**
 * The square cropper of the profile picture (cropperjs 1.6 through react-cropper). Loaded only
 * when a picture is chosen, so the profile page does not carry it before that.
 */
export default function PictureCropper({ lang, src, onCancel, onCropped }: Props) {
  const t = { locale: lang };
  const cropper = useRef<ReactCropperElement>(null);
  const [ready, setReady] = useState(false);

  const save = () => {
    const instance = cropper.current?.cropper;
    if (!instance) return;
    const canvas = instance.getCroppedCanvas({
      maxWidth: PROFILE_CROP.outputMax,
      maxHeight: PROFILE_CROP.outputMax,
      // JPEG has no transparency: transparent parts of a PNG turn white, not black.
      fillColor: '#fff',
      imageSmoothingQuality: 'high',
    });
    onCropped(canvas.toDataURL('image/jpeg', PROFILE_CROP.quality));
  };

  return (
    <div className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row">
        {/* cropperjs positions by left offsets: keep its boxes left to right on Arabic pages. */}
        <div
          dir="ltr"
          className="h-[min(55vh,24rem)] min-w-0 flex-1 overflow-hidden rounded-control bg-night"
        >
          <Cropper
            ref={cropper}
            src={src}
            className="size-full"
            style={{ height: '100%', width: '100%' }}
            aspectRatio={PROFILE_CROP.aspectRatio}
            viewMode={1}
            dragMode="move"
            autoCropArea={0.9}
            minCropBoxWidth={PROFILE_CROP.minBox}
            minCropBoxHeight={PROFILE_CROP.minBox}
            background={false}
            responsive
            checkOrientation
            preview=".profile-crop-preview"
            ready={() => setReady(true)}
          />
        </div>
        <div className="flex items-center gap-3 sm:w-32 sm:flex-col sm:items-center">
          <div
            dir="ltr"
            className="profile-crop-preview size-20 shrink-0 overflow-hidden rounded-full border-4 border-surface bg-line shadow-card sm:size-28"
            aria-hidden="true"
          />
          <p className="text-sm font-semibold text-muted">{m.profile_picture_preview({}, t)}</p>
        </div>
      </div>
      <p className="text-sm text-muted">{m.profile_picture_hint({}, t)}</p>
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={dialogButtonClass.secondary}>
          {m.profile_picture_cancel({}, t)}
        </button>
        <button
          type="button"
          onClick={save}
          disabled={!ready}
          data-crop-save
          className={dialogButtonClass.primary}
        >
          {m.profile_picture_save({}, t)}
        </button>
      </div>
    </div>
  );
}
