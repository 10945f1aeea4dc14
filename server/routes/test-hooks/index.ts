import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { activityRepository } from '../../db/repositories/activity.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { readOutbox } from '../../lib/mailer.ts';
import { Id, MultilineText, Text } from '../../lib/schema-types.ts';

/**
 * Hooks for the browser tests only, registered when E2E_TEST_HOOKS=1: they stand in for write
 * paths that later work adds (an admin creating a notification) and read the email outbox.
 */
const testHooks: FastifyPluginAsyncTypebox<{ outboxDir: string }> = async (app, options) => {
  const activity = activityRepository(app.db, app.bus);

  app.post(
    '/Notify',
    {
      schema: {
        hide: true,
        body: Type.Object({
          userId: Id(),
          title: Text(200),
          message: MultilineText(2000),
        }),
        response: { 200: Envelope(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => {
      const { userId, title, message } = request.body;
      const notification = await activity.notify(userId, title, message);
      return ok({ id: notification.id });
    },
  );

  app.get(
    '/Outbox',
    {
      schema: {
        hide: true,
        querystring: Type.Object({ to: Text(254) }),
        response: {
          200: Envelope(
            Type.Array(
              Type.Object({
                to: Type.String(),
                subject: Type.String(),
                text: Type.String(),
                sentAt: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const mails = await readOutbox(options.outboxDir);
      const to = request.query.to.toLowerCase();
      return ok(mails.filter((mail) => mail.to.toLowerCase() === to));
    },
  );
};

export default testHooks;
