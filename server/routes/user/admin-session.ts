import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, eq } from 'drizzle-orm';
import { UserType } from '../../../domain/codes.ts';
import { permissions, userPermissions, users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';

const AdminSession = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  image: Type.String(),
  /** The permission codes the admin holds now (domain/permissions.ts). */
  permissions: Type.Array(Type.String()),
});

/**
 * GetAdminSession: who the signed-in admin is and what they may do, read at every call, so the
 * dashboard's menu follows a permission change at the next page load. The server still checks
 * each permission on each call.
 */
const adminSession: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/GetAdminSession',
    {
      preHandler: app.requireUserType(UserType.admin),
      schema: {
        tags: ['User'],
        security: [{ bearer: [] }],
        description: "The signed-in admin's name, picture and permission codes.",
        response: { 200: Envelope(AdminSession) },
      },
    },
    async (request) => {
      const id = request.user!.id;
      const [admin] = await app.db
        .select({ id: users.id, name: users.name, email: users.email, image: users.image })
        .from(users)
        .where(eq(users.id, id));
      if (!admin) throw new ApiError(404, 'not_found');
      const held = await app.db
        .select({ code: permissions.code })
        .from(userPermissions)
        .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
        .where(and(eq(userPermissions.userId, id), eq(userPermissions.allowed, true)));
      return ok({ ...admin, image: admin.image ?? '', permissions: held.map((row) => row.code) });
    },
  );
};

export default adminSession;
