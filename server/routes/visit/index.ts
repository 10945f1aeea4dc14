import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { statisticsRepository } from '../../db/repositories/statistics.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { visitTarget } from '../../../domain/slug.ts';
import { RecordedVisit, VisitBody } from './schemas.ts';

const visit: FastifyPluginAsyncTypebox = async (app) => {
  // The visit and the dashboard's daily roll-up are written together.
  const recorder = statisticsRepository(app.db);
  app.post(
    '/RecordVisit',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Visit'],
        description:
          "Records a page view. The ip is the connection's; an ip in the body is ignored (spec sends it empty).",
        body: VisitBody,
        response: { 200: Envelope(RecordedVisit) },
      },
    },
    async (request) => {
      const { route } = request.body;
      const userAgent = request.body.userAgent ?? request.headers['user-agent'] ?? '';
      const row = await recorder.recordVisit({
        ip: request.ip,
        userAgent,
        route,
        ...visitTarget(route),
      });
      return ok({ id: row.id }, t(request.lang, 'visit_recorded'));
    },
  );
};

export default visit;
