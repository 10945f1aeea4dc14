import ar from '../../../messages/ar.json' with { type: 'json' };
import en from '../../../messages/en.json' with { type: 'json' };
import { CodeCategory, Currency } from '../../../domain/codes.ts';
import {
  effectiveFilter,
  parseListQuery,
  type FilterKey,
  type ListFilter,
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

type CodeKey =
  'color' | 'bodyType' | 'specification' | 'paintedType' | 'paintedStatus' | 'gearType' | 'oilType';

const CODE_KEYS: [CodeKey, SiteText][] = [
  ['color', 'filter_color'],
  ['bodyType', 'filter_body_type'],
  ['specification', 'filter_specification'],
  ['paintedType', 'filter_painted_type'],
  ['paintedStatus', 'filter_painted_status'],
  ['gearType', 'filter_gear_type'],
  ['oilType', 'filter_oil_type'],
];

type Reference = ReturnType<typeof referenceRepository>;
type Named = { id: number; name: string }[];

/** The choices the list's form offers for each key `filters` use (only those are read). */
async function choicesFor(reference: Reference, filters: ListFilter[], lang: Lang) {
  const uses = (key: FilterKey) => filters.some((filter) => filter[key] !== undefined);
  const codeKeys = CODE_KEYS.map(([key]) => key).filter(uses);
  const brandIds = [...new Set(filters.map((filter) => filter.vehicleBrandId).filter(Boolean))];
  const [states, brands, codeLists, modelLists] = await Promise.all([
    uses('stateId') ? reference.states(lang) : Promise.resolve([]),
    brandIds.length > 0 ? reference.brands(lang) : Promise.resolve([]),
    Promise.all(codeKeys.map((key) => reference.codesOf(CodeCategory[key], lang))),
    Promise.all(brandIds.map((id) => reference.brandModels(id!, lang))),
  ]);
  const codes = new Map<CodeKey, Named>(codeKeys.map((key, index) => [key, codeLists[index]!]));
  const models = new Map<number, Named>(
    brandIds.map((id, index) => [id!, modelLists[index] ?? []]),
  );
  return { states: states as Named, brands: brands as Named, codes, models };
}

/**
 * The ids the list's form knows for the choices `raw` (a list query string) makes, for
 * keepKnownChoices: a colour id must be a colour, a model one of the chosen make's.
 */
export async function knownChoices(
  reference: Reference,
  raw: string,
): Promise<Partial<Record<FilterKey, ReadonlySet<number>>>> {
  const filter = parseListQuery(new URLSearchParams(raw.replace(/^\?/, ''))).filter;
  const choices = await choicesFor(reference, [filter], 'ar');
  const ids = (list: Named) => new Set(list.map((entry) => entry.id));
  const allowed: Partial<Record<FilterKey, ReadonlySet<number>>> = {
    stateId: ids(choices.states),
    vehicleBrandId: ids(choices.brands),
    vehicleModelId: ids(choices.models.get(filter.vehicleBrandId ?? 0) ?? []),
  };
  for (const [key, list] of choices.codes) allowed[key] = ids(list);
  return allowed;
}

const SORT_TEXT: Record<ListSort, SiteText> = {
  newest: 'list_sort_newest',
  'price-asc': 'list_sort_price_asc',
  'price-desc': 'list_sort_price_desc',
  'year-desc': 'list_sort_year_desc',
  'distance-asc': 'list_sort_distance_asc',
};

/** One describer for a batch of searches: the names are read once per answer. */
export async function filterWords(
  reference: Reference,
  queries: string[],
  lang: Lang,
): Promise<string[][]> {
  const parsed = queries.map((query) => parseListQuery(new URLSearchParams(query)));
  const filters = parsed.map((query) => effectiveFilter(query.filter));
  const { states, brands, codes, models } = await choicesFor(reference, filters, lang);
  const nameIn = (list: Named | undefined, id: number | undefined) =>
    list?.find((entry) => entry.id === id)?.name;

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
    chip('filter_model', nameIn(models.get(filter.vehicleBrandId ?? 0), filter.vehicleModelId));
    range('filter_year', filter.yearFrom, filter.yearTo, String);
    const currency = filter.priceCurrency ?? Currency.NIS;
    range('filter_price', filter.priceFrom, filter.priceTo, (n) => price(n, currency, lang));
    range('filter_mileage', filter.mealsFrom, filter.mealsTo, grouped);
    for (const [key, label] of CODE_KEYS) {
      chip(label, nameIn(codes.get(key), filter[key]));
    }
    const sort = parsed[index]!.sort;
    if (sort) chip('list_sort_label', text(lang, SORT_TEXT[sort]));
    return words;
  });
}
