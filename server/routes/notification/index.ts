import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { activityRepository } from '../../db/repositories/activity.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { Int32 } from '../../lib/schema-types.ts';
import { PaginationSchema } from '../vehicle/schemas.ts';

const tags = ['NotificationMessage'];

const NotificationSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  message: Type.String(),
  createdAt: Type.String(),
  isRead: Type.Boolean(),
});

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
        querystring: Type.Object({
          page: Int32({ minimum: 1, default: 1 }),
          pageSize: Int32({ minimum: 1, maximum: 1000, default: 1000 }),
        }),
        response: {
          200: Envelope(
            Type.Object({
              notifications: Type.Object({
                data: Type.Array(NotificationSchema),
                pagination: PaginationSchema,
              }),
              notReadNum: Type.Integer(),
            }),
          ),
        },
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
        response: { 200: Envelope(Type.Object({ notReadNum: Type.Integer() })) },
      },
    },
    async (request) => {
      await activity.readAll(request.user!.id);
      return ok({ notReadNum: 0 }, t(request.lang, 'notifications_read'));
    },
  );
};

export default notification;
