import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { activityRepository } from '../../db/repositories/activity.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { readOutbox } from '../../lib/mailer.ts';
import { Notified, NotifyBody, OutboxMail, OutboxQuery } from './schemas.ts';

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
        body: NotifyBody,
        response: { 200: Envelope(Notified) },
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
        querystring: OutboxQuery,
        response: { 200: Envelope(Type.Array(OutboxMail)) },
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
