import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SendMessageWay, UserStatus } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import {
  changePasswordError,
  isValidEmail,
  resetPasswordError,
} from '../../../domain/validation.ts';
import { passwordResetRepository } from '../../db/repositories/password-resets.ts';
import { userRepository } from '../../db/repositories/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { newPasswordMail, resetPasswordMail } from '../../lib/mail-texts.ts';
import { t, validationText, type Lang } from '../../lib/messages.ts';
import {
  generatePassword,
  hashPassword,
  newResetToken,
  resetTokenHash,
  verifyPassword,
} from '../../lib/password.ts';
import {
  ChangePasswordBody,
  NewPasswordQuery,
  ResetPasswordBody,
  SendNewPasswordBody,
  Session,
} from './schemas.ts';
import { own, sessionFor } from './session.ts';

const tags = ['User'];

/** How long a forgot-password link works (issue §2). */
export const RESET_LINK_MINUTES = 30;

/**
 * Passwords: change (signed in), forgot (a single-use link by email), reset (the link's form)
 * and the admin's new password. Each change ends every session signed before it.
 */
const password: FastifyPluginAsyncTypebox<{ siteUrl: string; rateLimit: number }> = async (
  app,
  options,
) => {
  const accounts = userRepository(app.db, app.bus);
  const resets = passwordResetRepository(app.db, app.bus);
  const limited = { rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } };

  app.put(
    '/ChangePassword',
    {
      preHandler: [app.authenticate, app.userLimit('passwordChange')],
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          'Changes the password and ends every other session: the answer carries a new token for this one.',
        body: ChangePasswordBody,
        response: { 200: Envelope(Session) },
      },
    },
    async (request) => {
      const me = own(request, request.body.userId);
      const form = {
        oldPassword: request.body.oldPassword ?? '',
        newPassword: request.body.newPassword ?? '',
        // The confirmation stays in the form (spec §3); when it is not sent, the new one stands.
        confirmPassword: request.body.confirmPassword ?? request.body.newPassword ?? '',
      };
      const first = changePasswordError(form);
      if (first) throw new ApiError(400, 'field_invalid', {}, validationText(request.lang, first));
      const user = await accounts.findById(me);
      if (!user || !(await verifyPassword(form.oldPassword.trim(), user.passwordHash))) {
        throw new ApiError(400, 'wrong_old_password');
      }
      const changed = await accounts.setPasswordHash(
        me,
        await hashPassword(form.newPassword.trim()),
      );
      if (!changed) throw new ApiError(404, 'not_found');
      const session = await sessionFor(app, { ...user, tokenVersion: changed.tokenVersion });
      return ok(session, t(request.lang, 'password_changed'));
    },
  );

  /** The link of the reset page in the caller's language. */
  const resetLink = (token: string, lang: Lang) =>
    `${options.siteUrl}${lang === 'en' ? '/en' : ''}/reset_password?token=${token}`;

  app.get(
    '/GetNewPassword',
    {
      config: limited,
      schema: {
        tags,
        description: `Forgot password: emails a link that sets a new password, once, within ${RESET_LINK_MINUTES} minutes; the old password works until then. The answer is the same whether or not the email has an account.`,
        querystring: NewPasswordQuery,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const email = (request.query.email ?? '').trim();
      if (!email) throw new ApiError(400, 'field_required', { field: 'email' });
      if (!isValidEmail(email)) throw new ApiError(400, 'invalid_email');
      const user = await accounts.findByEmail(email);
      if (user && user.statusId !== UserStatus.blocked) {
        const { token, hash } = newResetToken();
        await resets.create(user.id, hash, new Date(Date.now() + RESET_LINK_MINUTES * 60_000));
        // Not awaited: how long the mail takes must not tell whether the account exists.
        app.mailer.sendInBackground({
          to: user.email,
          ...resetPasswordMail(request.lang, {
            name: user.name,
            link: resetLink(token, request.lang),
            minutes: RESET_LINK_MINUTES,
          }),
        });
      }
      return ok(null, t(request.lang, 'reset_link_sent'));
    },
  );

  app.post(
    '/ResetPassword',
    {
      config: limited,
      schema: {
        tags,
        description:
          "Sets a new password with a forgot-password link's token; the link then stops working and every session ends.",
        body: ResetPasswordBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const form = {
        newPassword: request.body.newPassword ?? '',
        confirmPassword: request.body.confirmPassword ?? '',
      };
      const first = resetPasswordError(form);
      if (first) throw new ApiError(400, 'field_invalid', {}, validationText(request.lang, first));
      const tokenHash = resetTokenHash(request.body.token.trim());
      // Checked before hashing, so a wrong token costs no hashing work.
      if (!(await resets.isUsable(tokenHash))) throw new ApiError(400, 'reset_link_invalid');
      const passwordHash = await hashPassword(form.newPassword.trim());
      if (!(await resets.use(tokenHash, passwordHash))) {
        throw new ApiError(400, 'reset_link_invalid');
      }
      return ok(null, t(request.lang, 'password_reset_success'));
    },
  );

  app.put(
    '/SendUserNewPassword',
    {
      preHandler: app.requirePermission(AdminPermission.users),
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          "Admin: emails a user a new password and ends the user's sessions; the old password works unless the email went out.",
        body: SendNewPasswordBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      if (request.body.sendWay && request.body.sendWay !== SendMessageWay.email) {
        throw new ApiError(400, 'field_invalid', { field: 'sendWay' });
      }
      const user = await accounts.findById(request.body.userId);
      if (!user) throw new ApiError(404, 'not_found');
      const newPassword = generatePassword();
      const hash = await hashPassword(newPassword);
      try {
        await app.mailer.send({
          to: user.email,
          ...newPasswordMail(request.lang, { name: user.name, password: newPassword }),
        });
      } catch (error) {
        request.log.error({ err: error }, 'new password email failed');
        throw new ApiError(503, 'email_failed');
      }
      await accounts.setPasswordHash(user.id, hash);
      // The password itself is never recorded.
      await app.audit(request, {
        action: 'SendUserNewPassword',
        entity: 'user',
        entityId: user.id,
        after: { passwordSentTo: user.email },
      });
      return ok(null, t(request.lang, 'new_password_sent'));
    },
  );
};

export default password;
