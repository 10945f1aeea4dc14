import { lazy, Suspense, useState, type ChangeEvent, type Ref } from 'react';
import type { Lang } from '../../lib/i18n.ts';
import { toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';

const PictureCropper = lazy(() => import('./PictureCropper.tsx'));

interface Props {
  lang: Lang;
  /** The hidden file input: the page's own buttons open the file chooser with its click(). */
  inputRef: Ref<HTMLInputElement>;
  /** Names the crop dialog and marks the input (`data-{name}-input`) for tests and styles. */
  name: string;
  /** Heading of the crop dialog. */
  title: string;
  /** Receives the square crop as a JPEG data URL, after the dialog has closed. */
  onCropped: (dataUrl: string) => void;
}

/**
 * Picks a picture and crops it square (spec §4, §9): a file chooser that takes images only, then
 * the cropper in a dialog. The dialog closes before `onCropped`, which uploads.
 */
export function PicturePicker({ lang, inputRef, name, title, onCropped }: Props) {
  const t = { locale: lang };
  const [source, setSource] = useState<string | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a cancel.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      void toastWarning(m.profile_picture_only_images({}, t));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setSource(reader.result);
    };
    reader.onerror = () => void toastWarning(m.profile_picture_only_images({}, t));
    reader.readAsDataURL(file);
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
        accept="image/*"
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
            />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
