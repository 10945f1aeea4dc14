import { lazy, Suspense, useState, type ChangeEvent, type Ref } from 'react';
import type { Lang } from '../../lib/i18n.ts';
import { toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';
import type { CropSettings, CropTexts } from './PictureCropper.tsx';

const PictureCropper = lazy(() => import('./PictureCropper.tsx'));

interface Props {
  lang: Lang;
  /** The hidden file input: the page's own buttons open the file chooser with its click(). */
  inputRef: Ref<HTMLInputElement>;
  /** Names the crop dialog and marks the input (`data-{name}-input`) for tests and styles. */
  name: string;
  /** Heading of the crop dialog. */
  title: string;
  /** Receives the crop as a JPEG data URL, after the dialog has closed. */
  onCropped: (dataUrl: string) => void;
  /** The crop (square for the profile picture by default) and the panel's texts. */
  crop?: CropSettings;
  cropTexts?: Partial<CropTexts>;
  /** The file types the chooser offers; any image by default. */
  accept?: string;
  /** Whether a chosen file is taken; `rejected` is toasted otherwise. */
  isAccepted?: (file: File) => boolean;
  rejected?: string;
  /**
   * Turns the chosen file into the cropper's source (e.g. made smaller and upright first); read
   * as it is by default. A failure toasts `rejected`.
   */
  prepare?: (file: File) => Promise<string>;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unread'));
    reader.onerror = () => reject(reader.error ?? new Error('unread'));
    reader.readAsDataURL(file);
  });
}

/**
 * Picks a picture and crops it (spec §4, §9): a file chooser that takes images only, then the
 * cropper in a dialog (square unless `crop` says otherwise). The dialog closes before
 * `onCropped`, which uploads or keeps the picture.
 */
export function PicturePicker({
  lang,
  inputRef,
  name,
  title,
  onCropped,
  crop,
  cropTexts,
  accept = 'image/*',
  isAccepted = (file) => file.type.startsWith('image/'),
  rejected,
  prepare = readAsDataUrl,
}: Props) {
  const t = { locale: lang };
  const [source, setSource] = useState<string | null>(null);
  const refusal = rejected ?? m.profile_picture_only_images({}, t);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a cancel.
    event.target.value = '';
    if (!file) return;
    if (!isAccepted(file)) {
      void toastWarning(refusal);
      return;
    }
    prepare(file).then(setSource, () => void toastWarning(refusal));
  };

  const cropped = (dataUrl: string) => {
    setSource(null);
    onCropped(dataUrl);
  };

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={choose}
        {...{ [`data-${name}-input`]: '' }}
      />
      <Dialog
        open={source !== null}
        onClose={() => setSource(null)}
        labelledBy={`${name}-crop-title`}
        size="max-w-2xl"
        name={name}
      >
        <h2
          id={`${name}-crop-title`}
          className="border-b border-line px-5 py-4 text-lg font-bold text-ink sm:px-6"
        >
          {title}
        </h2>
        {source && (
          <Suspense
            fallback={
              <div className="h-[min(55vh,24rem)] animate-pulse bg-line/60" aria-hidden="true" />
            }
          >
            <PictureCropper
              lang={lang}
              src={source}
              onCancel={() => setSource(null)}
              onCropped={cropped}
              crop={crop}
              texts={cropTexts}
            />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
