import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  amountRangeApplies,
  clampPage,
  effectiveFilter,
  keepKnownChoices,
  listQueryString,
  normalizeDigits,
  parseListQuery,
  positiveInt,
  randomSeed,
  SEED_MAX,
  YEAR_MAX,
  yearRangeApplies,
} from '../../domain/vehicle-filter.ts';

const parse = (query: string) => parseListQuery(new URLSearchParams(query));

describe('parseListQuery', () => {
  it('reads every filter of spec §3 by its parameter name', () => {
    const query = parse(
      'stateId=2&vehicleBrandId=3&vehicleModelId=14&yearFrom=2010&yearTo=2020&priceFrom=1000' +
        '&priceTo=90000&mealsFrom=0&mealsTo=150000&color=41&bodyType=51&specification=61' +
        '&paintedType=71&paintedStatus=81&gearType=91&oilType=101&page=3&seed=12345',
    );
    expect(query).toEqual({
      filter: {
        stateId: 2,
        vehicleBrandId: 3,
        vehicleModelId: 14,
        yearFrom: 2010,
        yearTo: 2020,
        priceFrom: 1000,
        priceTo: 90000,
        mealsTo: 150000,
        color: 41,
        bodyType: 51,
        specification: 61,
        paintedType: 71,
        paintedStatus: 81,
        gearType: 91,
        oilType: 101,
      },
      page: 3,
      seed: 12345,
    });
  });

  it('treats zero and empty values as no filter (spec §3)', () => {
    expect(parse('stateId=0&vehicleBrandId=&color=0').filter).toEqual({});
  });

  it('ignores bad values instead of failing', () => {
    const query = parse(
      'stateId=abc&vehicleBrandId=-3&color=1.5&bodyType=1e3&yearFrom=99999&priceTo=' +
        '99999999999999999999&page=x&seed=-1&unknown=7',
    );
    expect(query.filter).toEqual({});
    expect(query.page).toBe(1);
    expect(query.seed).toBeUndefined();
  });

  it('keeps a zero seed and drops one beyond 31 bits', () => {
    expect(parse('seed=0').seed).toBe(0);
    expect(parse(`seed=${SEED_MAX}`).seed).toBe(SEED_MAX);
    expect(parse(`seed=${SEED_MAX + 1}`).seed).toBeUndefined();
  });

  it('starts at page 1 when the page is missing, zero or negative', () => {
    expect(parse('').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=-2').page).toBe(1);
  });
});

describe('spec §5 range rules', () => {
  it('applies a year range only when both years exceed 1000', () => {
    expect(yearRangeApplies(2010, 2020)).toBe(true);
    expect(yearRangeApplies(1000, 2020)).toBe(false);
    expect(yearRangeApplies(2010, undefined)).toBe(false);
    expect(yearRangeApplies(undefined, 2020)).toBe(false);
  });

  it('applies price and mileage only when from is less than to', () => {
    expect(amountRangeApplies(1000, 5000)).toBe(true);
    expect(amountRangeApplies(undefined, 5000)).toBe(true);
    expect(amountRangeApplies(5000, 5000)).toBe(false);
    expect(amountRangeApplies(6000, 5000)).toBe(false);
    expect(amountRangeApplies(1000, undefined)).toBe(false);
  });

  it('searches only with the conditions that apply', () => {
    expect(
      effectiveFilter({
        yearFrom: 2015,
        priceFrom: 9000,
        priceTo: 5000,
        mealsTo: 100000,
        color: 4,
        vehicleModelId: 9,
      }),
    ).toEqual({ mealsTo: 100000, color: 4 });
    expect(effectiveFilter({ vehicleBrandId: 3, vehicleModelId: 9 })).toEqual({
      vehicleBrandId: 3,
      vehicleModelId: 9,
    });
  });

  it('counts a range once and leaves out ranges that do not apply', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ yearFrom: 2010, yearTo: 2020, color: 3 })).toBe(2);
    expect(activeFilterCount({ yearFrom: 2010, priceFrom: 5, priceTo: 50 })).toBe(1);
    expect(activeFilterCount({ priceTo: 50 })).toBe(1);
  });
});

describe('keepKnownChoices', () => {
  it('drops ids the lists do not offer, such as a model of another make', () => {
    expect(
      keepKnownChoices(
        { vehicleBrandId: 3, vehicleModelId: 99, color: 4, yearFrom: 2010 },
        { vehicleBrandId: new Set([3]), vehicleModelId: new Set([30, 31]), color: new Set([4]) },
      ),
    ).toEqual({ vehicleBrandId: 3, color: 4, yearFrom: 2010 });
  });
});

describe('listQueryString', () => {
  it('writes the filter in a fixed order, then page and seed', () => {
    expect(listQueryString({ color: 4, vehicleBrandId: 3 }, { page: 2, seed: 77 })).toBe(
      '?vehicleBrandId=3&color=4&page=2&seed=77',
    );
  });

  it('leaves out page 1 and returns nothing for an empty query', () => {
    expect(listQueryString({}, { page: 1 })).toBe('');
    expect(listQueryString({ stateId: 1 }, { page: 1, seed: 0 })).toBe('?stateId=1&seed=0');
  });

  it('round-trips through parseListQuery', () => {
    const filter = { stateId: 1, yearFrom: 2001, yearTo: 2022, oilType: 5 };
    expect(parse(listQueryString(filter, { page: 4, seed: 9 }).slice(1))).toEqual({
      filter,
      page: 4,
      seed: 9,
    });
  });
});

describe('pages and seeds', () => {
  it('ignores page changes outside 1..pageCount (spec §4) by showing the nearest page', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(2, 0)).toBe(1);
  });

  it('draws seeds within the 31-bit range', () => {
    expect(randomSeed(() => 0)).toBe(0);
    expect(randomSeed(() => 0.999999999)).toBeLessThan(SEED_MAX);
  });
});

describe('typed numbers', () => {
  it('reads Arabic-Indic and Persian digits and thousands separators', () => {
    expect(normalizeDigits('٢٠١٨')).toBe('2018');
    expect(normalizeDigits('۱۵٬۰۰۰')).toBe('15000');
    expect(normalizeDigits(' 15,000 ')).toBe('15000');
    expect(normalizeDigits('١٢ ٥٠٠')).toBe('12500');
    expect(positiveInt('٢٠١٨', YEAR_MAX)).toBe(2018);
    expect(positiveInt('۱۵٬۰۰۰', 1e9)).toBe(15000);
    // A decimal mark is not a grouping mark.
    expect(positiveInt('12٫5', 1e9)).toBeUndefined();
    expect(positiveInt('-٥', 1e9)).toBeUndefined();
  });

  it('parses a URL whose numbers were typed in Arabic', () => {
    const { filter } = parseListQuery(
      new URLSearchParams('yearFrom=٢٠١٥&yearTo=٢٠٢٠&priceFrom=١٠٬٠٠٠&priceTo=٢٠٬٠٠٠'),
    );
    expect(filter).toMatchObject({
      yearFrom: 2015,
      yearTo: 2020,
      priceFrom: 10000,
      priceTo: 20000,
    });
  });
});

describe('sort and price currency', () => {
  it('keeps a known sort and one of the three currencies', () => {
    const query = parseListQuery(new URLSearchParams('sort=price-asc&priceCurrency=87'));
    expect(query.sort).toBe('price-asc');
    expect(query.filter.priceCurrency).toBe(87);
    const bad = parseListQuery(new URLSearchParams('sort=cheap&priceCurrency=90'));
    expect(bad.sort).toBeUndefined();
    expect(bad.filter.priceCurrency).toBeUndefined();
  });

  it('counts the currency with its price range, never alone, and leaves the shekel out of URLs', () => {
    expect(activeFilterCount({ priceCurrency: 87 })).toBe(0);
    expect(effectiveFilter({ priceCurrency: 87 })).toEqual({});
    expect(activeFilterCount({ priceFrom: 1, priceTo: 9, priceCurrency: 87 })).toBe(1);
    expect(listQueryString({ priceTo: 9, priceCurrency: 86 })).toBe('?priceTo=9');
    expect(listQueryString({ priceTo: 9, priceCurrency: 88 }, { sort: 'newest', page: 2 })).toBe(
      '?priceTo=9&priceCurrency=88&sort=newest&page=2',
    );
  });
});
