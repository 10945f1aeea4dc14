import {
  Type,
  type IntegerOptions,
  type NumberOptions,
  type StringOptions,
  type TSchema,
} from '@sinclair/typebox';
import { INT4_MAX, MONEY_MAX } from '../../domain/limits.ts';
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from '../../domain/text.ts';

/**
 * The building blocks of every request schema (query, path, body). Each one is bounded to what
 * the database can hold, so a hostile value is a 400 from validation and never reaches SQL:
 * ids and counts fit PostgreSQL's int4, money fits numeric(14,2), and text has a length and no
 * control characters (issue "Bad input must never be a 500").
 */

export const INT4_MIN = -2_147_483_648;

type Bounds = { minimum?: number; maximum?: number };

function clamp<T extends Bounds>(options: T, low: number, high: number): T {
  return {
    ...options,
    minimum: Math.max(options.minimum ?? low, low),
    maximum: Math.min(options.maximum ?? high, high),
  };
}

/** A row id: 1 to int4's maximum. `Id({ minimum: 0 })` where 0 means "none" or "mine". */
export const Id = (options: IntegerOptions = {}) =>
  Type.Integer(clamp({ minimum: 1, ...options }, 0, INT4_MAX));

/** Any whole number a column of type integer holds; narrower bounds may be given. */
export const Int32 = (options: IntegerOptions = {}) =>
  Type.Integer(clamp(options, INT4_MIN, INT4_MAX));

/** A finite amount of money, 0 to numeric(14, 2)'s maximum. */
export const Money = (options: NumberOptions = {}) =>
  Type.Number(clamp({ minimum: 0, ...options }, 0, MONEY_MAX));

/** One line of text (names, emails, numbers, search terms), at most `maxLength` characters. */
export const Text = (maxLength: number, options: StringOptions = {}) =>
  Type.String({ ...options, maxLength, pattern: SINGLE_LINE_PATTERN });

/** Free text from a textarea: tab and line breaks allowed, other controls refused. */
export const MultilineText = (maxLength: number, options: StringOptions = {}) =>
  Type.String({ ...options, maxLength, pattern: MULTI_LINE_PATTERN });

/**
 * What a request schema lacks to be safe, one line per field: an integer or number without
 * both bounds, a string without a length and the control-character rule, a list without a
 * length. Used at start (server/plugins/input-schemas.ts) so a route cannot forget them.
 */
export function unboundedFields(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown> & TSchema;
  const here = path || '(root)';
  const found: string[] = [];
  const types = ([] as unknown[]).concat(node.type ?? []);
  const bounded = (key: 'minimum' | 'maximum', exclusive: string) =>
    Number.isFinite(node[key]) || Number.isFinite(node[exclusive]);
  const constant = node.const !== undefined || Array.isArray(node.enum);
  if (!constant && (types.includes('integer') || types.includes('number'))) {
    if (!bounded('minimum', 'exclusiveMinimum') || !bounded('maximum', 'exclusiveMaximum')) {
      found.push(`${here}: ${types.join('|')} without a minimum and a maximum`);
    }
  }
  if (!constant && types.includes('string')) {
    if (!Number.isFinite(node.maxLength)) found.push(`${here}: string without a maxLength`);
    if (node.pattern !== SINGLE_LINE_PATTERN && node.pattern !== MULTI_LINE_PATTERN) {
      found.push(`${here}: string without the control-character rule (Text or MultilineText)`);
    }
  }
  if (types.includes('array') && !Number.isFinite(node.maxItems)) {
    found.push(`${here}: array without a maxItems`);
  }
  const properties = node.properties as Record<string, unknown> | undefined;
  for (const [name, child] of Object.entries(properties ?? {})) {
    found.push(...unboundedFields(child, path ? `${path}.${name}` : name));
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    if (node[key] && typeof node[key] === 'object') {
      found.push(...unboundedFields(node[key], `${path}[]`));
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const child of (node[key] as unknown[] | undefined) ?? []) {
      found.push(...unboundedFields(child, path));
    }
  }
  return found;
}
