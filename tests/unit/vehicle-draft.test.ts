import { describe, expect, it } from 'vitest';
import { Currency } from '../../domain/codes.ts';
import {
  asciiDigits,
  clampMeals,
  clampPrice,
  clampYear,
  EXTRAS_MAX,
  FEATURE_MAX_LENGTH,
  hasTwoDecimalsAtMost,
  image360Error,
  isPanorama,
  PHOTOS_MAX,
  vehicleDraftError,
  vehicleDraftProblems,
  type DraftLookups,
  type VehicleDraft,
} from '../../domain/vehicle-draft.ts';
import { hasMainImageRatio } from '../../server/images/vehicle-photos.ts';

const draft = (values: Partial<VehicleDraft> & { id?: number } = {}) => ({
  brandIdFk: 1,
  modelIdFk: 101,
  year: 2019,
  numOfMeals: 85_000,
  bodyTypeIdCfk: 250,
  colorIdCFK: 200,
  paintedTypeIdCfk: 350,
  paintedStatusIdCfk: 400,
  specificationIdCfk: 300,
  price: 65_000,
  currency: Currency.NIS,
  gearTypeIdCfk: 450,
  oilTypeIdCfk: 500,
  image: 'data:image/jpeg;base64,AAAA',
  images: Array.from({ length: 6 }, () => 'AAAA'),
  bestThreeCategories: ['فتحة سقف', 'كاميرا', 'جلد'],
  moreInfo: '<p>وصف</p>',
  extinsionCategory: [],
  ...values,
});

/** A database of one make (1) with one model (101), and codes of their own kinds. */
const lookups: DraftLookups = {
  brand: (id) => id === 1,
  model: (id, brandId) => id === 101 && brandId === 1,
  code: (kind, id) =>
    ({
      bodyType: [250],
      color: [200],
      paintedType: [350],
      paintedStatus: [400],
      specification: [300],
      gearType: [450],
      oilType: [500],
      currency: [86, 87],
    })[kind].includes(id),
};

describe('vehicleDraftError', () => {
  it('passes a whole draft, with or without the database', () => {
    expect(vehicleDraftError(draft())).toBeNull();
    expect(vehicleDraftError(draft(), { lookups })).toBeNull();
  });

  it('answers the first failing rule in the order of spec §5', () => {
    const empty = draft({
      brandIdFk: 0,
      modelIdFk: 0,
      year: 0,
      numOfMeals: 0,
      bodyTypeIdCfk: 0,
      colorIdCFK: 0,
      paintedTypeIdCfk: 0,
      paintedStatusIdCfk: 0,
      specificationIdCfk: 0,
      price: 0,
      currency: 0,
      gearTypeIdCfk: 0,
      oilTypeIdCfk: 0,
      image: '',
      images: [],
      bestThreeCategories: [],
    });
    const fixes: [Partial<VehicleDraft>, string][] = [
      [{}, 'vehicle_check_brand'],
      [{ brandIdFk: 1 }, 'vehicle_check_model'],
      [{ modelIdFk: 101 }, 'vehicle_check_year'],
      [{ year: 2019 }, 'vehicle_check_meals'],
      [{ numOfMeals: 10 }, 'vehicle_check_body_type'],
      [{ bodyTypeIdCfk: 250 }, 'vehicle_check_color'],
      [{ colorIdCFK: 200 }, 'vehicle_check_painted_type'],
      [{ paintedTypeIdCfk: 350 }, 'vehicle_check_painted_status'],
      [{ paintedStatusIdCfk: 400 }, 'vehicle_check_specification'],
      [{ specificationIdCfk: 300 }, 'vehicle_check_gear_type'],
      [{ gearTypeIdCfk: 450 }, 'vehicle_check_oil_type'],
      [{ oilTypeIdCfk: 500 }, 'vehicle_check_price'],
      [{ price: 1 }, 'vehicle_check_currency'],
      [{ currency: Currency.USD }, 'vehicle_check_features'],
      [{ bestThreeCategories: ['a', 'b', 'c'] }, 'vehicle_check_image'],
      [{ image: 'AAAA' }, 'vehicle_check_photos'],
      [{ images: Array.from({ length: 6 }, () => 'AAAA') }, ''],
    ];
    let current = empty;
    for (const [fix, expected] of fixes) {
      current = { ...current, ...fix };
      expect(vehicleDraftError(current, { lookups }) ?? '', JSON.stringify(fix)).toBe(expected);
    }
  });

  it("takes an unknown id, an id of another kind and another make's model as not chosen", () => {
    const cases: [Partial<VehicleDraft>, string][] = [
      [{ brandIdFk: 2 }, 'vehicle_check_brand'],
      [{ modelIdFk: 201 }, 'vehicle_check_model'],
      [{ bodyTypeIdCfk: 200 }, 'vehicle_check_body_type'],
      [{ colorIdCFK: 250 }, 'vehicle_check_color'],
      [{ oilTypeIdCfk: 9999 }, 'vehicle_check_oil_type'],
      [{ currency: Currency.JOD }, 'vehicle_check_currency'],
    ];
    for (const [change, expected] of cases) {
      expect(vehicleDraftError(draft(change), { lookups })).toBe(expected);
      // The form, which only offers what exists, passes the same ids.
    }
    expect(vehicleDraftError(draft({ modelIdFk: 201 }))).toBeNull();
  });

  it('refuses a currency outside NIS, USD and JOD even without the database', () => {
    expect(vehicleDraftError(draft({ currency: 89 }))).toBe('vehicle_check_currency');
  });

  it('holds year, distance and price to their ranges', () => {
    expect(vehicleDraftError(draft({ year: 1899 }))).toBe('vehicle_year_min');
    expect(vehicleDraftError(draft({ year: 2031 }))).toBe('vehicle_year_max');
    expect(vehicleDraftError(draft({ year: 1900 }))).toBeNull();
    expect(vehicleDraftError(draft({ year: 2030 }))).toBeNull();
    expect(vehicleDraftError(draft({ numOfMeals: 1_000_000_000 }))).toBe('vehicle_meals_max');
    expect(vehicleDraftError(draft({ numOfMeals: 999_999_999 }))).toBeNull();
    expect(vehicleDraftError(draft({ price: -5 }))).toBe('vehicle_check_price');
    expect(vehicleDraftError(draft({ price: 10.005 }))).toBe('vehicle_price_decimals');
    expect(vehicleDraftError(draft({ price: 10.05 }))).toBeNull();
  });

  it('wants exactly three non-blank features of at most 100 characters', () => {
    const check = (bestThreeCategories: string[]) =>
      vehicleDraftError(draft({ bestThreeCategories }));
    expect(check(['a', 'b'])).toBe('vehicle_check_features');
    expect(check(['a', 'b', 'c', 'd'])).toBe('vehicle_check_features');
    expect(check(['a', ' ', 'c'])).toBe('vehicle_check_features');
    expect(check(['a', 'b', 'x'.repeat(FEATURE_MAX_LENGTH + 1)])).toBe('vehicle_check_features');
    expect(check(['a', 'b', ` ${'x'.repeat(FEATURE_MAX_LENGTH)} `])).toBeNull();
  });

  it('wants 6 to 20 photos and whole extras rows', () => {
    const photos = (count: number) => Array.from({ length: count }, () => 'AAAA');
    expect(vehicleDraftError(draft({ images: photos(5) }))).toBe('vehicle_check_photos');
    expect(vehicleDraftError(draft({ images: photos(PHOTOS_MAX) }))).toBeNull();
    expect(vehicleDraftError(draft({ images: photos(PHOTOS_MAX + 1) }))).toBe('vehicle_photos_max');
    const extra = { extensionName: 'الترخيص', extentionValue: 'سنة' };
    expect(vehicleDraftError(draft({ extinsionCategory: [extra] }))).toBeNull();
    expect(
      vehicleDraftError(draft({ extinsionCategory: [{ ...extra, extentionValue: '' }] })),
    ).toBe('vehicle_check_extras');
    expect(
      vehicleDraftError(
        draft({ extinsionCategory: Array.from({ length: EXTRAS_MAX + 1 }, () => extra) }),
      ),
    ).toBe('vehicle_check_extras');
    expect(vehicleDraftError(draft({ moreInfo: 'x'.repeat(20_001) }))).toBe(
      'vehicle_description_max',
    );
  });

  it('on update: the id first, and empty images keep the current ones', () => {
    const update = { mode: 'update' as const, lookups };
    expect(vehicleDraftError(draft({ id: 0 }), update)).toBe('vehicle_check_id');
    expect(vehicleDraftError(draft({ id: 0, brandIdFk: 0 }), update)).toBe('vehicle_check_id');
    expect(vehicleDraftError(draft({ id: 7, image: '', images: [] }), update)).toBeNull();
    expect(vehicleDraftError(draft({ id: 7, images: ['AAAA'] }), update)).toBe(
      'vehicle_check_photos',
    );
  });
});

describe('clamps', () => {
  it('reads Arabic-Indic digits', () => {
    expect(asciiDigits('٢٠١٩')).toBe('2019');
    expect(clampYear('٢٠١٩')).toEqual({ value: 2019, message: null });
  });

  it('holds a four-digit year to 1900..2030 and leaves one being typed', () => {
    expect(clampYear('2050')).toEqual({ value: 2030, message: 'vehicle_year_max' });
    expect(clampYear('1800')).toEqual({ value: 1900, message: 'vehicle_year_min' });
    expect(clampYear('20')).toEqual({ value: 20, message: null });
    expect(clampYear('abc')).toEqual({ value: 0, message: null });
  });

  it('holds the distance to 0..999999999 and a price to 0 or more', () => {
    expect(clampMeals('-4')).toEqual({ value: 0, message: 'vehicle_meals_min' });
    expect(clampMeals('1,000,000,000')).toEqual({
      value: 999_999_999,
      message: 'vehicle_meals_max',
    });
    expect(clampMeals('x')).toEqual({ value: 0, message: null });
    expect(clampPrice('-1')).toEqual({ value: 0, message: 'vehicle_price_min' });
    expect(clampPrice('12.5')).toEqual({ value: 12.5, message: null });
  });

  it('counts decimals of a price', () => {
    expect(hasTwoDecimalsAtMost(0.1 + 0.2)).toBe(true);
    expect(hasTwoDecimalsAtMost(19.99)).toBe(true);
    expect(hasTwoDecimalsAtMost(19.999)).toBe(false);
    expect(hasTwoDecimalsAtMost(Number.NaN)).toBe(false);
  });
});

describe('image proportions', () => {
  it('asks the 360 change for a vehicle, then an image', () => {
    expect(image360Error({ id: 0, imagePath: 'data:x' })).toBe('vehicle_check_id');
    expect(image360Error({ id: 3, imagePath: ' ' })).toBe('vehicle_check_360_image');
    expect(image360Error({ id: 3, imagePath: 'data:x' })).toBeNull();
  });

  it('knows an equirectangular panorama within 5%', () => {
    expect(isPanorama(4096, 2048)).toBe(true);
    expect(isPanorama(4000, 2048)).toBe(true);
    expect(isPanorama(3000, 2000)).toBe(false);
    expect(isPanorama(0, 0)).toBe(false);
  });

  it("keeps the main image's crop at 1.75 within 3%", () => {
    expect(hasMainImageRatio(350, 200)).toBe(true);
    expect(hasMainImageRatio(1280, 731)).toBe(true);
    expect(hasMainImageRatio(360, 200)).toBe(true);
    expect(hasMainImageRatio(200, 200)).toBe(false);
    expect(hasMainImageRatio(400, 200)).toBe(false);
    expect(hasMainImageRatio(350, 0)).toBe(false);
  });
});

describe('vehicleDraftProblems', () => {
  it('lists every failing field once, in the spec order, the first being vehicleDraftError', () => {
    const empty = {
      brandIdFk: 0,
      modelIdFk: 0,
      year: 1500,
      numOfMeals: 0,
      price: 0,
      currency: 0,
    } as unknown as Parameters<typeof vehicleDraftProblems>[0];
    const problems = vehicleDraftProblems(empty);
    expect(problems.slice(0, 4)).toEqual([
      'vehicle_check_brand',
      'vehicle_check_model',
      'vehicle_year_min',
      'vehicle_check_meals',
    ]);
    expect(problems).toContain('vehicle_check_price');
    expect(problems).toContain('vehicle_check_photos');
    expect(new Set(problems).size).toBe(problems.length);
    expect(vehicleDraftError(empty)).toBe(problems[0]);
  });
});
