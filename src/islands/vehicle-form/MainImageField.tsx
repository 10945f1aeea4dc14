import { useRef } from 'react';
import { MAIN_IMAGE_RATIO, PHOTO_UPLOAD_MAX_SIDE } from '../../../domain/vehicle-draft.ts';
import type { Lang } from '../../lib/i18n.ts';
import {
  isPhotoType,
  PHOTO_JPEG_QUALITY,
  PHOTO_TYPES,
  resizePhoto,
} from '../../lib/photo-resize.ts';
import type { DraftImage } from '../../lib/vehicle-draft-store.ts';
import { localId } from '../../lib/vehicle-form.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { describedBy, FieldError } from '../forms/fields.tsx';
import type { CropSettings } from '../forms/PictureCropper.tsx';
import { PicturePicker } from '../forms/PicturePicker.tsx';

/** Spec §2: the main image is cropped at 1.75; issue 9: a JPEG, at most 1920 px wide. */
const MAIN_CROP: CropSettings = {
  aspectRatio: MAIN_IMAGE_RATIO,
  minBox: 20,
  outputMax: PHOTO_UPLOAD_MAX_SIDE,
  quality: PHOTO_JPEG_QUALITY,
  preview: 'rect',
};

interface Props {
  lang: Lang;
  /** Id of the choose button (a failing check focuses it). */
  id: string;
  image: DraftImage | null;
  onImage: (image: DraftImage) => void;
  error?: string | null;
}

/**
 * The main (thumbnail) image: choose a JPEG or PNG, crop it at 1.75 in a dialog (cropperjs,
 * loaded then), see it as the vehicle's card will. The chosen file is first turned upright and
 * made at most 1920 px, so the cropper stays fast on a phone.
 */
export function MainImageField({ lang, id, image, onImage, error }: Props) {
  const t = { locale: lang };
  const input = useRef<HTMLInputElement>(null);
  const hint = m.vehicle_form_main_image_hint({}, t);

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="aspect-[1.75] w-full overflow-hidden rounded-control border border-line bg-canvas sm:w-72">
        {image ? (
          <img
            src={image.src}
            alt={m.vehicle_form_main_image_alt({}, t)}
            className="size-full object-cover"
            data-main-image
          />
        ) : (
          <div className="grid size-full place-items-center p-4 text-center text-sm text-muted">
            <span className="flex flex-col items-center gap-2">
              <Icon name="camera" className="size-8 text-line-strong" />
              {m.vehicle_form_main_image_none({}, t)}
            </span>
          </div>
        )}
      </div>
      <div className="flex-1">
        <button
          type="button"
          id={id}
          onClick={() => input.current?.click()}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
          className="inline-flex min-h-12 items-center gap-2 rounded-full border border-line-strong px-5 font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800"
        >
          <Icon name="camera" className="size-5" />
          {image
            ? m.vehicle_form_main_image_change({}, t)
            : m.vehicle_form_main_image_choose({}, t)}
        </button>
        <p id={`${id}-hint`} className="mt-2 text-sm text-muted">
          {hint}
        </p>
        <FieldError id={id} error={error} />
      </div>
      <PicturePicker
        lang={lang}
        inputRef={input}
        name="vehicle-main-image"
        title={m.vehicle_form_crop_title({}, t)}
        crop={MAIN_CROP}
        cropTexts={{
          hint: m.vehicle_form_crop_hint({}, t),
          preview: m.vehicle_form_crop_preview({}, t),
          save: m.vehicle_form_crop_save({}, t),
        }}
        accept={PHOTO_TYPES.join(',')}
        isAccepted={(file) => isPhotoType(file.type)}
        rejected={m.vehicle_form_photos_only_jpeg_png({}, t)}
        prepare={async (file) => (await resizePhoto(file, { quality: 0.92 })).dataUrl}
        onCropped={(dataUrl) => onImage({ id: localId('m'), src: dataUrl })}
      />
    </div>
  );
}
