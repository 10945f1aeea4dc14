import type { VehicleForUpdate } from '../../server/routes/vehicle/schemas.ts';
import {
  FEATURES_COUNT,
  type VehicleDraft,
  type VehicleUpdateDraft,
} from '../../domain/vehicle-draft.ts';
import type { DraftImage } from './vehicle-draft-store.ts';

/*
 * The add and edit vehicle form as the page holds it (spec §2 "Add vehicle", §3 vehicle draft):
 * number inputs as typed text (so Arabic-Indic digits can be typed and cleaned), images as data:
 * URLs or, on the edit page, the vehicle's current /uploads paths. Plain functions turn it into
 * the draft that domain/vehicle-draft.ts checks and the API takes. The form's rules (checks,
 * live input rules, the input a failing check points at) are in ./vehicle-form-rules.ts.
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
