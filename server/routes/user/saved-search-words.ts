import ar from '../../../messages/ar.json' with { type: 'json' };
import en from '../../../messages/en.json' with { type: 'json' };
import { Currency } from '../../../domain/codes.ts';
import {
  effectiveFilter,
  parseListQuery,
  type FilterKey,
  type ListSort,
} from '../../../domain/vehicle-filter.ts';
import type { referenceRepository } from '../../db/repositories/reference.ts';
import type { Lang } from '../../lib/messages.ts';

/*
 * A saved search's filters in words, as the list page's chips say them ("Make: Toyota",
 * "Price: $1 – $20,000"), with the same texts (messages/*.json), so the profile can show what a
 * search looks for without loading the filter form's lists.
 */

type SiteText = Extract<
  keyof typeof en,
  | 'list_chip'
  | 'list_range_both'
  | 'list_sort_label'
  | `filter_${'state' | 'make' | 'model' | 'year' | 'price' | 'mileage' | 'color'}`
  | `filter_${'body_type' | 'specification' | 'painted_type' | 'painted_status'}`
  | `filter_${'gear_type' | 'oil_type'}`
  | `list_sort_${'newest' | 'price_asc' | 'price_desc' | 'year_desc' | 'distance_asc'}`
>;

const text = (lang: Lang, key: SiteText, values: Record<string, string> = {}) =>
  (lang === 'en' ? en : ar)[key].replace(/\{(\w+)\}/g, (whole: string, name: string) =>
    name in values ? values[name]! : whole,
  );

const grouped = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** The list page's price format (src/lib/format.ts): `25,000 ₪` / `₪25,000`. */
function price(value: number, currency: number, lang: Lang): string {
  const symbol =
    currency === Currency.NIS
      ? '₪'
      : currency === Currency.JOD
        ? lang === 'ar'
          ? 'د.أ'
          : 'JOD'
        : '$';
  if (lang === 'ar') return `${grouped(value)}\u00a0${symbol}`;
  return currency === Currency.JOD
    ? `${symbol}\u00a0${grouped(value)}`
    : `${symbol}${grouped(value)}`;
}

const CODE_KEYS: [FilterKey, SiteText][] = [
  ['color', 'filter_color'],
  ['bodyType', 'filter_body_type'],
  ['specification', 'filter_specification'],
  ['paintedType', 'filter_painted_type'],
  ['paintedStatus', 'filter_painted_status'],
  ['gearType', 'filter_gear_type'],
  ['oilType', 'filter_oil_type'],
];

const SORT_TEXT: Record<ListSort, SiteText> = {
  newest: 'list_sort_newest',
  'price-asc': 'list_sort_price_asc',
  'price-desc': 'list_sort_price_desc',
  'year-desc': 'list_sort_year_desc',
  'distance-asc': 'list_sort_distance_asc',
};

/** One describer for a batch of searches: the names are read once per answer. */
export async function filterWords(
  reference: ReturnType<typeof referenceRepository>,
  queries: string[],
  lang: Lang,
): Promise<string[][]> {
  const parsed = queries.map((query) => parseListQuery(new URLSearchParams(query)));
  const filters = parsed.map((query) => effectiveFilter(query.filter));
  const codeIds = filters.flatMap((filter) =>
    CODE_KEYS.map(([key]) => filter[key]).filter((id): id is number => id !== undefined),
  );
  const brandIds = [...new Set(filters.map((filter) => filter.vehicleBrandId).filter(Boolean))];
  const [codes, states, brands, ...models] = await Promise.all([
    reference.codeNames([...new Set(codeIds)], lang),
    filters.some((filter) => filter.stateId) ? reference.states(lang) : Promise.resolve([]),
    brandIds.length > 0 ? reference.brands(lang) : Promise.resolve([]),
    ...brandIds.map((id) => reference.brandModels(id!, lang)),
  ]);
  const modelNames = new Map(models.flatMap((list) => (list ?? []).map((m) => [m.id, m.name])));
  const nameIn = (list: { id: number; name: string }[], id: number | undefined) =>
    list.find((entry) => entry.id === id)?.name;

  return filters.map((filter, index) => {
    const words: string[] = [];
    const chip = (label: SiteText, value: string | undefined) => {
      if (value) words.push(text(lang, 'list_chip', { label: text(lang, label), value }));
    };
    const range = (
      label: SiteText,
      from: number | undefined,
      to: number | undefined,
      show: (n: number) => string,
    ) => {
      if (to !== undefined)
        chip(label, text(lang, 'list_range_both', { from: show(from ?? 0), to: show(to) }));
    };
    chip('filter_state', nameIn(states, filter.stateId));
    chip('filter_make', nameIn(brands, filter.vehicleBrandId));
    if (filter.vehicleModelId) chip('filter_model', modelNames.get(filter.vehicleModelId));
    range('filter_year', filter.yearFrom, filter.yearTo, String);
    const currency = filter.priceCurrency ?? Currency.NIS;
    range('filter_price', filter.priceFrom, filter.priceTo, (n) => price(n, currency, lang));
    range('filter_mileage', filter.mealsFrom, filter.mealsTo, grouped);
    for (const [key, label] of CODE_KEYS) {
      const id = filter[key];
      if (id !== undefined) chip(label, codes.get(id));
    }
    const sort = parsed[index]!.sort;
    if (sort) chip('list_sort_label', text(lang, SORT_TEXT[sort]));
    return words;
  });
}
