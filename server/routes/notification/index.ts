import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UserType } from '../../../domain/codes.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { NotificationsQuery, UnreadCount, UserNotifications } from './schemas.ts';

const tags = ['NotificationMessage'];

const notification: FastifyPluginAsyncTypebox = async (app) => {
  const activity = activityRepository(app.db, app.bus);

  app.get(
    '/GetUserNotification',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: "The caller's notifications, newest first, and how many are unread.",
        querystring: NotificationsQuery,
        response: { 200: Envelope(UserNotifications) },
      },
    },
    async (request) => ok(await activity.notificationsOf(request.user!.id, request.query)),
  );

  app.put(
    '/ReadNotReadNotifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: "Marks all the caller's notifications read.",
        response: { 200: Envelope(UnreadCount) },
      },
    },
    async (request) => {
      await activity.readAll(request.user!.id);
      return ok({ notReadNum: 0 }, t(request.lang, 'notifications_read'));
    },
  );

  app.put(
    '/ReadAdminNotification',
    {
      preHandler: app.requireUserType(UserType.admin),
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          "Admin: marks one of the caller's notifications read (the body is its id, a JSON number) and answers the id.",
        body: Type.Integer({ minimum: 1, maximum: 2147483647 }),
        response: { 200: Envelope(Type.Integer()) },
      },
    },
    async (request) => {
      const id = request.body;
      if (!(await activity.readOne(request.user!.id, id))) throw new ApiError(404, 'not_found');
      return ok(id, t(request.lang, 'notifications_read'));
    },
  );
};

export default notification;
