import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { AdminPermission } from '../../../domain/permissions.ts';
import { likePattern } from '../../db/repositories/admin-vehicles.ts';
import { offsetOf, paginationOf } from '../../db/repositories/pagination.ts';
import { auditLog, users } from '../../db/schema.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { Int32, Text } from '../../lib/schema-types.ts';
import { AdminListQuery, Page } from '../paging-schemas.ts';

const AuditQuery = Type.Object({
  ...AdminListQuery(['createdAt'] as const),
  entity: Type.Optional(Text(40)),
  entityId: Type.Optional(Int32({ minimum: 0 })),
  actorId: Type.Optional(Int32({ minimum: 0 })),
});

const AuditEntry = Type.Object({
  id: Type.Integer(),
  actorId: Type.Integer(),
  actorName: Type.String(),
  action: Type.String(),
  entity: Type.String(),
  entityId: Type.Union([Type.Integer(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  createdAt: Type.String(),
});

/**
 * GetAuditLog: every admin write, newest first (who, what, which record, before and after,
 * when). The log is only ever read here; no call changes or deletes it.
 */
const audit: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/GetAuditLog',
    {
      preHandler: app.requirePermission(AdminPermission.audit),
      schema: {
        tags: ['Audit'],
        security: [{ bearer: [] }],
        description:
          'Admin: the audit log, newest first; filtered by entity, record, actor; searched by action or actor name.',
        querystring: AuditQuery,
        response: { 200: Envelope(Page(AuditEntry)) },
      },
    },
    async (request) => {
      const { entity, entityId, actorId, search, order, sort: _sort, ...paging } = request.query;
      const text = search?.trim();
      const where: SQL | undefined = and(
        entity ? eq(auditLog.entity, entity) : undefined,
        entityId ? eq(auditLog.entityId, entityId) : undefined,
        actorId ? eq(auditLog.actorId, actorId) : undefined,
        text
          ? or(ilike(auditLog.action, likePattern(text)), ilike(users.name, likePattern(text)))
          : undefined,
      );
      const [total] = await app.db
        .select({ rows: count() })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .where(where);
      const rows = await app.db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorName: users.name,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(order === 'asc' ? auditLog.createdAt : desc(auditLog.createdAt), desc(auditLog.id))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return ok({
        data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        pagination: paginationOf(paging, total?.rows ?? 0),
      });
    },
  );
};

export default audit;
