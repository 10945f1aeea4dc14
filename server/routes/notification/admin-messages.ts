import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { UserStatus, UserType } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { notifications, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { Id, MultilineText, Text } from '../../lib/schema-types.ts';
import { createSmsSender } from '../../lib/sms.ts';

const tags = ['NotificationMessage'];
const security = [{ bearer: [] }];

/** One user, or an audience: every seller (individuals and dealerships), or every account. */
const Recipients = {
  userId: Type.Optional(Id({ minimum: 0 })),
  audience: Type.Optional(Type.Union([Type.Literal('sellers'), Type.Literal('all')])),
};
const NotificationBody = Type.Object({
  title: Type.Optional(Text(200)),
  body: Type.Optional(MultilineText(2000)),
  ...Recipients,
});
const EmailBody = Type.Object({
  subject: Type.Optional(Text(200)),
  body: Type.Optional(MultilineText(20_000)),
  ...Recipients,
});
const SmsBody = Type.Object({ message: Type.Optional(MultilineText(480)), ...Recipients });
const Sent = Type.Object({ recipients: Type.Integer() });
type Target = Static<typeof NotificationBody>;

/**
 * The admin's messages (spec §7 NotificationMessage): a notification kept for the bell and
 * delivered live, an email (SMTP or the outbox) and an SMS (an HTTP gateway or its outbox), to
 * one user or to an audience.
 */
const adminMessages: FastifyPluginAsyncTypebox<{
  smsUrl: string | null;
  smsOutboxDir: string;
}> = async (app, options) => {
  const allowed = app.requirePermission(AdminPermission.notifications);
  const sms = createSmsSender({ smsUrl: options.smsUrl, outboxDir: options.smsOutboxDir });

  /** The live accounts a message goes to; 404 for a user who does not exist. */
  const recipients = async ({ userId = 0, audience }: Target) => {
    if ((userId ? 1 : 0) + (audience ? 1 : 0) !== 1) {
      throw new ApiError(400, 'message_recipient_required');
    }
    const live = and(
      isNull(users.deletedAt),
      sql`${users.statusId} is distinct from ${UserStatus.blocked}`,
    );
    const rows = await app.db
      .select({ id: users.id, name: users.name, email: users.email, mobile: users.mobile })
      .from(users)
      .where(
        and(
          live,
          userId
            ? eq(users.id, userId)
            : audience === 'sellers'
              ? inArray(users.userType, [UserType.normal, UserType.company])
              : ne(users.id, 0),
        ),
      );
    if (userId && rows.length === 0) throw new ApiError(404, 'not_found');
    if (rows.length === 0) throw new ApiError(400, 'message_no_recipients');
    return rows;
  };
  const describe = ({ userId, audience }: Target) => (userId ? { userId } : { audience });

  app.post(
    '/CreateNotification',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description:
          'Admin: a notification for one user (userId) or an audience ("sellers" or "all"), kept for their bell and pushed live to their open pages.',
        body: NotificationBody,
        response: { 200: Envelope(Sent) },
      },
    },
    async (request) => {
      const title = (request.body.title ?? '').trim();
      const message = (request.body.body ?? '').trim();
      if (!title) throw new ApiError(400, 'message_title_required');
      if (!message) throw new ApiError(400, 'message_body_required');
      const to = await recipients(request.body);
      const rows = await app.db
        .insert(notifications)
        .values(to.map((user) => ({ userId: user.id, title, message })))
        .returning();
      for (const row of rows) {
        await app.bus.publish('notification', {
          userId: row.userId,
          notification: {
            id: row.id,
            title: row.title,
            message: row.message,
            link: row.link,
            createdAt: row.createdAt.toISOString(),
            isRead: row.isRead,
          },
        });
      }
      await app.audit(request, {
        action: 'CreateNotification',
        entity: 'notification',
        after: { title, message, ...describe(request.body), recipients: rows.length },
      });
      return ok(
        { recipients: rows.length },
        t(request.lang, 'message_sent', { count: rows.length }),
      );
    },
  );

  app.post(
    '/SendEmail',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description:
          'Admin: an email to one user or an audience (SMTP when SMTP_URL is set, the outbox otherwise). One user: answered once sent; an audience: sent in the background.',
        body: EmailBody,
        response: { 200: Envelope(Sent) },
      },
    },
    async (request) => {
      const subject = (request.body.subject ?? '').trim();
      const text = (request.body.body ?? '').trim();
      if (!subject) throw new ApiError(400, 'message_title_required');
      if (!text) throw new ApiError(400, 'message_body_required');
      const to = await recipients(request.body);
      if (request.body.userId) {
        try {
          await app.mailer.send({ to: to[0]!.email, subject, text });
        } catch (error) {
          request.log.error({ err: error }, 'admin email failed');
          throw new ApiError(503, 'email_failed');
        }
      } else {
        for (const user of to) app.mailer.sendInBackground({ to: user.email, subject, text });
      }
      await app.audit(request, {
        action: 'SendEmail',
        entity: 'email',
        after: { subject, ...describe(request.body), recipients: to.length },
      });
      return ok({ recipients: to.length }, t(request.lang, 'message_sent', { count: to.length }));
    },
  );

  app.post(
    '/SendSMS',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description:
          "Admin: an SMS to one user's mobile or an audience's (an HTTP gateway when SMS_URL is set, the SMS outbox otherwise).",
        body: SmsBody,
        response: { 200: Envelope(Sent) },
      },
    },
    async (request) => {
      const message = (request.body.message ?? '').trim();
      if (!message) throw new ApiError(400, 'message_body_required');
      const to = (await recipients(request.body)).filter((user) => user.mobile.trim());
      if (to.length === 0) throw new ApiError(400, 'message_no_recipients');
      let sent = 0;
      for (const user of to) {
        try {
          await sms.send({ to: user.mobile.trim(), message });
          sent++;
        } catch (error) {
          request.log.error({ err: error }, 'sms failed');
          if (request.body.userId) throw new ApiError(503, 'sms_failed');
        }
      }
      await app.audit(request, {
        action: 'SendSMS',
        entity: 'sms',
        after: { message, ...describe(request.body), recipients: sent },
      });
      return ok({ recipients: sent }, t(request.lang, 'message_sent', { count: sent }));
    },
  );
};

export default adminMessages;
