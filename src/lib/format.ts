import { Currency } from '../../domain/codes.ts';
import type { Lang } from './i18n.ts';

/*
 * Numbers and dates use Latin digits in Arabic too, as Palestinian marketplaces commonly do
 * (prices and phone numbers are written 0599… and 25,000 ₪). The output is built from fixed
 * pieces rather than the engine's locale data so the server and every browser print exactly the
 * same text (no hydration differences between ICU versions).
 */

export type CurrencyCode = 'ILS' | 'JOD' | 'USD';

/** Spec §9: currency ids map to NIS (86), JOD (88), otherwise USD. */
export function currencyCode(currencyId: number | null | undefined): CurrencyCode {
  if (currencyId === Currency.NIS) return 'ILS';
  if (currencyId === Currency.JOD) return 'JOD';
  return 'USD';
}

const symbols: Record<CurrencyCode, Record<Lang, string>> = {
  ILS: { ar: '₪', en: '₪' },
  JOD: { ar: 'د.أ', en: 'JOD' },
  USD: { ar: '$', en: '$' },
};

const NBSP = '\u00a0';

// Built once: a formatter costs far more to create than to use, and a page formats dozens of numbers.
const groupedBy = [0, 1, 2].map(
  (decimals) =>
    new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }),
);

function grouped(value: number, decimals: 0 | 1 | 2): string {
  return groupedBy[decimals]!.format(value);
}

/** A whole number with thousands separators (the site's Latin digits): 120,000. */
export function formatNumber(value: number): string {
  return groupedBy[0]!.format(value);
}

function withCurrency(amount: string, currencyId: number | null | undefined, lang: Lang) {
  const code = currencyCode(currencyId);
  const symbol = symbols[code][lang];
  // Arabic puts the symbol after the number; English before it ($ and ₪ touch, JOD is spaced).
  if (lang === 'ar') return `${amount}${NBSP}${symbol}`;
  return code === 'JOD' ? `${symbol}${NBSP}${amount}` : `${symbol}${amount}`;
}

/** A vehicle price, spec §9: whole units, e.g. `125,000 ₪` / `₪125,000`. */
export function formatPrice(
  price: number | null | undefined,
  currencyId: number | null | undefined,
  lang: Lang,
): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '';
  return withCurrency(grouped(price, 0), currencyId, lang);
}

/** The same with one decimal, for the my-vehicles table: `125,000.0 ₪`. */
export function formatPriceOneDecimal(
  price: number | null | undefined,
  currencyId: number | null | undefined,
  lang: Lang,
): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return '';
  return withCurrency(grouped(price, 1), currencyId, lang);
}

/** Dates are shown in Palestine's local time wherever the page is rendered. */
export const SITE_TIME_ZONE = 'Asia/Hebron';

const dayPeriods: Record<Lang, { am: string; pm: string }> = {
  ar: { am: 'ص', pm: 'م' },
  en: { am: 'AM', pm: 'PM' },
};

const dateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h12',
});

/** `2024-03-05 02:07 PM` (Arabic: `2024-03-05 02:07 م`); '' for a missing or invalid date. */
export function formatDateTime(value: Date | string | number | null | undefined, lang: Lang) {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part: Record<string, string> = {};
  for (const { type, value: text } of dateParts.formatToParts(date)) part[type] = text;
  const hour = part.hour === '00' ? '12' : part.hour;
  const period = part.dayPeriod?.toUpperCase().startsWith('P') ? 'pm' : 'am';
  return `${part.year}-${part.month}-${part.day} ${hour}:${part.minute} ${dayPeriods[lang][period]}`;
}

/** `2024-03-05`, the day in the site's time zone; '' for a missing or invalid date. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part: Record<string, string> = {};
  for (const { type, value: text } of dateParts.formatToParts(date)) part[type] = text;
  return `${part.year}-${part.month}-${part.day}`;
}

/** Spec §9: description previews. */
export const DESCRIPTION_DETAIL_LIMIT = 150;
export const DESCRIPTION_CARD_LIMIT = 75;

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Plain text of an HTML fragment: tags dropped, common entities decoded, spaces collapsed. */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the text is longer than the limit (the detail page's "see more" threshold). */
export function isLongerThan(text: string, limit: number): boolean {
  return Array.from(text).length > limit;
}

/** Cuts text to `limit` characters (never inside a surrogate pair) and adds an ellipsis. */
export function truncate(text: string, limit: number): string {
  const chars = Array.from(text);
  if (chars.length <= limit) return text;
  return `${chars.slice(0, limit).join('').trimEnd()}…`;
}

/** The plain-text preview of an HTML description: 75 characters on cards, 150 on details. */
export function descriptionPreview(html: string | null | undefined, limit: number): string {
  return truncate(stripHtml(html), limit);
}

/** A block of a description preview: a paragraph, or a list with its items. */
export type PreviewBlock = { kind: 'p'; text: string } | { kind: 'ul' | 'ol'; items: string[] };

export interface BlockPreview {
  blocks: PreviewBlock[];
  /** True when text was left out (the last block kept ends with an ellipsis). */
  cut: boolean;
}

/** The shortest piece of a cut block worth showing. */
const MIN_FRAGMENT = 20;

const BLOCK_TAG = /<(\/?)(p|li|h[1-6]|blockquote|pre|div|ul|ol)\b([^>]*)>/gi;

/**
 * The paragraphs and list items of an HTML description as plain text, in order. Quill 2 writes
 * every list as <ol> and tells the kind on each item (data-list="bullet" | "ordered"); headings,
 * quotes and code count as paragraphs.
 */
function textBlocks(html: string): { kind: 'p' | 'ul' | 'ol'; text: string }[] {
  const out: { kind: 'p' | 'ul' | 'ol'; text: string }[] = [];
  const lists: ('ul' | 'ol')[] = [];
  const source = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ');
  let kind: 'p' | 'ul' | 'ol' = 'p';
  let from = 0;
  const flush = (to: number) => {
    const text = stripHtml(source.slice(from, to));
    if (text) out.push({ kind, text });
  };
  for (const match of source.matchAll(BLOCK_TAG)) {
    flush(match.index);
    from = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    if (tag === 'ul' || tag === 'ol') {
      if (closing) lists.pop();
      else lists.push(tag);
      kind = 'p';
    } else if (tag === 'li' && !closing) {
      const list = /\bdata-list\s*=\s*["']?(\w+)/i.exec(match[3] ?? '')?.[1]?.toLowerCase();
      kind = list === 'ordered' ? 'ol' : list ? 'ul' : (lists.at(-1) ?? 'ul');
    } else {
      kind = 'p';
    }
  }
  flush(source.length);
  return out;
}

/**
 * The detail page's description preview, block by block: whole paragraphs and list items while
 * they fit in `limit` characters, then the next one cut to what is left, with an ellipsis (or,
 * when fewer than 20 characters are left, the ellipsis ends the last whole block).
 * Consecutive items of one kind stay one list, so a shortened list still reads as a list.
 */
export function descriptionBlocks(html: string | null | undefined, limit: number): BlockPreview {
  const blocks: PreviewBlock[] = [];
  const add = (kind: 'p' | 'ul' | 'ol', text: string) => {
    const last = blocks.at(-1);
    if (kind === 'p') blocks.push({ kind, text });
    else if (last && last.kind === kind) last.items.push(text);
    else blocks.push({ kind, items: [text] });
  };
  const endWithEllipsis = () => {
    const last = blocks.at(-1);
    if (!last) return;
    if (last.kind === 'p') last.text = `${last.text.trimEnd()}…`;
    else last.items[last.items.length - 1] = `${last.items.at(-1)!.trimEnd()}…`;
  };
  let left = limit;
  for (const block of textBlocks(html ?? '')) {
    const length = Array.from(block.text).length;
    if (length <= left) {
      add(block.kind, block.text);
      left -= length;
      continue;
    }
    // A few words of the next block would read as noise: the ellipsis then ends the last one.
    if (left >= MIN_FRAGMENT || blocks.length === 0) add(block.kind, truncate(block.text, left));
    else endWithEllipsis();
    return { blocks, cut: true };
  }
  return { blocks, cut: false };
}

/** Seller spec §2 (favourites): previews of more than this many characters get cut. */
export const FAVOURITE_PREVIEW_THRESHOLD = 20;

/**
 * The favourites page's description preview, as the spec words it: the HTML stripped, and when
 * the text is over 20 characters, its first 75 followed by an ellipsis (so a text of 21 to 75
 * characters shows whole, with the ellipsis); 20 characters or fewer show as they are.
 */
export function favouriteDescriptionPreview(html: string | null | undefined): string {
  const text = stripHtml(html);
  const chars = Array.from(text);
  if (chars.length <= FAVOURITE_PREVIEW_THRESHOLD) return text;
  return `${chars.slice(0, DESCRIPTION_CARD_LIMIT).join('').trimEnd()}…`;
}
