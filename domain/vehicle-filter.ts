import { Currency } from './codes.ts';
import { INT4_MAX } from './limits.ts';

/*
 * The vehicles list's query (spec §3 vehicle search filter): the filter lives in the URL with
 * the spec's parameter names, so a filtered list can be shared, bookmarked and rendered on the
 * server. Parsing never fails: a value that is not a positive whole number in range is dropped,
 * as is any parameter this list does not know.
 */

/** The vehicle search filter of spec §3; zero (or absent) means no filter. */
export interface VehicleFilter {
  ownerId?: number;
  stateId?: number;
  vehicleBrandId?: number;
  vehicleModelId?: number;
  yearFrom?: number;
  yearTo?: number;
  priceFrom?: number;
  priceTo?: number;
  /** The currency of priceFrom/priceTo (86 NIS, 87 USD, 88 JOD); NIS when absent. */
  priceCurrency?: number;
  mealsFrom?: number;
  mealsTo?: number;
  color?: number;
  bodyType?: number;
  specification?: number;
  paintedType?: number;
  paintedStatus?: number;
  gearType?: number;
  oilType?: number;
}

/** Filter parameters in the order the URL lists them. */
export const FILTER_KEYS = [
  'stateId',
  'vehicleBrandId',
  'vehicleModelId',
  'yearFrom',
  'yearTo',
  'priceFrom',
  'priceTo',
  'priceCurrency',
  'mealsFrom',
  'mealsTo',
  'color',
  'bodyType',
  'specification',
  'paintedType',
  'paintedStatus',
  'gearType',
  'oilType',
] as const satisfies readonly (keyof VehicleFilter)[];

export type FilterKey = (typeof FILTER_KEYS)[number];
export type ListFilter = Partial<Record<FilterKey, number>>;

/** Spec §9: the vehicles list shows six vehicles a page. */
export const LIST_PAGE_SIZE = 6;
/** Spec §9: years count only above 1000. */
export const YEAR_MIN = 1000;
export const YEAR_MAX = 2100;
/** Seeds of the shuffled order are non-negative 31-bit integers. */
export const SEED_MAX = INT4_MAX;

const ID_MAX = INT4_MAX;
/** Prices and mileages: bounded so a huge number cannot reach the database as a float. */
const AMOUNT_MAX = 1_000_000_000_000;

const upperBound: Record<FilterKey, number> = {
  stateId: ID_MAX,
  vehicleBrandId: ID_MAX,
  vehicleModelId: ID_MAX,
  yearFrom: YEAR_MAX,
  yearTo: YEAR_MAX,
  priceFrom: AMOUNT_MAX,
  priceTo: AMOUNT_MAX,
  priceCurrency: Currency.JOD,
  mealsFrom: AMOUNT_MAX,
  mealsTo: AMOUNT_MAX,
  color: ID_MAX,
  bodyType: ID_MAX,
  specification: ID_MAX,
  paintedType: ID_MAX,
  paintedStatus: ID_MAX,
  gearType: ID_MAX,
  oilType: ID_MAX,
};

/** The currencies a price can be given in, the shekel first (the default). */
export const PRICE_CURRENCIES: readonly number[] = [Currency.NIS, Currency.USD, Currency.JOD];

/** Sort orders of the list besides the default seeded shuffle, as the URL names them. */
export const LIST_SORTS = [
  'newest',
  'price-asc',
  'price-desc',
  'year-desc',
  'distance-asc',
] as const;
export type ListSort = (typeof LIST_SORTS)[number];

export function isListSort(value: unknown): value is ListSort {
  return (LIST_SORTS as readonly unknown[]).includes(value);
}

/**
 * A typed number as ASCII digits: Arabic-Indic (٠-٩) and Persian (۰-۹) digits become 0-9,
 * spaces go, and thousands separators ("," "." "'" "٬") go when they group by three, so
 * "٢٠١٨", "۱۵٬۰۰۰", "15,000" and "15.000" read as 2018, 15000, 15000 and 15000. Anything else
 * ("1.5", "12٫5") is left as it is and is not a whole number.
 */
export function normalizeDigits(text: string): string {
  const digits = text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[\s\u00a0\u202f]/g, '');
  return /^\d{1,3}([,.'\u066c]\d{3})+$/.test(digits) ? digits.replace(/\D/g, '') : digits;
}

/** A positive whole number up to `max`, or undefined (zero means no filter, spec §3). */
export function positiveInt(raw: string | null | undefined, max: number): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  const text = normalizeDigits(raw);
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 && value <= max ? value : undefined;
}

export interface ListQuery {
  /** Every filter value the URL gave that is well formed, as entered (for the form). */
  filter: ListFilter;
  /** The requested page, 1 when absent or bad; the page clamps it to the page count. */
  page: number;
  /** The shuffle's seed, when the URL carries a valid one. */
  seed: number | undefined;
  /** The chosen order; absent means the seeded shuffle. */
  sort: ListSort | undefined;
}

/** Reads the list's URL query; unknown parameters and bad values are ignored. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const filter: ListFilter = {};
  for (const key of FILTER_KEYS) {
    const value = positiveInt(params.get(key), upperBound[key]);
    if (value !== undefined) filter[key] = value;
  }
  if (filter.priceCurrency !== undefined && !PRICE_CURRENCIES.includes(filter.priceCurrency)) {
    delete filter.priceCurrency;
  }
  const page = positiveInt(params.get('page'), ID_MAX) ?? 1;
  const seedText = params.get('seed');
  // Zero is a valid seed; positiveInt starts at one.
  const seed = seedText?.trim() === '0' ? 0 : positiveInt(seedText, SEED_MAX);
  const sortText = params.get('sort');
  return { filter, page, seed, sort: isListSort(sortText) ? sortText : undefined };
}

/** Spec §5: a year range applies only when both years exceed 1000. */
export function yearRangeApplies(from?: number, to?: number): boolean {
  return (from ?? 0) > YEAR_MIN && (to ?? 0) > YEAR_MIN;
}

/** Spec §5: price and mileage ranges apply only when from is less than to. */
export function amountRangeApplies(from?: number, to?: number): boolean {
  return to !== undefined && to > 0 && (from ?? 0) < to;
}

/**
 * The conditions that actually narrow the search: ranges that do not apply (spec §5) and a
 * model without its make are left out. This is what the server searches with and what the
 * page counts as "active filters".
 */
export function effectiveFilter(filter: ListFilter): ListFilter {
  const out: ListFilter = { ...filter };
  if (!yearRangeApplies(out.yearFrom, out.yearTo)) {
    delete out.yearFrom;
    delete out.yearTo;
  }
  if (!amountRangeApplies(out.priceFrom, out.priceTo)) {
    delete out.priceFrom;
    delete out.priceTo;
  }
  // The currency is part of the price range, not a filter of its own; the shekel is the default.
  if (out.priceTo === undefined || out.priceCurrency === Currency.NIS) delete out.priceCurrency;
  if (!amountRangeApplies(out.mealsFrom, out.mealsTo)) {
    delete out.mealsFrom;
    delete out.mealsTo;
  }
  if (!out.vehicleBrandId) delete out.vehicleModelId;
  return out;
}

/**
 * Drops choices that are not in the lists the form offers (a colour id that is not a colour,
 * a model of another make). `allowed[key]` lists the valid ids of a choice; keys without a list
 * are kept as they are.
 */
export function keepKnownChoices(
  filter: ListFilter,
  allowed: Partial<Record<FilterKey, ReadonlySet<number>>>,
): ListFilter {
  const out: ListFilter = { ...filter };
  for (const key of FILTER_KEYS) {
    const valid = allowed[key];
    const value = out[key];
    if (valid && value !== undefined && !valid.has(value)) delete out[key];
  }
  return out;
}

/** Number of filters that narrow the list; a range counts once. */
export function activeFilterCount(filter: ListFilter): number {
  const effective = effectiveFilter(filter);
  // After effectiveFilter every applying range has its upper end, so the lower ends are skipped.
  const lowerEnds = new Set<FilterKey>(['yearFrom', 'priceFrom', 'priceCurrency', 'mealsFrom']);
  return FILTER_KEYS.filter((key) => effective[key] !== undefined && !lowerEnds.has(key)).length;
}

/**
 * The query string of a list URL: the filter in FILTER_KEYS order (the shekel, the default
 * currency, left out), then the sort, page (left out on page 1) and seed. Returns '' or a string
 * starting with '?'.
 */
export function listQueryString(
  filter: ListFilter,
  options: { page?: number; seed?: number; sort?: ListSort } = {},
): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (key === 'priceCurrency' && value === Currency.NIS) continue;
    if (value !== undefined && value > 0) params.set(key, String(value));
  }
  if (options.sort) params.set('sort', options.sort);
  if (options.page && options.page > 1) params.set('page', String(options.page));
  if (options.seed !== undefined) params.set('seed', String(options.seed));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A fresh seed for a search that has none. */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * SEED_MAX);
}

/** Pages outside 1..pageCount are ignored (spec §4): they show the nearest page instead. */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.trunc(page), Math.max(1, pageCount));
}
