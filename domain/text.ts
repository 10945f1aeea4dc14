/*
 * Characters text may not hold (issue "Bad input must never be a 500"): every C0 control
 * character, DEL and unpaired UTF-16 surrogates. None can be typed into an input (browsers drop
 * CR and LF from pasted single-line values), NUL cannot be stored by PostgreSQL, and a lone
 * surrogate is not valid UTF-8. Multi-line text (a textarea) keeps tab, line feed and carriage
 * return. The API refuses such text; the site's search boxes turn it into spaces.
 */
const SINGLE_LINE_FORBIDDEN = '\\u0000-\\u001F\\u007F\\uD800-\\uDFFF';
const MULTI_LINE_FORBIDDEN = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uD800-\\uDFFF';

/** JSON-schema `pattern` of single-line text. */
export const SINGLE_LINE_PATTERN = `^[^${SINGLE_LINE_FORBIDDEN}]*$`;
/** JSON-schema `pattern` of multi-line text. */
export const MULTI_LINE_PATTERN = `^[^${MULTI_LINE_FORBIDDEN}]*$`;

const forbidden = new RegExp(`[${SINGLE_LINE_FORBIDDEN}]`, 'g');

/** Single-line text with each forbidden character replaced by a space. */
export function withoutControlCharacters(text: string): string {
  return text.replace(forbidden, ' ');
}
