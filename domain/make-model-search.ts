/*
 * The home page's search box: a visitor types a make and a model in either language ("كيا
 * سبورتاج", "kia sportage", "sportage") and lands on the vehicles list filtered by them. The
 * words are compared after folding what Arabic and Latin typing varies in (case, hamza forms,
 * taa marbuta, alif maqsura, diacritics and tatweel, digits, extra spaces).
 */

export interface NamedModel {
  id: number;
  nameAr: string;
  nameEn: string;
}

export interface NamedMake extends NamedModel {
  models: NamedModel[];
}

export interface MakeModelMatch {
  vehicleBrandId: number;
  vehicleModelId?: number;
}

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** The text as the matcher compares it: lower case, Arabic letters folded, words single-spaced. */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(ARABIC_INDIC, (digit) => String((digit.charCodeAt(0) & 0xf) % 10))
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '') // diacritics and tatweel
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether `name` appears in `text` as whole words (both folded). */
function containsWords(text: string, name: string): boolean {
  return name !== '' && ` ${text} `.includes(` ${name} `);
}

/** The longest of the names (Arabic or English) of `items` found in `text`, with its length. */
function longestFound<T extends NamedModel>(items: readonly T[], text: string) {
  let best: { item: T; length: number } | null = null;
  for (const item of items) {
    for (const name of [foldSearchText(item.nameAr), foldSearchText(item.nameEn)]) {
      if (containsWords(text, name) && (!best || name.length > best.length)) {
        best = { item, length: name.length };
      }
    }
  }
  return best;
}

/**
 * The make and model that `query` names: a make found in it, then one of that make's models;
 * or, with no make named, a model alone (with its make). Null when it names neither.
 */
export function matchMakeModel(query: string, makes: readonly NamedMake[]): MakeModelMatch | null {
  const text = foldSearchText(query);
  if (text === '') return null;
  const make = longestFound(makes, text)?.item;
  if (make) {
    const model = longestFound(make.models, text)?.item;
    return model
      ? { vehicleBrandId: make.id, vehicleModelId: model.id }
      : { vehicleBrandId: make.id };
  }
  const models = makes.flatMap((candidate) =>
    candidate.models.map((model) => ({ ...model, brandId: candidate.id })),
  );
  const model = longestFound(models, text)?.item;
  return model ? { vehicleBrandId: model.brandId, vehicleModelId: model.id } : null;
}
