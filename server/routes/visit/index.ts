import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { visits } from '../../db/schema.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { visitTarget } from '../../../domain/slug.ts';
import { Text } from '../../lib/schema-types.ts';

const visit: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/RecordVisit',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Visit'],
        description:
          "Records a page view. The ip is the connection's; an ip in the body is ignored (spec sends it empty).",
        body: Type.Object({
          ip: Type.Optional(Text(64)),
          userAgent: Type.Optional(Text(512)),
          route: Text(2048, { minLength: 1 }),
        }),
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
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
