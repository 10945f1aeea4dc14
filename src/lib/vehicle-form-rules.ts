import {
  EXTRA_NAME_MAX_LENGTH,
  EXTRA_VALUE_MAX_LENGTH,
  FEATURE_MAX_LENGTH,
  asciiDigits,
  clampMeals,
  clampPrice,
  clampYear,
  vehicleDraftProblems,
} from '../../domain/vehicle-draft.ts';
import type { ValidationMessage } from '../../domain/validation.ts';
import {
  draftOf,
  updateBodyOf,
  type ExtraRow,
  type FormMode,
  type VehicleFormState,
} from './vehicle-form.ts';

/*
 * The add and edit vehicle form's rules (spec §5): the checks of the whole form, the live rules
 * of the number inputs, and the input a failing check points at. The form itself is in
 * ./vehicle-form.ts.
 */

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
