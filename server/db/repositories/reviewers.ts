import { and, eq, isNull, sql } from 'drizzle-orm';
import { UserStatus, UserType } from '../../../domain/codes.ts';
import type { AdminPermissionCode } from '../../../domain/permissions.ts';
import type { Db } from '../client.ts';
import { permissions, userPermissions, users } from '../schema.ts';

/**
 * Who hears that something awaits review: the live admins (neither deleted nor blocked) who hold
 * the permission to review it, so a notification never invites an admin to a screen they cannot
 * open.
 */
export async function reviewersHolding(db: Db, code: AdminPermissionCode): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userPermissions, eq(userPermissions.userId, users.id))
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(
      and(
        eq(users.userType, UserType.admin),
        isNull(users.deletedAt),
        sql`${users.statusId} is distinct from ${UserStatus.blocked}`,
        eq(permissions.code, code),
        eq(userPermissions.allowed, true),
      ),
    );
  return rows.map((row) => row.id);
}
