import { useId, type ReactNode } from 'react';
import type { Lang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { TextField } from '../../forms/fields.tsx';

/* The dashboard's form pieces, on top of the site's own (src/islands/forms/fields.tsx). */
export { SelectField, TextAreaField, TextField } from '../../forms/fields.tsx';

export const buttonClass = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-5 font-bold text-white transition-colors hover:bg-brand-800 disabled:opacity-60',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-line-strong px-5 font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800 disabled:opacity-60',
  danger:
    'inline-flex min-h-9 items-center justify-center rounded-full border border-red-300 px-3 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60',
  small:
    'inline-flex min-h-9 items-center justify-center rounded-full border border-line-strong px-3 text-sm font-semibold text-ink-soft hover:border-brand-600 hover:text-brand-800 disabled:opacity-60',
};

/** A number typed left to right (an arrange number, a price, a count). */
export function NumberField(props: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
}) {
  return <TextField {...props} inputMode="decimal" ltr />;
}

/** The Arabic and English names every lookup carries. */
export function NamePair({
  lang,
  nameAr,
  nameEn,
  onChange,
  errors,
}: {
  lang: Lang;
  nameAr: string;
  nameEn: string;
  onChange: (names: { nameAr: string; nameEn: string }) => void;
  errors?: { nameAr?: string | null; nameEn?: string | null };
}) {
  const t = { locale: lang };
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${id}-ar`}
        label={m.admin_name_ar({}, t)}
        value={nameAr}
        dir="rtl"
        lang="ar"
        onValue={(value) => onChange({ nameAr: value, nameEn })}
        error={errors?.nameAr}
      />
      <TextField
        id={`${id}-en`}
        label={m.admin_name_en({}, t)}
        value={nameEn}
        dir="ltr"
        lang="en"
        onValue={(value) => onChange({ nameAr, nameEn: value })}
        error={errors?.nameEn}
      />
    </div>
  );
}

/** A labelled checkbox. */
export function CheckboxField({
  label,
  checked,
  onChecked,
}: {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
        className="size-5 accent-brand-700"
      />
      <span>{label}</span>
    </label>
  );
}

/** Reads a picked image as a data URL (the API takes images as base64 data URLs). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** An image picker (JPEG or PNG) showing the current or picked image. */
export function ImageField({
  lang,
  label,
  value,
  onValue,
  error,
}: {
  lang: Lang;
  label: string;
  /** The current image's address or the picked image's data URL ('' for none). */
  value: string;
  onValue: (dataUrl: string) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink-soft">
        {label}
      </label>
      <div className="flex items-center gap-3">
        {value && (
          <img src={value} alt="" className="size-16 rounded-lg border border-line object-cover" />
        )}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (file) onValue(await readAsDataUrl(file));
          }}
          className="text-sm file:me-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
        />
      </div>
      <span className="sr-only">{m.admin_choose_image({}, { locale: lang })}</span>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
