import type { VehicleForUpdate } from '../../server/routes/vehicle/schemas.ts';
import {
  FEATURES_COUNT,
  FEATURE_MAX_LENGTH,
  EXTRA_NAME_MAX_LENGTH,
  EXTRA_VALUE_MAX_LENGTH,
  asciiDigits,
  vehicleDraftProblems,
  clampMeals,
  clampPrice,
  clampYear,
  type VehicleDraft,
  type VehicleUpdateDraft,
} from '../../domain/vehicle-draft.ts';
import type { ValidationMessage } from '../../domain/validation.ts';
import type { DraftImage } from './vehicle-draft-store.ts';

/*
 * The add and edit vehicle form as the page holds it (spec §2 "Add vehicle", §3 vehicle draft):
 * number inputs as typed text (so Arabic-Indic digits can be typed and cleaned), images as data:
 * URLs or, on the edit page, the vehicle's current /uploads paths. Plain functions turn it into
 * the draft that domain/vehicle-draft.ts checks and the API takes.
 */

export interface ExtraRow {
  /** Only for the page (React keys, input ids); not sent. */
  id: string;
  extensionName: string;
  extentionValue: string;
}

/** What the form keeps besides its images (this is what the draft store's record holds). */
export interface VehicleFormFields {
  brandIdFk: number;
  modelIdFk: number;
  year: string;
  numOfMeals: string;
  bodyTypeIdCfk: number;
  colorIdCFK: number;
  paintedTypeIdCfk: number;
  paintedStatusIdCfk: number;
  specificationIdCfk: number;
  gearTypeIdCfk: number;
  oilTypeIdCfk: number;
  price: string;
  currency: number;
  features: string[];
  /** Rich text (HTML) from the editor; '' when empty. */
  description: string;
  extras: ExtraRow[];
}

export interface VehicleFormState extends VehicleFormFields {
  mainImage: DraftImage | null;
  /** In display order: the first is the cover. */
  photos: DraftImage[];
}

/** The images the vehicle had when the edit page loaded it: unchanged ones are not resent. */
export interface OriginalImages {
  mainImage: string;
  photos: string[];
}

let counter = 0;
/** A page-local id (photos, extra rows); works outside secure contexts too. */
export function localId(prefix = 'i'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function emptyVehicleForm(): VehicleFormState {
  return {
    brandIdFk: 0,
    modelIdFk: 0,
    year: '',
    numOfMeals: '',
    bodyTypeIdCfk: 0,
    colorIdCFK: 0,
    paintedTypeIdCfk: 0,
    paintedStatusIdCfk: 0,
    specificationIdCfk: 0,
    gearTypeIdCfk: 0,
    oilTypeIdCfk: 0,
    price: '',
    currency: 0,
    features: Array.from({ length: FEATURES_COUNT }, () => ''),
    description: '',
    extras: [],
    mainImage: null,
    photos: [],
  };
}

const numberText = (value: number) => (value > 0 ? String(value) : '');

/** The edit form filled from GetVehicelForUpdate. */
export function formOfVehicle(vehicle: VehicleForUpdate): VehicleFormState {
  const features = [...vehicle.bestThreeCategories];
  while (features.length < FEATURES_COUNT) features.push('');
  return {
    brandIdFk: vehicle.brandIdFk,
    modelIdFk: vehicle.modelIdFk,
    year: numberText(vehicle.year),
    numOfMeals: numberText(vehicle.numOfMeals),
    bodyTypeIdCfk: vehicle.bodyTypeIdCfk,
    colorIdCFK: vehicle.colorIdCFK,
    paintedTypeIdCfk: vehicle.paintedTypeIdCfk,
    paintedStatusIdCfk: vehicle.paintedStatusIdCfk,
    specificationIdCfk: vehicle.specificationIdCfk,
    gearTypeIdCfk: vehicle.gearTypeIdCfk,
    oilTypeIdCfk: vehicle.oilTypeIdCfk,
    price: vehicle.price > 0 ? String(vehicle.price) : '',
    currency: vehicle.currency,
    features: features.slice(0, FEATURES_COUNT),
    description: vehicle.moreInfo ?? '',
    extras: vehicle.extinsionCategory.map((extra) => ({ id: localId('x'), ...extra })),
    mainImage: vehicle.image ? { id: 'current-main', src: vehicle.image } : null,
    photos: vehicle.images.map((image) => ({ id: `current-${image.id}`, src: image.path })),
  };
}

export function originalImagesOf(vehicle: VehicleForUpdate): OriginalImages {
  return { mainImage: vehicle.image, photos: vehicle.images.map((image) => image.path) };
}

/**
 * The form from a saved draft, over `base` (the empty form, or the vehicle as loaded): what the
 * draft lacks or holds in the wrong shape (an older version of the page) comes from `base`.
 */
export function restoreForm(
  base: VehicleFormState,
  saved: { fields: Partial<VehicleFormFields>; mainImage: DraftImage | null; photos: DraftImage[] },
): VehicleFormState {
  const fields = saved.fields ?? {};
  const pick = <K extends keyof VehicleFormFields>(name: K): VehicleFormFields[K] =>
    typeof fields[name] === typeof base[name] ? (fields[name] as VehicleFormFields[K]) : base[name];
  const features = Array.isArray(fields.features)
    ? base.features.map((feature, index) => {
        const value = fields.features![index];
        return typeof value === 'string' ? value : feature;
      })
    : base.features;
  const extras = Array.isArray(fields.extras)
    ? fields.extras
        .filter((row) => row && typeof row === 'object')
        .map((row) => ({
          id: typeof row.id === 'string' && row.id ? row.id : localId('x'),
          extensionName: String(row.extensionName ?? ''),
          extentionValue: String(row.extentionValue ?? ''),
        }))
    : base.extras;
  return {
    brandIdFk: pick('brandIdFk'),
    modelIdFk: pick('modelIdFk'),
    year: pick('year'),
    numOfMeals: pick('numOfMeals'),
    bodyTypeIdCfk: pick('bodyTypeIdCfk'),
    colorIdCFK: pick('colorIdCFK'),
    paintedTypeIdCfk: pick('paintedTypeIdCfk'),
    paintedStatusIdCfk: pick('paintedStatusIdCfk'),
    specificationIdCfk: pick('specificationIdCfk'),
    gearTypeIdCfk: pick('gearTypeIdCfk'),
    oilTypeIdCfk: pick('oilTypeIdCfk'),
    price: pick('price'),
    currency: pick('currency'),
    features,
    description: pick('description'),
    extras,
    mainImage: saved.mainImage ?? base.mainImage,
    photos: Array.isArray(saved.photos) ? saved.photos : base.photos,
  };
}

export function fieldsOf(form: VehicleFormState): VehicleFormFields {
  const { mainImage: _main, photos: _photos, ...fields } = form;
  return fields;
}

const toNumber = (text: string) => {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
};

/** The whole draft as the form shows it: what the §5 check runs on, and what CreateVehicle takes. */
export function draftOf(form: VehicleFormState): VehicleDraft {
  return {
    brandIdFk: form.brandIdFk,
    modelIdFk: form.modelIdFk,
    year: Math.trunc(toNumber(form.year)),
    numOfMeals: Math.trunc(toNumber(form.numOfMeals)),
    bodyTypeIdCfk: form.bodyTypeIdCfk,
    colorIdCFK: form.colorIdCFK,
    paintedTypeIdCfk: form.paintedTypeIdCfk,
    paintedStatusIdCfk: form.paintedStatusIdCfk,
    specificationIdCfk: form.specificationIdCfk,
    price: toNumber(form.price),
    currency: form.currency,
    gearTypeIdCfk: form.gearTypeIdCfk,
    oilTypeIdCfk: form.oilTypeIdCfk,
    image: form.mainImage?.src ?? '',
    images: form.photos.map((photo) => photo.src),
    bestThreeCategories: form.features.map((feature) => feature.trim()),
    moreInfo: form.description,
    extinsionCategory: form.extras.map(({ extensionName, extentionValue }) => ({
      extensionName: extensionName.trim(),
      extentionValue: extentionValue.trim(),
    })),
  };
}

/**
 * UpdateVehicle's body: the draft with its id, where an unchanged main image is sent as '' and
 * an unchanged photo list as [] (both keep what the vehicle has). A changed list is sent whole:
 * kept photos as their /uploads path, new ones as data: URLs, in display order.
 */
export function updateBodyOf(
  form: VehicleFormState,
  id: number,
  original: OriginalImages,
): VehicleUpdateDraft {
  const draft = draftOf(form);
  const mainChanged = draft.image !== '' && draft.image !== original.mainImage;
  return {
    ...draft,
    id,
    image: mainChanged ? draft.image : '',
    images: photosChanged(draft.images, original.photos) ? draft.images : [],
  };
}

export function photosChanged(photos: readonly string[], original: readonly string[]): boolean {
  return photos.length !== original.length || photos.some((src, index) => src !== original[index]);
}

/** What the form is for: a new vehicle, or the vehicle `id` as it was loaded. */
export type FormMode =
  { mode: 'create' } | { mode: 'update'; id: number; original: OriginalImages };

/**
 * Spec §5 on the form, in the spec's order (domain/vehicle-draft.ts). On the edit page it runs on
 * what UpdateVehicle would receive (unchanged images are kept, so a vehicle with fewer than 6
 * photos can still have its price changed), except that removing every photo asks for photos.
 */
export function vehicleFormError(
  form: VehicleFormState,
  target: FormMode,
): ValidationMessage | null {
  return vehicleFormProblems(form, target)[0] ?? null;
}

/** Every failing check of the form in the same order, one per field (see vehicleFormError). */
export function vehicleFormProblems(form: VehicleFormState, target: FormMode): ValidationMessage[] {
  if (target.mode === 'create') return vehicleDraftProblems(draftOf(form), { mode: 'create' });
  const body = updateBodyOf(form, target.id, target.original);
  const problems = vehicleDraftProblems(body, { mode: 'update' });
  const allRemoved = form.photos.length === 0 && target.original.photos.length > 0;
  if (!allRemoved || problems.includes('vehicle_check_photos')) return problems;
  // The photos' place in the order: after the thumbnail, before the extras and the description.
  const later: ValidationMessage[] = ['vehicle_check_extras', 'vehicle_description_max'];
  const at = problems.findIndex((problem) => later.includes(problem));
  const index = at === -1 ? problems.length : at;
  return [...problems.slice(0, index), 'vehicle_check_photos', ...problems.slice(index)];
}

/** The body to send: CreateVehicle's draft, or UpdateVehicle's with unchanged images left out. */
export function requestBodyOf(
  form: VehicleFormState,
  target: FormMode,
): VehicleDraft | VehicleUpdateDraft {
  return target.mode === 'create' ? draftOf(form) : updateBodyOf(form, target.id, target.original);
}

/** Whether two forms hold the same values (ids of extra rows aside): nothing to keep as a draft. */
export function sameForm(a: VehicleFormState, b: VehicleFormState): boolean {
  const plain = (form: VehicleFormState) =>
    JSON.stringify({
      ...fieldsOf(form),
      extras: form.extras.map(({ extensionName, extentionValue }) => [
        extensionName,
        extentionValue,
      ]),
      mainImage: form.mainImage?.src ?? '',
      photos: form.photos.map((photo) => photo.src),
    });
  return plain(a) === plain(b);
}

/** Moves the photo at `from` to `to` (the first photo is the cover). */
export function movePhoto<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) {
    return [...list];
  }
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

// ---------------------------------------------------------------- live input rules (spec §5)

/** What a number input shows after a keystroke, and the clamp's toast when it changed it. */
export interface InputRule {
  text: string;
  message: ValidationMessage | null;
}

/** ASCII digits only (Arabic-Indic and Persian digits converted). */
export function digitsOnly(input: string): string {
  return asciiDigits(input).replace(/\D/g, '');
}

/** Year: digits, at most 4; once 4 digits it is held to 1900..2030 with a toast. */
export function yearInput(input: string): InputRule {
  const digits = digitsOnly(input).slice(0, 4);
  if (digits === '') return { text: '', message: null };
  const { value, message } = clampYear(digits);
  return { text: message ? String(value) : digits, message };
}

/** Distance in km: digits, held to 0..999999999 with a toast. */
export function mealsInput(input: string): InputRule {
  const cleaned = asciiDigits(input).trim();
  const negative = cleaned.startsWith('-');
  const digits = cleaned.replace(/\D/g, '');
  if (digits === '') return { text: '', message: null };
  const { value, message } = clampMeals(negative ? `-${digits}` : digits);
  return { text: String(value), message };
}

/**
 * Price: digits and one decimal point (the Arabic decimal separator too), at most two decimals;
 * a negative price becomes 0 with a toast.
 */
export function priceInput(input: string): InputRule {
  const cleaned = asciiDigits(input)
    .trim()
    .replace(/\u066B/g, '.')
    .replace(/[,\s\u066C]/g, '');
  const negative = cleaned.startsWith('-');
  let [whole = '', ...rest] = cleaned.replace(/[^\d.]/g, '').split('.');
  const decimals = rest.join('').slice(0, 2);
  whole = whole.replace(/^0+(?=\d)/, '');
  const text = rest.length > 0 ? `${whole || '0'}.${decimals}` : whole;
  if (negative && text !== '') {
    const { value, message } = clampPrice(`-${text}`);
    return { text: message ? String(value) : text, message };
  }
  return { text, message: null };
}

/** Price on leaving the field: a trailing point dropped ("12." → "12"). */
export function priceOnBlur(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text;
}

// ---------------------------------------------------------------- where a failing check points

export const FIELD_IDS = {
  brand: 'vehicle-brand',
  model: 'vehicle-model',
  year: 'vehicle-year',
  meals: 'vehicle-meals',
  bodyType: 'vehicle-body-type',
  color: 'vehicle-color',
  paintedType: 'vehicle-painted-type',
  paintedStatus: 'vehicle-painted-status',
  specification: 'vehicle-specification',
  gearType: 'vehicle-gear-type',
  oilType: 'vehicle-oil-type',
  price: 'vehicle-price',
  currency: 'vehicle-currency',
  description: 'vehicle-description',
  mainImage: 'vehicle-image-choose',
  photos: 'vehicle-photos-add',
} as const;

export const featureFieldId = (index: number) => `vehicle-feature-${index + 1}`;
export const extraFieldId = (row: ExtraRow, part: 'name' | 'value') =>
  `vehicle-extra-${part}-${row.id}`;

const byMessage: Partial<Record<ValidationMessage, string>> = {
  vehicle_check_brand: FIELD_IDS.brand,
  vehicle_check_model: FIELD_IDS.model,
  vehicle_check_year: FIELD_IDS.year,
  vehicle_year_min: FIELD_IDS.year,
  vehicle_year_max: FIELD_IDS.year,
  vehicle_check_meals: FIELD_IDS.meals,
  vehicle_meals_min: FIELD_IDS.meals,
  vehicle_meals_max: FIELD_IDS.meals,
  vehicle_check_body_type: FIELD_IDS.bodyType,
  vehicle_check_color: FIELD_IDS.color,
  vehicle_check_painted_type: FIELD_IDS.paintedType,
  vehicle_check_painted_status: FIELD_IDS.paintedStatus,
  vehicle_check_specification: FIELD_IDS.specification,
  vehicle_check_gear_type: FIELD_IDS.gearType,
  vehicle_check_oil_type: FIELD_IDS.oilType,
  vehicle_check_price: FIELD_IDS.price,
  vehicle_price_min: FIELD_IDS.price,
  vehicle_price_decimals: FIELD_IDS.price,
  vehicle_check_currency: FIELD_IDS.currency,
  vehicle_check_image: FIELD_IDS.mainImage,
  vehicle_check_photos: FIELD_IDS.photos,
  vehicle_photos_max: FIELD_IDS.photos,
  vehicle_description_max: FIELD_IDS.description,
};

const blank = (text: string) => text.trim() === '';

/** The id of the input a failing check is about (to mark and focus it), or null. */
export function fieldOfMessage(message: ValidationMessage, form: VehicleFormState): string | null {
  if (message === 'vehicle_check_features') {
    const index = form.features.findIndex(
      (feature) => blank(feature) || feature.trim().length > FEATURE_MAX_LENGTH,
    );
    return featureFieldId(Math.max(0, index));
  }
  if (message === 'vehicle_check_extras') {
    for (const row of form.extras) {
      if (blank(row.extensionName) || row.extensionName.length > EXTRA_NAME_MAX_LENGTH) {
        return extraFieldId(row, 'name');
      }
      if (blank(row.extentionValue) || row.extentionValue.length > EXTRA_VALUE_MAX_LENGTH) {
        return extraFieldId(row, 'value');
      }
    }
    return null;
  }
  return byMessage[message] ?? null;
}
