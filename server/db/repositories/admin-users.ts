import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { UserStatus, UserType } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { codes, permissions, userPermissions, users } from '../schema.ts';
import { likePattern } from './admin-vehicles.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';
import { localName } from './vehicle-cards.ts';

const statusCodes = alias(codes, 'user_status_codes');

export const ADMIN_USER_SORTS = ['name', 'createdAt', 'email'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export interface AdminUserQuery extends Paging {
  userType: number;
  stateId: number;
  search?: string;
  sort?: AdminUserSort;
  order?: 'asc' | 'desc';
}

/** An account that counts as an admin running the site: neither deleted nor blocked. */
const activeAdmin = and(
  eq(users.userType, UserType.admin),
  isNull(users.deletedAt),
  sql`${users.statusId} is distinct from ${UserStatus.blocked}`,
);

/** The dashboard's view of accounts: lists by kind, and the last-admin rules. */
export function adminUserRepository(db: Db) {
  return {
    async list(query: AdminUserQuery, lang: Lang) {
      const search = query.search?.trim();
      const where: SQL | undefined = and(
        isNull(users.deletedAt),
        query.userType ? eq(users.userType, query.userType) : undefined,
        query.stateId ? eq(users.addressStateId, query.stateId) : undefined,
        search
          ? or(
              ilike(users.name, likePattern(search)),
              ilike(users.email, likePattern(search)),
              ilike(users.mobile, likePattern(search)),
            )
          : undefined,
      );
      const column = { name: users.name, createdAt: users.createdAt, email: users.email }[
        query.sort ?? 'createdAt'
      ];
      const direction = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'asc' ? asc : desc;
      const [total] = await db.select({ rows: count() }).from(users).where(where);
      const rows = await db
        .select({
          id: users.id,
          userType: users.userType,
          name: users.name,
          email: users.email,
          mobile: users.mobile,
          ssn: sql<string>`coalesce(${users.ssn}, '')`,
          licenseNumber: sql<string>`coalesce(${users.licenseNumber}, '')`,
          addressStateId: sql<number>`coalesce(${users.addressStateId}, 0)`,
          addressCityId: sql<number>`coalesce(${users.addressCityId}, 0)`,
          addressInfo: users.addressInfo,
          moreInfo: users.moreInfo,
          image: sql<string>`coalesce(${users.image}, '')`,
          slug: users.slug,
          statusId: sql<number>`coalesce(${users.statusId}, ${UserStatus.active})`,
          statusName: sql<string>`coalesce(${localName(lang, statusCodes)}, '')`,
          vehicles: sql<number>`(select count(*) from vehicles v where v.owner_id = "users"."id" and v.deleted_at is null)::int`,
          createdAt: users.createdAt,
        })
        .from(users)
        .leftJoin(statusCodes, eq(statusCodes.id, users.statusId))
        .where(where)
        .orderBy(direction(column), desc(users.id))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return {
        data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        pagination: paginationOf(query, total?.rows ?? 0),
      };
    },

    /** Active admins other than `id`. */
    async otherActiveAdmins(id: number) {
      const [row] = await db
        .select({ rows: count() })
        .from(users)
        .where(and(activeAdmin, ne(users.id, id)));
      return row?.rows ?? 0;
    },

    /** Active admins other than `id` who may manage permissions. */
    async otherPermissionManagers(id: number) {
      const [row] = await db
        .select({ rows: count() })
        .from(users)
        .innerJoin(userPermissions, eq(userPermissions.userId, users.id))
        .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
        .where(
          and(
            activeAdmin,
            ne(users.id, id),
            eq(permissions.code, AdminPermission.permissions),
            eq(userPermissions.allowed, true),
          ),
        );
      return row?.rows ?? 0;
    },

    /** The permissions of a user type, with a user's grants when one is named. */
    async permissionsOf(userType: number, userId: number, lang: Lang) {
      const rows = await db
        .select({
          id: permissions.id,
          code: permissions.code,
          name: lang === 'en' ? permissions.nameEn : permissions.nameAr,
          allowed: sql<boolean>`coalesce(${userPermissions.allowed}, false)`,
        })
        .from(permissions)
        .leftJoin(
          userPermissions,
          and(eq(userPermissions.permissionId, permissions.id), eq(userPermissions.userId, userId)),
        )
        .where(eq(permissions.userType, userType))
        .orderBy(asc(permissions.id));
      return rows;
    },

    async permission(id: number) {
      const [row] = await db.select().from(permissions).where(eq(permissions.id, id));
      return row ?? null;
    },

    async setPermission(userId: number, permissionId: number, allowed: boolean) {
      await db
        .insert(userPermissions)
        .values({ userId, permissionId, allowed })
        .onConflictDoUpdate({
          target: [userPermissions.userId, userPermissions.permissionId],
          set: { allowed },
        });
    },
  };
}
