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

/** A positive whole number up to `max`, or undefined (zero means no filter, spec §3). */
export function positiveInt(raw: string | null | undefined, max: number): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  const text = raw.trim();
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
}

/** Reads the list's URL query; unknown parameters and bad values are ignored. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const filter: ListFilter = {};
  for (const key of FILTER_KEYS) {
    const value = positiveInt(params.get(key), upperBound[key]);
    if (value !== undefined) filter[key] = value;
  }
  const page = positiveInt(params.get('page'), ID_MAX) ?? 1;
  const seedText = params.get('seed');
  // Zero is a valid seed; positiveInt starts at one.
  const seed = seedText?.trim() === '0' ? 0 : positiveInt(seedText, SEED_MAX);
  return { filter, page, seed };
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
  const lowerEnds = new Set<FilterKey>(['yearFrom', 'priceFrom', 'mealsFrom']);
  return FILTER_KEYS.filter((key) => effective[key] !== undefined && !lowerEnds.has(key)).length;
}

/**
 * The query string of a list URL: the filter in FILTER_KEYS order, then page (left out on
 * page 1) and seed. Returns '' or a string starting with '?'.
 */
export function listQueryString(
  filter: ListFilter,
  options: { page?: number; seed?: number } = {},
): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && value > 0) params.set(key, String(value));
  }
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
