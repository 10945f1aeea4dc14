import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

interface Validate {
  (data: unknown): unknown;
  errors?: unknown[] | null;
}

interface JsonSchema {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

/** The JSON pointer of the first number that is not finite, or null. */
function firstNonFinite(value: unknown, pointer = ''): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : pointer;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = firstNonFinite(child, `${pointer}/${key}`);
    if (found !== null) return found;
  }
  return null;
}

function typeAt(schema: JsonSchema | undefined, pointer: string): string {
  let node = schema;
  for (const key of pointer.split('/').filter(Boolean)) {
    node = node?.properties?.[key] ?? node?.items;
  }
  const type = ([] as unknown[]).concat(node?.type ?? 'number')[0];
  return type === 'integer' ? 'integer' : 'number';
}

/**
 * Fastify's ajv validators, with one more rule: no number may be Infinity. Coercion reads the
 * text "Infinity" of a query string (or of a JSON string) as a number, and ajv then skips an
 * integer's bounds for it, so the value would reach the database.
 */
export function finiteValidators(): BuildValidator {
  const pool = AjvCompiler();
  const build = (
    externalSchemas: Parameters<typeof pool>[0],
    options: Parameters<typeof pool>[1],
  ) => {
    const compile = pool(externalSchemas, options) as unknown as (route: {
      schema: JsonSchema;
    }) => Validate;
    return (route: { schema: JsonSchema }) => {
      const validate = compile(route);
      const finite: Validate = (data) => {
        const valid = validate(data);
        finite.errors = validate.errors;
        if (valid !== true) return valid;
        const pointer = firstNonFinite(data);
        if (pointer === null) return true;
        const type = typeAt(route.schema, pointer);
        finite.errors = [
          { keyword: 'type', instancePath: pointer, params: { type }, message: `must be ${type}` },
        ];
        return false;
      };
      return finite;
    };
  };
  return build as unknown as BuildValidator;
}
