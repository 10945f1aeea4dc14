import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unboundedFields } from '../lib/schema-types.ts';

const requestParts = ['querystring', 'query', 'params', 'body', 'headers'] as const;

/**
 * Refuses to start with a route whose request schema lets an unbounded value through (an integer
 * past int4, Infinity, a text of any length or with NUL): such a value would reach the database
 * and answer 500. Build request schemas from server/lib/schema-types.ts.
 */
export default fp(
  async function inputSchemas(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const schema = (route.schema ?? {}) as Partial<
        Record<(typeof requestParts)[number], unknown>
      >;
      const problems = requestParts.flatMap((part) =>
        unboundedFields(schema[part]).map((problem) => `${part}.${problem}`),
      );
      if (problems.length > 0) {
        const methods = ([] as string[]).concat(route.method).join(',');
        throw new Error(
          `${methods} ${route.url}: unbounded request input (use server/lib/schema-types.ts): ${problems.join('; ')}`,
        );
      }
    });
  },
  { name: 'input-schemas' },
);
