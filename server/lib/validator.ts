import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/*
 * The compilers of the API's schemas. Each route's validators and response serializers are
 * compiled when the route first needs them, not when it is registered: compiling all of them
 * took about half a second of every process's start (a cluster starts several), for routes that
 * a process may never serve. A schema that cannot compile fails its route's first request
 * instead of the start.
 */

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type BuildValidator = CompilersFactory['buildValidator'];
type BuildSerializer = CompilersFactory['buildSerializer'];

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
 * Fastify's ajv validators, compiled on first use, with one more rule: no number may be Infinity. Coercion reads the
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
      let validate: Validate | undefined;
      const finite: Validate = (data) => {
        validate ??= compile(route);
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

/** Fastify's response serializers (fast-json-stringify), compiled on first use. */
export function lazySerializers(): BuildSerializer {
  const pool = SerializerSelector();
  const build = (...args: Parameters<typeof pool>) => {
    const compile = pool(...args);
    return (route: Parameters<typeof compile>[0]) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compile(route))(data);
    };
  };
  return build as unknown as BuildSerializer;
}
