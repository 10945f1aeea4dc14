/*
 * The seller's vehicle draft (spec §3) and its rules (spec §5 "Add vehicle", "Edit vehicle",
 * "360 change"): one ordered check that the add and edit forms run before sending and the API
 * runs again on what it receives, so both answer the same first message. Checks return the key
 * of the message to show (texts in messages/*.json, the spec's Arabic word for word) or null.
 */
import { Currency } from './codes.ts';
import type { ValidationMessage } from './validation.ts';

export const YEAR_MIN = 1900;
export const YEAR_MAX = 2030;
/** Distance travelled, in km (the spec's "meals"). */
export const MEALS_MAX = 999_999_999;
export const PHOTOS_MIN = 6;
export const PHOTOS_MAX = 20;
export const FEATURES_COUNT = 3;
export const FEATURE_MAX_LENGTH = 100;
export const EXTRAS_MAX = 30;
export const EXTRA_NAME_MAX_LENGTH = 100;
export const EXTRA_VALUE_MAX_LENGTH = 255;
/** The description's HTML, before the server sanitises it. */
export const DESCRIPTION_MAX_LENGTH = 20_000;
/** The main (thumbnail) image is cropped at width / height = 1.75. */
export const MAIN_IMAGE_RATIO = 1.75;
/** Photos are downscaled in the browser before upload: longest side, JPEG. */
export const PHOTO_UPLOAD_MAX_SIDE = 1920;
/** A 360 image is an equirectangular panorama: width = 2 x height, give or take this share. */
export const PANORAMA_RATIO = 2;
export const PANORAMA_RATIO_TOLERANCE = 0.05;

/** The currencies a price may be in (spec §9). */
export const VEHICLE_CURRENCIES: readonly number[] = [Currency.NIS, Currency.USD, Currency.JOD];

/** An extra row of the draft (the spec's spelling). */
export interface VehicleExtra {
  extensionName: string;
  extentionValue: string;
}

/**
 * The draft as the API takes it (spec §3). Lookup ids use 0 for "not chosen". `image` is the
 * main image and `images` the photos, each a base64 JPEG/PNG (or a data: URL); on update an
 * entry may instead be the /uploads path of one of the vehicle's current images, which keeps it.
 */
export interface VehicleDraft {
  brandIdFk: number;
  modelIdFk: number;
  year: number;
  numOfMeals: number;
  bodyTypeIdCfk: number;
  colorIdCFK: number;
  paintedTypeIdCfk: number;
  paintedStatusIdCfk: number;
  specificationIdCfk: number;
  price: number;
  currency: number;
  gearTypeIdCfk: number;
  oilTypeIdCfk: number;
  image: string;
  images: string[];
  bestThreeCategories: string[];
  moreInfo: string;
  extinsionCategory: VehicleExtra[];
}

/** UpdateVehicle: the draft with its id; an empty `image` or `images` keeps the current ones. */
export interface VehicleUpdateDraft extends VehicleDraft {
  id: number;
}

/** The lookup fields of the draft, in the order spec §5 checks them, with their code kind. */
export const DRAFT_LOOKUPS = [
  ['bodyTypeIdCfk', 'bodyType', 'vehicle_check_body_type'],
  ['colorIdCFK', 'color', 'vehicle_check_color'],
  ['paintedTypeIdCfk', 'paintedType', 'vehicle_check_painted_type'],
  ['paintedStatusIdCfk', 'paintedStatus', 'vehicle_check_painted_status'],
  ['specificationIdCfk', 'specification', 'vehicle_check_specification'],
  ['gearTypeIdCfk', 'gearType', 'vehicle_check_gear_type'],
  ['oilTypeIdCfk', 'oilType', 'vehicle_check_oil_type'],
] as const satisfies readonly (readonly [keyof VehicleDraft, string, ValidationMessage])[];

export type DraftLookupKind = (typeof DRAFT_LOOKUPS)[number][1] | 'currency';

/**
 * Whether an id exists as what the draft uses it for. The form has only chosen from the lists,
 * so it passes nothing and every id above 0 counts as chosen; the API passes the database's
 * answer, so an unknown id, an id of another kind of lookup, or a model of another make gets
 * the same message as an empty choice.
 */
export interface DraftLookups {
  brand(id: number): boolean;
  model(id: number, brandId: number): boolean;
  code(kind: DraftLookupKind, id: number): boolean;
}

const chosen = (id: number) => Number.isInteger(id) && id > 0;
const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** At most two decimals (a price in shekels and agorot). */
export function hasTwoDecimalsAtMost(value: number): boolean {
  return Number.isFinite(value) && Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * Spec §5 add vehicle, in its order: brand, model, year, distance, body type, colour, paint type,
 * paint status, specification, gear, fuel, price, currency; then the three features, the
 * thumbnail and at least 6 photos. The API's own limits follow (at most 20 photos, two decimals,
 * the currency list, text lengths). On update (`mode: 'update'`) the id comes first and an empty
 * thumbnail or photo list keeps the current ones.
 */
export function vehicleDraftError(
  draft: VehicleDraft & { id?: number },
  options: { mode?: 'create' | 'update'; lookups?: DraftLookups } = {},
): ValidationMessage | null {
  return vehicleDraftProblems(draft, options)[0] ?? null;
}

/**
 * Every failing check of a draft, in the same order, one per field (a year that is missing
 * says only that): the first is `vehicleDraftError`'s answer, the rest let a form mark every
 * invalid field at once.
 */
export function vehicleDraftProblems(
  draft: VehicleDraft & { id?: number },
  options: { mode?: 'create' | 'update'; lookups?: DraftLookups } = {},
): ValidationMessage[] {
  const { mode = 'create', lookups } = options;
  const problems: ValidationMessage[] = [];
  /** The first failing check of one field: [failed, message] pairs in order. */
  const field = (...checks: [boolean, ValidationMessage][]) => {
    const failing = checks.find(([failed]) => failed);
    if (failing) problems.push(failing[1]);
  };
  if (mode === 'update') field([!chosen(draft.id ?? 0), 'vehicle_check_id']);
  field([
    !chosen(draft.brandIdFk) || Boolean(lookups && !lookups.brand(draft.brandIdFk)),
    'vehicle_check_brand',
  ]);
  field([
    !chosen(draft.modelIdFk) ||
      Boolean(lookups && !lookups.model(draft.modelIdFk, draft.brandIdFk)),
    'vehicle_check_model',
  ]);
  field(
    [!chosen(draft.year), 'vehicle_check_year'],
    [draft.year < YEAR_MIN, 'vehicle_year_min'],
    [draft.year > YEAR_MAX, 'vehicle_year_max'],
  );
  field(
    [!chosen(draft.numOfMeals), 'vehicle_check_meals'],
    [draft.numOfMeals > MEALS_MAX, 'vehicle_meals_max'],
  );
  for (const [key, kind, message] of DRAFT_LOOKUPS) {
    const id = draft[key];
    field([!chosen(id) || Boolean(lookups && !lookups.code(kind, id)), message]);
  }
  field(
    [!(draft.price > 0), 'vehicle_check_price'],
    [!hasTwoDecimalsAtMost(draft.price), 'vehicle_price_decimals'],
  );
  field([
    !VEHICLE_CURRENCIES.includes(draft.currency) ||
      Boolean(lookups && !lookups.code('currency', draft.currency)),
    'vehicle_check_currency',
  ]);
  const features = draft.bestThreeCategories ?? [];
  field([
    features.length !== FEATURES_COUNT ||
      features.some((feature) => blank(feature) || feature.trim().length > FEATURE_MAX_LENGTH),
    'vehicle_check_features',
  ]);
  const images = draft.images ?? [];
  if (mode === 'create') field([blank(draft.image), 'vehicle_check_image']);
  if (mode === 'create' || images.length > 0) {
    field(
      [images.length < PHOTOS_MIN, 'vehicle_check_photos'],
      [images.length > PHOTOS_MAX, 'vehicle_photos_max'],
    );
  }
  const extras = draft.extinsionCategory ?? [];
  field([
    extras.length > EXTRAS_MAX ||
      extras.some(
        (extra) =>
          blank(extra.extensionName) ||
          blank(extra.extentionValue) ||
          extra.extensionName.length > EXTRA_NAME_MAX_LENGTH ||
          extra.extentionValue.length > EXTRA_VALUE_MAX_LENGTH,
      ),
    'vehicle_check_extras',
  ]);
  field([(draft.moreInfo ?? '').length > DESCRIPTION_MAX_LENGTH, 'vehicle_description_max']);
  return problems;
}

/** A number field's value after a clamp, and the toast to show when it was changed. */
export interface Clamped {
  value: number;
  message: ValidationMessage | null;
}

/** Arabic-Indic and Persian digits as ASCII digits; other characters are kept. */
export function asciiDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) =>
    String(digit.charCodeAt(0) & 0xf),
  );
}

function parsed(input: string | number): number {
  if (typeof input === 'number') return Number.isFinite(input) ? input : 0;
  const value = Number(
    asciiDigits(input)
      .replace(/[,\s\u066C]/g, '')
      .replace('\u066B', '.'),
  );
  return Number.isFinite(value) ? value : 0;
}

/**
 * Spec §5 year clamp: non-numeric becomes 0; once it has 4 digits it is held to 1900..2030 with
 * a toast (fewer digits are still being typed and stay as they are).
 */
export function clampYear(input: string | number): Clamped {
  const value = Math.trunc(parsed(input));
  if (String(Math.abs(value)).length < 4) return { value, message: null };
  if (value > YEAR_MAX) return { value: YEAR_MAX, message: 'vehicle_year_max' };
  if (value < YEAR_MIN) return { value: YEAR_MIN, message: 'vehicle_year_min' };
  return { value, message: null };
}

/** Spec §5 distance clamp: 0..999999999 km with a toast; non-numeric becomes 0. */
export function clampMeals(input: string | number): Clamped {
  const value = Math.trunc(parsed(input));
  if (value < 0) return { value: 0, message: 'vehicle_meals_min' };
  if (value > MEALS_MAX) return { value: MEALS_MAX, message: 'vehicle_meals_max' };
  return { value, message: null };
}

/** Spec §5 price clamp: a negative price becomes 0 with a toast; non-numeric becomes 0. */
export function clampPrice(input: string | number): Clamped {
  const value = parsed(input);
  if (value < 0) return { value: 0, message: 'vehicle_price_min' };
  return { value, message: null };
}

/** Spec §5 "360 change": a vehicle selected, then an image chosen. */
export function image360Error(draft: { id: number; imagePath: string }): ValidationMessage | null {
  if (!chosen(draft.id)) return 'vehicle_check_id';
  if (blank(draft.imagePath)) return 'vehicle_check_360_image';
  return null;
}

/** Whether width x height is an equirectangular panorama (2:1 within the tolerance). */
export function isPanorama(width: number, height: number): boolean {
  if (!(width > 0 && height > 0)) return false;
  return Math.abs(width / height - PANORAMA_RATIO) <= PANORAMA_RATIO * PANORAMA_RATIO_TOLERANCE;
}
