import { AnnouncementType, Currency } from '../../../domain/codes.ts';
import { adOrderError, HORIZONTAL_AD_RATIO, MAIN_AD_RATIO } from '../../../domain/orders.ts';
import { PHOTO_UPLOAD_MAX_SIDE } from '../../../domain/vehicle-draft.ts';
import { useEffect, useRef, useState } from 'react';
import type { AnnouncementKind } from '../../../server/routes/category/schemas.ts';
import { apiGet, errorMessage } from '../../lib/api.ts';
import { confirmDialog } from '../../lib/confirm.ts';
import { formatPrice } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { keepOrder } from '../../lib/order-payment.ts';
import {
  isPhotoType,
  PHOTO_JPEG_QUALITY,
  PHOTO_TYPES,
  resizePhoto,
} from '../../lib/photo-resize.ts';
import { toastWarning } from '../../lib/toast.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { useHydrated } from '../forms/fields.tsx';
import type { CropSettings } from '../forms/PictureCropper.tsx';
import { PicturePicker } from '../forms/PicturePicker.tsx';
import { AD_TYPES, adOrderTerms } from './calls.ts';
import OrderTerms, { daysFrom } from './OrderTerms.tsx';

type Size = { width: number; height: number };

/**
 * The crop of each kind: the home slider's banner (16:5), the horizontal strip (2.5), and the
 * vertical side ad cropped freely (it must end taller than wide, checked before going on).
 */
const ratios: Record<number, number> = {
  [AnnouncementType.main]: MAIN_AD_RATIO,
  [AnnouncementType.horizontal]: HORIZONTAL_AD_RATIO,
  [AnnouncementType.vertical]: NaN,
};

const cropOf = (type: number): CropSettings => ({
  aspectRatio: ratios[type] ?? NaN,
  minBox: 20,
  outputMax: PHOTO_UPLOAD_MAX_SIDE,
  quality: PHOTO_JPEG_QUALITY,
  preview: 'rect',
});

function sizeOf(dataUrl: string): Promise<Size> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('unreadable'));
    image.src = dataUrl;
  });
}

/**
 * Add an advertisement order (spec §2, §4, §5): choose the kind, which clears the image and the
 * date and fetches the likely display date and the daily price; choose and crop the image; the
 * days with the live total; the checks of §5 in order; a confirmation; then /payment.
 */
export default function AddAdForm({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [kinds, setKinds] = useState<AnnouncementKind[]>([]);
  const [type, setType] = useState(0);
  const [terms, setTerms] = useState<{ expectedDate: string; dailyPrice: number } | null>(null);
  const [image, setImage] = useState<{ src: string; size: Size } | null>(null);
  const [days, setDays] = useState('');
  const [message, setMessage] = useState('');
  const latest = useRef(0);

  useEffect(() => {
    apiGet<AnnouncementKind[]>('/api/Category/GetAnnouncementTypes', undefined, { lang }).then(
      (rows) => setKinds(Array.isArray(rows) ? rows : []),
      (error: unknown) => void toastWarning(errorMessage(error, lang)),
    );
  }, [lang]);

  const choose = (next: number) => {
    if (next === type) return;
    // Spec §4: choosing a type clears the image and the date, then loads the new terms.
    setType(next);
    setImage(null);
    setTerms(null);
    const call = ++latest.current;
    adOrderTerms(next, lang).then(
      (answer) => call === latest.current && setTerms(answer),
      (error: unknown) => void toastWarning(errorMessage(error, lang)),
    );
  };

  const cropped = async (src: string) => {
    try {
      setImage({ src, size: await sizeOf(src) });
    } catch {
      void toastWarning(m.orders_image_unreadable({}, t));
    }
  };

  const nameOf = (id: number) =>
    kinds.find((kind) => kind.id === id)?.name ?? typeLabels(lang)[id] ?? '';

  const submit = async () => {
    const order = {
      announcementType: type,
      image: image?.src ?? '',
      durationDay: daysFrom(days),
      message,
      imageSize: image?.size,
    };
    const problem = adOrderError(order);
    if (problem) return void toastWarning(validationText(problem, lang));
    if (!terms) return;
    const confirmed = await confirmDialog({
      title: m.add_ad_confirm({}, t),
      text: m.add_ad_confirm_text(
        {
          type: nameOf(type),
          days: String(order.durationDay),
        },
        t,
      ),
      confirmText: m.orders_to_payment({}, t),
      lang,
    });
    if (!confirmed) return;
    keepOrder({
      kind: 'ad',
      announcementType: type,
      announcementTypeName: nameOf(type),
      image: order.image,
      message: message.trim(),
      durationDay: order.durationDay,
      dailyPrice: terms.dailyPrice,
      totalPrice: 0,
      expectedDate: terms.expectedDate,
    });
    window.location.assign(localizePath('/payment', lang));
  };

  const labels = typeLabels(lang);
  const hints = typeHints(lang);
  const vertical = type === AnnouncementType.vertical;

  return (
    <form
      className="flex flex-col gap-6 rounded-card border border-line bg-surface p-4 shadow-card sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-add-ad
    >
      <fieldset>
        <legend className="mb-3 text-lg font-bold text-ink">{m.add_ad_type({}, t)}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {AD_TYPES.map((id) => {
            const kind = kinds.find((row) => row.id === id);
            return (
              <label
                key={id}
                className="flex cursor-pointer flex-col gap-1 rounded-control border border-line-strong p-4 transition-colors hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <span className="flex items-center gap-2 font-bold text-ink">
                  <input
                    type="radio"
                    name="announcementType"
                    value={id}
                    checked={type === id}
                    onChange={() => choose(id)}
                    className="size-4 accent-brand-700"
                    data-ad-type={id}
                  />
                  {kind?.name ?? labels[id]}
                </span>
                <span className="text-sm text-muted">{hints[id]}</span>
                {kind && (
                  <span className="text-sm font-semibold text-brand-800">
                    {m.add_ad_per_day(
                      { price: formatPrice(Number(kind.value), Currency.NIS, lang) },
                      t,
                    )}
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>

      {type !== 0 && (
        <>
          <section className="flex flex-col gap-3">
            <h2 className="text-lg font-bold text-ink">{m.add_ad_image({}, t)}</h2>
            <p className="text-sm text-muted">
              {vertical ? m.add_ad_image_hint_vertical({}, t) : m.add_ad_image_hint({}, t)}
            </p>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
              <div
                className={`grid place-items-center overflow-hidden rounded-control border border-line bg-canvas ${vertical ? 'h-72 w-48' : 'w-full sm:w-96'}`}
                style={vertical ? undefined : { aspectRatio: String(ratios[type]) }}
              >
                {image ? (
                  <img
                    src={image.src}
                    alt={m.add_ad_image_alt({}, t)}
                    className="size-full object-contain"
                    data-ad-image
                  />
                ) : (
                  <span className="flex flex-col items-center gap-2 p-4 text-center text-sm text-muted">
                    <Icon name="camera" className="size-8 text-line-strong" />
                    {m.add_ad_image_none({}, t)}
                  </span>
                )}
              </div>
              <button
                type="button"
                onClick={() => input.current?.click()}
                className="inline-flex min-h-12 items-center gap-2 self-start rounded-full border border-line-strong px-5 font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800"
                data-choose-ad-image
              >
                <Icon name="camera" className="size-5" />
                {image ? m.add_ad_image_change({}, t) : m.add_ad_image_choose({}, t)}
              </button>
            </div>
            <PicturePicker
              lang={lang}
              inputRef={input}
              name="ad-image"
              title={m.add_ad_crop_title({}, t)}
              crop={cropOf(type)}
              cropTexts={{
                hint: vertical ? m.add_ad_crop_hint_vertical({}, t) : m.add_ad_crop_hint({}, t),
                preview: m.add_ad_crop_preview({}, t),
                save: m.add_ad_crop_save({}, t),
              }}
              accept={PHOTO_TYPES.join(',')}
              isAccepted={(file) => isPhotoType(file.type)}
              rejected={m.orders_images_only({}, t)}
              prepare={async (file) => (await resizePhoto(file, { quality: 0.92 })).dataUrl}
              onCropped={(src) => void cropped(src)}
            />
          </section>

          <OrderTerms
            lang={lang}
            terms={terms}
            days={days}
            onDays={setDays}
            message={message}
            onMessage={setMessage}
          />
        </>
      )}

      <div className="flex justify-end border-t border-line pt-4">
        <button
          type="submit"
          // Until the island has hydrated a press would reach no check.
          disabled={!hydrated}
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand-700 px-8 font-bold text-white transition-colors hover:bg-brand-800 disabled:opacity-60"
          data-ad-submit
        >
          {m.orders_to_payment({}, t)}
        </button>
      </div>
    </form>
  );
}

function typeLabels(lang: Lang): Record<number, string> {
  const t = { locale: lang };
  return {
    [AnnouncementType.main]: m.add_ad_type_main({}, t),
    [AnnouncementType.vertical]: m.add_ad_type_vertical({}, t),
    [AnnouncementType.horizontal]: m.add_ad_type_horizontal({}, t),
  };
}

function typeHints(lang: Lang): Record<number, string> {
  const t = { locale: lang };
  return {
    [AnnouncementType.main]: m.add_ad_type_main_hint({}, t),
    [AnnouncementType.vertical]: m.add_ad_type_vertical_hint({}, t),
    [AnnouncementType.horizontal]: m.add_ad_type_horizontal_hint({}, t),
  };
}
