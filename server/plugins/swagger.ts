import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorEnvelope } from '../lib/envelope.ts';

/** The refusals any API call may answer, all through the one error handler's envelope. */
const refusals: Record<number, string> = {
  400: 'Refused: the request is not valid (the message names the field).',
  401: 'Refused: not signed in, or the session has expired.',
  403: 'Refused: the account may not do this.',
  404: 'Refused: no such item or call.',
  429: 'Refused: too many requests; try again shortly.',
};

/**
 * Documents the error envelope as the 4xx answer of every route that declares a schema (the API
 * and the hub's negotiate), unless the route says otherwise. Pages, files and the documentation
 * itself declare none or are hidden. A response schema also serializes: ErrorEnvelope is exactly
 * what the error handler sends.
 */
function documentRefusals(route: RouteOptions): void {
  const schema = route.schema as (FastifySchema & { hide?: boolean }) | undefined;
  if (!schema || schema.hide) return;
  const response = (schema.response ??= {}) as Record<string, unknown>;
  for (const [status, description] of Object.entries(refusals)) {
    response[status] ??= { ...ErrorEnvelope, description };
  }
}

/** The OpenAPI document, generated from the route schemas, with its viewer at /api/docs. */
export default fp(
  async function docs(app: FastifyInstance) {
    // Registered before the routes, so the hook sees every one of them.
    app.addHook('onRoute', documentRefusals);
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Vehicle marketplace API',
          description:
            'Every answer is { success, message, data }; messages follow Accept-Language (ar by default, en).',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
