import { describe, expect, it } from 'vitest';
import type { VehicleForUpdate } from '../../server/routes/vehicle/schemas.ts';
import {
  draftOf,
  emptyVehicleForm,
  formOfVehicle,
  movePhoto,
  originalImagesOf,
  requestBodyOf,
  restoreForm,
  sameForm,
  updateBodyOf,
  type VehicleFormState,
} from '../../src/lib/vehicle-form.ts';
import {
  fieldOfMessage,
  mealsInput,
  priceInput,
  priceOnBlur,
  vehicleFormError,
  yearInput,
} from '../../src/lib/vehicle-form-rules.ts';

const jpeg = (n: number) => `data:image/jpeg;base64,${'A'.repeat(8)}${n}`;
const photos = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i}`, src: jpeg(i) }));

/** A form that passes every check of spec §5. */
function filled(): VehicleFormState {
  return {
    ...emptyVehicleForm(),
    brandIdFk: 3,
    modelIdFk: 31,
    year: '2019',
    numOfMeals: '85000',
    bodyTypeIdCfk: 40,
    colorIdCFK: 41,
    paintedTypeIdCfk: 42,
    paintedStatusIdCfk: 43,
    specificationIdCfk: 44,
    gearTypeIdCfk: 45,
    oilTypeIdCfk: 46,
    price: '52000.5',
    currency: 86,
    features: ['  فتحة سقف ', 'كاميرا خلفية', 'مقاعد جلد'],
    description: '<p><strong>نظيفة</strong></p>',
    extras: [{ id: 'x1', extensionName: ' عدد المقاعد ', extentionValue: '7 ' }],
    mainImage: { id: 'm1', src: jpeg(99) },
    photos: photos(6),
  };
}

const vehicle: VehicleForUpdate = {
  id: 12,
  brandIdFk: 3,
  modelIdFk: 31,
  year: 2019,
  numOfMeals: 85000,
  bodyTypeIdCfk: 40,
  colorIdCFK: 41,
  paintedTypeIdCfk: 42,
  paintedStatusIdCfk: 43,
  specificationIdCfk: 44,
  price: 52000.5,
  currency: 86,
  gearTypeIdCfk: 45,
  oilTypeIdCfk: 46,
  image: '/uploads/vehicles/12/main.webp',
  images: [1, 2, 3, 4, 5, 6].map((id) => ({
    id,
    path: `/uploads/vehicles/12/${id}.webp`,
    width: 1600,
    height: 1200,
  })),
  image360: '',
  bestThreeCategories: ['أ', 'ب', 'ج'],
  moreInfo: '<p>وصف</p>',
  extinsionCategory: [{ extensionName: 'المقاعد', extentionValue: '5' }],
  statusId: 96,
  slug: '12-kia',
};

describe('the draft the form sends (spec §3)', () => {
  it('turns typed numbers into numbers, trims features and extras, and lists the images in order', () => {
    const draft = draftOf(filled());
    expect(draft).toMatchObject({
      year: 2019,
      numOfMeals: 85000,
      price: 52000.5,
      currency: 86,
      bestThreeCategories: ['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد'],
      extinsionCategory: [{ extensionName: 'عدد المقاعد', extentionValue: '7' }],
      image: jpeg(99),
    });
    expect(draft.images).toEqual(photos(6).map((photo) => photo.src));
    expect(draft).not.toHaveProperty('extras');
  });

  it('reads empty number inputs as 0, which the checks treat as not given', () => {
    expect(draftOf(emptyVehicleForm())).toMatchObject({ year: 0, numOfMeals: 0, price: 0 });
  });
});

describe('the add-vehicle checks in the spec §5 order', () => {
  it('answers each missing field with its own message, one after another', () => {
    const form = emptyVehicleForm();
    const target = { mode: 'create' } as const;
    const walk: [string, Partial<VehicleFormState>][] = [
      ['vehicle_check_brand', { brandIdFk: 3 }],
      ['vehicle_check_model', { modelIdFk: 31 }],
      ['vehicle_check_year', { year: '2019' }],
      ['vehicle_check_meals', { numOfMeals: '10' }],
      ['vehicle_check_body_type', { bodyTypeIdCfk: 40 }],
      ['vehicle_check_color', { colorIdCFK: 41 }],
      ['vehicle_check_painted_type', { paintedTypeIdCfk: 42 }],
      ['vehicle_check_painted_status', { paintedStatusIdCfk: 43 }],
      ['vehicle_check_specification', { specificationIdCfk: 44 }],
      ['vehicle_check_gear_type', { gearTypeIdCfk: 45 }],
      ['vehicle_check_oil_type', { oilTypeIdCfk: 46 }],
      ['vehicle_check_price', { price: '100' }],
      ['vehicle_check_currency', { currency: 87 }],
      ['vehicle_check_features', { features: ['a', 'b', 'c'] }],
      ['vehicle_check_image', { mainImage: { id: 'm', src: jpeg(1) } }],
      ['vehicle_check_photos', { photos: photos(6) }],
    ];
    let current = form;
    for (const [message, fix] of walk) {
      expect(vehicleFormError(current, target)).toBe(message);
      current = { ...current, ...fix };
    }
    expect(vehicleFormError(current, target)).toBeNull();
  });

  it('points each failure at the input to focus', () => {
    const form = { ...filled(), features: ['a', '  ', 'c'] };
    expect(fieldOfMessage('vehicle_check_brand', form)).toBe('vehicle-brand');
    expect(fieldOfMessage('vehicle_year_max', form)).toBe('vehicle-year');
    expect(fieldOfMessage('vehicle_check_currency', form)).toBe('vehicle-currency');
    expect(fieldOfMessage('vehicle_check_features', form)).toBe('vehicle-feature-2');
    expect(fieldOfMessage('vehicle_check_image', form)).toBe('vehicle-image-choose');
    expect(fieldOfMessage('vehicle_check_photos', form)).toBe('vehicle-photos-add');
    const extras = {
      ...form,
      extras: [
        { id: 'a', extensionName: 'x', extentionValue: 'y' },
        { id: 'b', extensionName: 'z', extentionValue: ' ' },
      ],
    };
    expect(fieldOfMessage('vehicle_check_extras', extras)).toBe('vehicle-extra-value-b');
    expect(fieldOfMessage('vehicle_check_id', form)).toBeNull();
  });

  it('refuses more than 20 photos and an empty extra row', () => {
    expect(vehicleFormError({ ...filled(), photos: photos(21) }, { mode: 'create' })).toBe(
      'vehicle_photos_max',
    );
    const extras = [{ id: 'x', extensionName: 'اللون الداخلي', extentionValue: '' }];
    expect(vehicleFormError({ ...filled(), extras }, { mode: 'create' })).toBe(
      'vehicle_check_extras',
    );
  });
});

describe('the edit form', () => {
  const original = originalImagesOf(vehicle);
  const target = { mode: 'update', id: 12, original } as const;

  it('is filled from GetVehicelForUpdate', () => {
    const form = formOfVehicle(vehicle);
    expect(form).toMatchObject({ year: '2019', numOfMeals: '85000', price: '52000.5' });
    expect(form.features).toEqual(['أ', 'ب', 'ج']);
    expect(form.mainImage?.src).toBe(vehicle.image);
    expect(form.photos.map((photo) => photo.src)).toEqual(original.photos);
    expect(form.extras[0]).toMatchObject({ extensionName: 'المقاعد', extentionValue: '5' });
  });

  it('sends neither the main image nor the photos when they did not change', () => {
    const form = { ...formOfVehicle(vehicle), price: '49000' };
    const body = updateBodyOf(form, 12, original);
    expect(body).toMatchObject({ id: 12, price: 49000, image: '', images: [] });
    expect(vehicleFormError(form, target)).toBeNull();
  });

  it('sends a new main image, and the whole photo list once it changed: kept paths and new data', () => {
    const loaded = formOfVehicle(vehicle);
    const form = {
      ...loaded,
      mainImage: { id: 'new', src: jpeg(50) },
      photos: movePhoto([...loaded.photos, { id: 'n', src: jpeg(7) }], 6, 0),
    };
    const body = requestBodyOf(form, target);
    expect(body.image).toBe(jpeg(50));
    expect(body.images).toEqual([jpeg(7), ...original.photos]);
  });

  it('asks for at least 6 photos when some are removed, and when all are', () => {
    const loaded = formOfVehicle(vehicle);
    expect(vehicleFormError({ ...loaded, photos: loaded.photos.slice(0, 4) }, target)).toBe(
      'vehicle_check_photos',
    );
    expect(vehicleFormError({ ...loaded, photos: [] }, target)).toBe('vehicle_check_photos');
  });

  it('still runs the field checks first', () => {
    expect(vehicleFormError({ ...formOfVehicle(vehicle), modelIdFk: 0 }, target)).toBe(
      'vehicle_check_model',
    );
    expect(vehicleFormError(formOfVehicle(vehicle), { ...target, id: 0 })).toBe('vehicle_check_id');
  });
});

describe('number inputs while typing (spec §5 clamps)', () => {
  it('year: Arabic-Indic and Persian digits become ASCII, letters go, and 4 digits are held to 1900..2030', () => {
    expect(yearInput('٢٠١٩')).toEqual({ text: '2019', message: null });
    expect(yearInput('۲۰۱۸')).toEqual({ text: '2018', message: null });
    expect(yearInput('19a')).toEqual({ text: '19', message: null });
    expect(yearInput('2031')).toEqual({ text: '2030', message: 'vehicle_year_max' });
    expect(yearInput('1899')).toEqual({ text: '1900', message: 'vehicle_year_min' });
    expect(yearInput('20199')).toEqual({ text: '2019', message: null });
    expect(yearInput('abc')).toEqual({ text: '', message: null });
  });

  it('distance: digits only, at most 999999999 with its toast, never negative', () => {
    expect(mealsInput('١٢٣٤٥')).toEqual({ text: '12345', message: null });
    expect(mealsInput('1,234')).toEqual({ text: '1234', message: null });
    expect(mealsInput('1234567890')).toEqual({ text: '999999999', message: 'vehicle_meals_max' });
    expect(mealsInput('-5')).toEqual({ text: '0', message: 'vehicle_meals_min' });
    expect(mealsInput('007')).toEqual({ text: '7', message: null });
    expect(mealsInput('')).toEqual({ text: '', message: null });
  });

  it('price: one decimal point (Arabic too), two decimals at most, a negative price becomes 0 with its toast', () => {
    expect(priceInput('٥٠٠٠٠٫٥')).toEqual({ text: '50000.5', message: null });
    expect(priceInput('12.345')).toEqual({ text: '12.34', message: null });
    expect(priceInput('12.')).toEqual({ text: '12.', message: null });
    expect(priceInput('.5')).toEqual({ text: '0.5', message: null });
    expect(priceInput('1,500')).toEqual({ text: '1500', message: null });
    expect(priceInput('-40')).toEqual({ text: '0', message: 'vehicle_price_min' });
    expect(priceInput('abc')).toEqual({ text: '', message: null });
    expect(priceOnBlur('12.')).toBe('12');
    expect(priceOnBlur('12.5')).toBe('12.5');
  });
});

describe('photo order', () => {
  it('moves one photo and keeps the others in order', () => {
    expect(movePhoto(['a', 'b', 'c', 'd'], 2, 0)).toEqual(['c', 'a', 'b', 'd']);
    expect(movePhoto(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movePhoto(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});

describe('drafts', () => {
  it('tells a form with changes from the one it started as', () => {
    const empty = emptyVehicleForm();
    expect(sameForm(empty, emptyVehicleForm())).toBe(true);
    expect(sameForm({ ...empty, year: '2' }, empty)).toBe(false);
    expect(sameForm({ ...empty, photos: photos(1) }, empty)).toBe(false);
    // Row ids are the page's own: the same rows with other ids are no change.
    const a = { ...empty, extras: [{ id: 'x', extensionName: 'n', extentionValue: 'v' }] };
    const b = { ...empty, extras: [{ id: 'y', extensionName: 'n', extentionValue: 'v' }] };
    expect(sameForm(a, b)).toBe(true);
  });

  it('restores a saved draft over the starting form, ignoring values of the wrong shape', () => {
    const base = formOfVehicle(vehicle);
    const form = restoreForm(base, {
      fields: {
        price: '47000',
        year: 2020 as unknown as string,
        features: ['x', 5 as unknown as string],
        extras: [{ id: '', extensionName: 'n', extentionValue: 'v' }],
      },
      mainImage: null,
      photos: photos(2),
    });
    expect(form.price).toBe('47000');
    expect(form.year).toBe('2019');
    expect(form.features).toEqual(['x', 'ب', 'ج']);
    expect(form.extras[0]).toMatchObject({ extensionName: 'n', extentionValue: 'v' });
    expect(form.extras[0]!.id).not.toBe('');
    expect(form.mainImage?.src).toBe(vehicle.image);
    expect(form.photos).toEqual(photos(2));
  });
});
