import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UserStatus, UserType } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { userRepository } from '../../db/repositories/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { AccountStatus, ChangeStatusBody, DeleteQuery } from './schemas.ts';

const tags = ['User'];
const statuses: readonly number[] = Object.values(UserStatus);

/**
 * The admin's account calls of spec §7 that block and delete sellers. Each names the kind of
 * account it acts on: a company id given to a customer call is not found. Both end the
 * account's sessions and drop the cached pages that show it.
 */
const adminAccounts: FastifyPluginAsyncTypebox = async (app) => {
  const accounts = userRepository(app.db, app.bus);
  const adminOnly = app.requirePermission(AdminPermission.users);
  const kinds = [
    { userType: UserType.normal, status: 'ChangeStatusCustomer', remove: 'DeleteCustomer' },
    { userType: UserType.company, status: 'ChangeStatusCompany', remove: 'DeleteCompany' },
  ] as const;

  for (const { userType, status, remove } of kinds) {
    const who = userType === UserType.normal ? 'an individual' : 'a dealership';
    app.put(
      `/${status}`,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          security: [{ bearer: [] }],
          description: `Admin: sets the status of ${who} (active ${UserStatus.active}, blocked ${UserStatus.blocked}); a blocked account's sessions end at once.`,
          body: ChangeStatusBody,
          response: { 200: Envelope(AccountStatus) },
        },
      },
      async (request) => {
        const { userId, statusId } = request.body;
        if (!statuses.includes(statusId)) throw new ApiError(400, 'invalid_user_status');
        const changed = await accounts.setStatus(userId, userType, statusId);
        if (!changed) throw new ApiError(404, 'not_found');
        await app.audit(request, {
          action: status,
          entity: 'user',
          entityId: userId,
          after: { statusId },
        });
        return ok({ userId, statusId }, t(request.lang, 'account_status_changed'));
      },
    );

    app.delete(
      `/${remove}`,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          security: [{ bearer: [] }],
          description: `Admin: deletes ${who}; its sessions end and its email can sign up again.`,
          querystring: DeleteQuery,
          response: { 200: Envelope(Type.Null()) },
        },
      },
      async (request) => {
        const deleted = await accounts.softDelete(request.query.Id, userType);
        if (!deleted) throw new ApiError(404, 'not_found');
        await app.audit(request, { action: remove, entity: 'user', entityId: request.query.Id });
        return ok(null, t(request.lang, 'account_deleted'));
      },
    );
  }
};

export default adminAccounts;
