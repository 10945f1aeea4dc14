import { AnnouncementType, CodeCategory, Currency } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import type { Pagination } from '../../../server/db/repositories/pagination.ts';
import type { VehicleCard } from '../../../server/db/repositories/vehicle-cards.ts';
import type { SiteServices } from '../../../server/site-services.ts';
import type { Announcement } from '../announcements.ts';
import { formatNumber, formatPrice } from '../format.ts';
import { localizePath, type Lang } from '../i18n.ts';
import { matchMakeModel } from '../../../domain/make-model-search.ts';
import { m } from '../../paraglide/messages.js';
import { tagPage, type Page } from './page.ts';
import {
  clampPage,
  effectiveFilter,
  keepKnownChoices,
  LIST_PAGE_SIZE,
  parseListQuery,
  randomSeed,
  type FilterKey,
  type ListFilter,
  type ListSort,
} from '../../../domain/vehicle-filter.ts';
import type { CurrencyRates } from '../../../server/db/repositories/vehicle-search.ts';

export interface Option {
  id: number;
  name: string;
}

/** The choices of the filter form (spec §3), in the page's language. */
export interface FilterOptions {
  states: Option[];
  brands: Option[];
  /** Models of the chosen make; empty until a make is chosen. */
  models: Option[];
  color: Option[];
  bodyType: Option[];
  specification: Option[];
  paintedType: Option[];
  paintedStatus: Option[];
  gearType: Option[];
  oilType: Option[];
}

type SharedOptions = Omit<FilterOptions, 'models'>;

/*
 * The list page is rendered for every request (its query is unbounded, so it is not page
 * cached). The reference lists behind the form change rarely, so they are kept in memory for a
 * minute per language instead of costing nine queries a render.
 */
const OPTIONS_TTL_MS = 60_000;
const sharedCache = new Map<string, { at: number; value: Promise<SharedOptions> }>();
const modelCache = new Map<string, { at: number; value: Promise<Option[] | null> }>();

function remembered<T>(
  cache: Map<string, { at: number; value: Promise<T> }>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < OPTIONS_TTL_MS) return hit.value;
  const value = load();
  cache.set(key, { at: now, value });
  // A failed read is not kept: the next render tries again.
  value.catch(() => cache.delete(key));
  if (cache.size > 500) cache.delete(cache.keys().next().value!);
  return value;
}

const names = (rows: { id: number; name: string }[]): Option[] =>
  rows.map(({ id, name }) => ({ id, name }));

function sharedOptions(services: SiteServices, lang: Lang): Promise<SharedOptions> {
  return remembered(sharedCache, lang, async () => {
    const ref = services.reference;
    const [
      states,
      brands,
      color,
      bodyType,
      specification,
      paintedType,
      paintedStatus,
      gearType,
      oilType,
    ] = await Promise.all([
      ref.states(lang),
      ref.brands(lang),
      ref.codesOf(CodeCategory.color, lang),
      ref.codesOf(CodeCategory.bodyType, lang),
      ref.codesOf(CodeCategory.specification, lang),
      ref.codesOf(CodeCategory.paintedType, lang),
      ref.codesOf(CodeCategory.paintedStatus, lang),
      ref.codesOf(CodeCategory.gearType, lang),
      ref.codesOf(CodeCategory.oilType, lang),
    ]);
    return {
      states: names(states),
      brands: names(brands),
      color: names(color),
      bodyType: names(bodyType),
      specification: names(specification),
      paintedType: names(paintedType),
      paintedStatus: names(paintedStatus),
      gearType: names(gearType),
      oilType: names(oilType),
    };
  });
}

function brandModels(services: SiteServices, brandId: number, lang: Lang) {
  return remembered(modelCache, `${lang}:${brandId}`, async () => {
    const rows = await services.reference.brandModels(brandId, lang);
    return rows ? names(rows) : null;
  });
}

export interface VehicleList {
  /** The filter as the form shows it: well-formed values the lists know. */
  filter: ListFilter;
  seed: number;
  sort: ListSort | undefined;
  /** Shekels per unit of each currency, as the price filter used them (stated on the page). */
  rates: CurrencyRates;
  vehicles: VehicleCard[];
  pagination: Pagination;
  options: FilterOptions;
  lowerAds: Announcement[];
  tags: string[];
}

/**
 * Everything the vehicles list shows for a URL (spec §2 Vehicles list): the filter from the
 * query, the page of results in the seed's shuffled order, the form's choices and the lower
 * banner. Bad or unknown values are dropped, never an error; a page past the end shows the
 * last page.
 */
export async function loadVehicleList(
  services: SiteServices,
  params: URLSearchParams,
  lang: Lang,
): Promise<VehicleList> {
  const query = parseListQuery(params);
  const brandId = query.filter.vehicleBrandId;
  const [shared, models, lowerAds] = await Promise.all([
    sharedOptions(services, lang),
    brandId ? brandModels(services, brandId, lang) : Promise.resolve([] as Option[]),
    services.announcements.active(AnnouncementType.horizontal),
  ]);
  const ids = (options: Option[]) => new Set(options.map((option) => option.id));
  const allowed: Partial<Record<FilterKey, ReadonlySet<number>>> = {
    stateId: ids(shared.states),
    vehicleBrandId: ids(shared.brands),
    // A model counts only under its own make.
    vehicleModelId: ids(models ?? []),
    color: ids(shared.color),
    bodyType: ids(shared.bodyType),
    specification: ids(shared.specification),
    paintedType: ids(shared.paintedType),
    paintedStatus: ids(shared.paintedStatus),
    gearType: ids(shared.gearType),
    oilType: ids(shared.oilType),
  };
  const filter = keepKnownChoices(query.filter, allowed);
  const seed = query.seed ?? randomSeed();
  const search = effectiveFilter(filter);
  const paging = { page: query.page, pageSize: LIST_PAGE_SIZE };
  const order = { seed, sort: query.sort };
  let result = await services.vehicles.search(search, paging, order, lang);
  const page = clampPage(query.page, result.pagination.pageCount);
  if (page !== query.page) {
    result = await services.vehicles.search(search, { ...paging, page }, order, lang);
  }
  return {
    filter,
    seed,
    sort: query.sort,
    rates: result.rates,
    vehicles: result.data,
    pagination: result.pagination,
    options: { ...shared, models: models ?? [] },
    lowerAds,
    tags: [PageTag.vehicles],
  };
}

/** The vehicles list for the page's URL, tagged on the page being rendered. */
export async function vehicleListPage(page: Page, lang: Lang): Promise<VehicleList> {
  const list = await loadVehicleList(page.locals.services, page.url.searchParams, lang);
  tagPage(page, list.tags);
  return list;
}

/** The query parameter of the home page's search box: a make and model typed as words. */
export const SEARCH_WORDS_PARAM = 'q';

/**
 * Where a search typed on the home page (`/vehicles?q=kia sportage`) goes: the same list with
 * the make and model it names as filters, so the URL stays the filter's one source. Null when
 * the URL has no words or they name no make or model (the list then says so above all vehicles).
 */
export async function searchWordsTarget(page: Page, lang: Lang): Promise<string | null> {
  const params = page.url.searchParams;
  const words = params.get(SEARCH_WORDS_PARAM)?.trim();
  if (!words) return null;
  const match = matchMakeModel(words, await page.locals.services.reference.makesAndModels());
  if (!match) return null;
  const target = new URLSearchParams(params);
  target.delete(SEARCH_WORDS_PARAM);
  target.delete('page');
  target.delete('vehicleModelId');
  target.set('vehicleBrandId', String(match.vehicleBrandId));
  if (match.vehicleModelId) target.set('vehicleModelId', String(match.vehicleModelId));
  return `${localizePath('/vehicles', lang)}?${target}`;
}

/** One active filter as a removable chip: its text and the filter without it. */
export interface FilterChip {
  key: FilterKey;
  text: string;
  without: ListFilter;
}

const grouped = formatNumber;

/**
 * The filters that narrow the list, in the form's order, as chips ("الماركة: تويوتا",
 * "السعر: 10,000 – 20,000 ₪"). Removing a make removes its model too; a range goes as one.
 */
export function activeFilterChips(
  list: Pick<VehicleList, 'filter' | 'options'>,
  lang: Lang,
): FilterChip[] {
  const t = { locale: lang };
  const filter = effectiveFilter(list.filter);
  const chips: FilterChip[] = [];
  const without = (...keys: FilterKey[]) => {
    const rest: ListFilter = { ...list.filter };
    for (const key of keys) delete rest[key];
    return rest;
  };
  const chip = (key: FilterKey, label: string, value: string, removes: FilterKey[] = [key]) =>
    chips.push({ key, text: m.list_chip({ label, value }, t), without: without(...removes) });
  const choice = (key: FilterKey, label: string, options: Option[], removes?: FilterKey[]) => {
    const id = filter[key];
    const name = options.find((option) => option.id === id)?.name;
    if (id !== undefined && name) chip(key, label, name, removes);
  };
  const range = (
    from: FilterKey,
    to: FilterKey,
    label: string,
    show: (value: number) => string,
    extra: FilterKey[] = [],
  ) => {
    const high = filter[to];
    if (high === undefined) return;
    const value = m.list_range_both({ from: show(filter[from] ?? 0), to: show(high) }, t);
    chip(to, label, value, [from, to, ...extra]);
  };
  const { options } = list;
  choice('stateId', m.filter_state({}, t), options.states);
  choice('vehicleBrandId', m.filter_make({}, t), options.brands, [
    'vehicleBrandId',
    'vehicleModelId',
  ]);
  choice('vehicleModelId', m.filter_model({}, t), options.models);
  range('yearFrom', 'yearTo', m.filter_year({}, t), String);
  const currency = filter.priceCurrency ?? Currency.NIS;
  range(
    'priceFrom',
    'priceTo',
    m.filter_price({}, t),
    (value) => formatPrice(value, currency, lang),
    ['priceCurrency'],
  );
  range('mealsFrom', 'mealsTo', m.filter_mileage({}, t), grouped);
  choice('color', m.filter_color({}, t), options.color);
  choice('bodyType', m.filter_body_type({}, t), options.bodyType);
  choice('specification', m.filter_specification({}, t), options.specification);
  choice('paintedType', m.filter_painted_type({}, t), options.paintedType);
  choice('paintedStatus', m.filter_painted_status({}, t), options.paintedStatus);
  choice('gearType', m.filter_gear_type({}, t), options.gearType);
  choice('oilType', m.filter_oil_type({}, t), options.oilType);
  return chips;
}
