import { escape } from 'html-escaper';

/*
 * Markup written as strings, for the few pieces a page draws many times: an icon (a vehicle page
 * has about a hundred), a picture, a favourite star, a vehicle card (eight under a vehicle, a
 * dozen on a list). Astro's work per component and per expression is what an uncached render
 * spends most on, about 0.4 ms per card; drawn from strings the same card costs about 30
 * microseconds. The escaping is Astro's: text as html-escaper escapes it, so a value can never
 * open a tag or leave its attribute's quotes.
 */

/** Markup that is already safe: interpolated into `markup` as it is. */
export class Markup {
  constructor(readonly html: string) {}
}

type Value = Markup | string | number | boolean | null | undefined | readonly Value[];

function piece(value: Value): string {
  if (value instanceof Markup) return value.html;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escape(String(value));
}

/**
 * Markup from a template: every value escaped, but `Markup` (another `markup` result) kept as it
 * is, lists joined, and `null`, `undefined` and booleans left out (for `cond && markup`…``).
 */
export function markup(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += piece(values[i]!) + strings[i + 1]!;
  return new Markup(out);
}

/**
 * An element's attributes from an object, as Astro spreads them: `null`, `undefined` and
 * `false` left out, `true` and `''` written as the bare name.
 */
export function attributes(record: Record<string, unknown>): Markup {
  let out = '';
  for (const [name, value] of Object.entries(record)) {
    if (value === null || value === undefined || value === false) continue;
    out += value === true || value === '' ? ` ${name}` : ` ${name}="${escape(String(value))}"`;
  }
  return new Markup(out);
}
