import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { UserType } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { adminUserRepository } from '../../db/repositories/admin-users.ts';
import { userRepository } from '../../db/repositories/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { Id } from '../../lib/schema-types.ts';

const tags = ['Role'];
const security = [{ bearer: [] }];

const PermissionsQuery = Type.Object({ userId: Type.Optional(Id({ minimum: 0 })) });
const PermissionRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  /** Whether the named user holds it (false without a user). */
  allowed: Type.Boolean(),
});
const UpdatePermissionBody = Type.Object({
  userId: Id(),
  permissionId: Id(),
  allowed: Type.Boolean(),
});

/**
 * The Role group (spec §7): the permission lists of each user type, a user's grants, and
 * granting or withdrawing one. Admin permissions are enforced on every admin call; the last
 * active admin managing permissions keeps that permission.
 */
const role: FastifyPluginAsyncTypebox = async (app) => {
  const admins = adminUserRepository(app.db);
  const accounts = userRepository(app.db, app.bus);
  const allowed = app.requirePermission(AdminPermission.permissions);

  const lists = [
    ['GetAdminPermissions', UserType.admin],
    ['GetCustomerPermissions', UserType.normal],
    ['GetCompanyPermissions', UserType.company],
  ] as const;
  for (const [name, userType] of lists) {
    app.get(
      `/${name}`,
      {
        preHandler: allowed,
        schema: {
          tags,
          security,
          description: `Admin: the permissions of user type ${userType}; with userId, whether that user holds each.`,
          querystring: PermissionsQuery,
          response: { 200: Envelope(Type.Array(PermissionRow)) },
        },
      },
      async (request) => {
        const userId = request.query.userId ?? 0;
        if (userId) {
          const user = await accounts.findById(userId);
          if (!user || user.userType !== userType) throw new ApiError(404, 'not_found');
        }
        return ok(await admins.permissionsOf(userType, userId, request.lang));
      },
    );
  }

  app.put(
    '/UpdateUserPermission',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description: "Admin: grants or withdraws one of a user's permissions (of the user's type).",
        body: UpdatePermissionBody,
        response: { 200: Envelope(UpdatePermissionBody) },
      },
    },
    async (request) => {
      const { userId, permissionId } = request.body;
      const granted = request.body.allowed;
      const user = await accounts.findById(userId);
      if (!user) throw new ApiError(404, 'not_found');
      const permission = await admins.permission(permissionId);
      if (!permission) throw new ApiError(404, 'not_found');
      if (permission.userType !== user.userType) throw new ApiError(400, 'permission_wrong_type');
      if (
        !granted &&
        permission.code === AdminPermission.permissions &&
        (await admins.otherPermissionManagers(userId)) === 0
      ) {
        throw new ApiError(409, 'last_permissions_admin');
      }
      const before = (await admins.permissionsOf(user.userType, userId, 'en')).find(
        (row) => row.id === permissionId,
      );
      await admins.setPermission(userId, permissionId, granted);
      await app.audit(request, {
        action: 'UpdateUserPermission',
        entity: 'user_permission',
        entityId: userId,
        before: { permission: permission.code, allowed: before?.allowed ?? false },
        after: { permission: permission.code, allowed: granted },
      });
      return ok({ userId, permissionId, allowed: granted }, t(request.lang, 'update_success'));
    },
  );
};

export default role;
