import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { activityRepository } from '../../db/repositories/activity.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { readOutbox } from '../../lib/mailer.ts';
import { Currency } from '../../../domain/codes.ts';
import { events } from '../../db/schema.ts';
import { Notified, NotifyBody, OutboxMail, OutboxQuery, TestEventBody } from './schemas.ts';

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
      const { userId, title, message, link } = request.body;
      const notification = await activity.notify(userId, title, message, link);
      return ok({ id: notification.id });
    },
  );

  app.post(
    '/CreateEvent',
    {
      schema: { hide: true, body: TestEventBody, response: { 200: Envelope(Notified) } },
    },
    async (request) => {
      const { slug, title, place, startsAt, ticketPrice, seats, image } = request.body;
      const [row] = await app.db
        .insert(events)
        .values({
          slug,
          titleAr: title,
          titleEn: title,
          placeAr: place,
          placeEn: place,
          startsAt: new Date(startsAt),
          ticketPrice,
          currencyId: Currency.NIS,
          image,
          seats,
        })
        .returning({ id: events.id });
      return ok({ id: row!.id });
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
