import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { visits } from '../../db/schema.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { visitTarget } from '../../../domain/slug.ts';
import { RecordedVisit, VisitBody } from './schemas.ts';

const visit: FastifyPluginAsyncTypebox = async (app) => {
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
      const [row] = await app.db
        .insert(visits)
        .values({ ip: request.ip, userAgent, route, ...visitTarget(route) })
        .returning({ id: visits.id });
      return ok({ id: row!.id }, t(request.lang, 'visit_recorded'));
    },
  );
};

export default visit;
