import 'cropperjs/dist/cropper.css';
import { useRef, useState } from 'react';
import { Cropper, type ReactCropperElement } from 'react-cropper';
import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { dialogButtonClass } from './fields.tsx';

/** How a picture is cropped: the box's width / height, its least size, the output's. */
export interface CropSettings {
  aspectRatio: number;
  /** Least width and height of the crop box, in px. */
  minBox: number;
  /** Longest side of the output, in px. */
  outputMax: number;
  /** JPEG quality of the output. */
  quality: number;
  /** The preview beside the cropper: a round avatar or the card's rectangle. */
  preview: 'circle' | 'rect';
}

/** Spec §9: a square crop, a crop box of at least 20 × 20, JPEG output. */
export const PROFILE_CROP: CropSettings = {
  aspectRatio: 1,
  minBox: 20,
  outputMax: 800,
  quality: 0.9,
  preview: 'circle',
};

/** The texts of the crop panel; the profile picture's by default. */
export interface CropTexts {
  hint: string;
  preview: string;
  cancel: string;
  save: string;
}

interface Props {
  lang: Lang;
  /** The chosen picture as a data URL. */
  src: string;
  onCancel: () => void;
  /** Receives the crop as a JPEG data URL. */
  onCropped: (dataUrl: string) => void;
  crop?: CropSettings;
  texts?: Partial<CropTexts>;
}

/**
 * The cropper of the profile picture (square) and the vehicle's main image (1.75): cropperjs 1.6
 * through react-cropper. Loaded only when a picture is chosen, so the pages do not carry it
 * before that.
 */
export default function PictureCropper({
  lang,
  src,
  onCancel,
  onCropped,
  crop = PROFILE_CROP,
  texts = {},
}: Props) {
  const t = { locale: lang };
  const cropper = useRef<ReactCropperElement>(null);
  const [ready, setReady] = useState(false);
  const text: CropTexts = {
    hint: texts.hint ?? m.profile_picture_hint({}, t),
    preview: texts.preview ?? m.profile_picture_preview({}, t),
    cancel: texts.cancel ?? m.profile_picture_cancel({}, t),
    save: texts.save ?? m.profile_picture_save({}, t),
  };
  const round = crop.preview === 'circle';
  // Two croppers never share a page, but their previews must not find each other's boxes.
  const previewClass = round ? 'profile-crop-preview' : 'wide-crop-preview';

  const save = () => {
    const instance = cropper.current?.cropper;
    if (!instance) return;
    const canvas = instance.getCroppedCanvas({
      maxWidth: crop.outputMax,
      maxHeight: crop.outputMax,
      // JPEG has no transparency: transparent parts of a PNG turn white, not black.
      fillColor: '#fff',
      imageSmoothingQuality: 'high',
    });
    onCropped(canvas.toDataURL('image/jpeg', crop.quality));
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
            aspectRatio={crop.aspectRatio}
            viewMode={1}
            dragMode="move"
            autoCropArea={0.9}
            minCropBoxWidth={crop.minBox}
            minCropBoxHeight={crop.minBox}
            background={false}
            responsive
            checkOrientation
            preview={`.${previewClass}`}
            ready={() => setReady(true)}
          />
        </div>
        <div className="flex items-center gap-3 sm:w-32 sm:flex-col sm:items-center">
          <div
            dir="ltr"
            className={`${previewClass} shrink-0 overflow-hidden border-4 border-surface bg-line shadow-card ${round ? 'size-20 rounded-full sm:size-28' : 'h-16 w-28 rounded-control sm:h-[4.6rem] sm:w-32'}`}
            aria-hidden="true"
          />
          <p className="text-sm font-semibold text-muted">{text.preview}</p>
        </div>
      </div>
      <p className="text-sm text-muted">{text.hint}</p>
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={dialogButtonClass.secondary}>
          {text.cancel}
        </button>
        <button
          type="button"
          onClick={save}
          disabled={!ready}
          data-crop-save
          className={dialogButtonClass.primary}
        >
          {text.save}
        </button>
      </div>
    </div>
  );
}
