import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ErrorEnvelope, ok } from '../../lib/envelope.ts';
import { Liveness, Readiness } from './schemas.ts';

const tags = ['Health'];
// Probes call these every few seconds; only failures belong in the log.
const logLevel = 'warn';

/** Probes for process managers, load balancers and the test runners (deploy/nginx.conf). */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      logLevel,
      schema: {
        tags,
        summary: 'Liveness: the process answers and its database answers a query.',
        response: {
          200: Envelope(Liveness),
          503: ErrorEnvelope,
        },
      },
    },
    async () => {
      if (!(await app.database.ping())) throw new ApiError(503, 'service_unavailable');
      return ok({ database: app.database.driver });
    },
  );

  app.get(
    '/ready',
    {
      logLevel,
      schema: {
        tags,
        summary:
          'Readiness: migrations done and the home pages in the page cache (the rest warms in the background); 503 before that and once shutdown begins.',
        response: { 200: Envelope(Readiness), 503: ErrorEnvelope },
      },
    },
    async (request) => {
      const waitingFor = app.readiness.waitingFor;
      if (waitingFor !== null) {
        request.log.warn({ waitingFor }, 'not ready');
        throw new ApiError(503, 'service_unavailable');
      }
      return ok({ ready: true as const });
    },
  );
};

export default health;
