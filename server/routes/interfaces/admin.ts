import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import { likePattern } from '../../db/repositories/admin-vehicles.ts';
import { offsetOf, paginationOf } from '../../db/repositories/pagination.ts';
import { presentInterfaceItem } from '../../db/repositories/reference.ts';
import { Page } from '../paging-schemas.ts';
import { InterfaceGroup } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { interfaceItems } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import {
  AdminInterfaceItemsQuery,
  InterfaceItem,
  InterfaceItemBody,
  InterfaceItemId,
  InterfaceItemUpdateBody,
  InterfaceItemQuery,
} from './schemas.ts';

const tags = ['Interfaces'];
const security = [{ bearer: [] }];
const GROUPS: readonly number[] = Object.values(InterfaceGroup);
const CODE = /^[a-z0-9_]{2,60}$/;

type Body = typeof InterfaceItemBody.static;

/**
 * The admin's site texts (spec §7 Interfaces): the about page (104), the footer (105) and the
 * policy modals (106). Bodies are sanitised; the about page and every page's frame are purged.
 */
const interfacesAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const allowed = app.requirePermission(AdminPermission.interface);

  const valuesOf = (request: FastifyRequest, body: Body) => {
    const code = body.code.trim();
    if (!CODE.test(code)) throw new ApiError(400, 'interface_code_invalid');
    if (!GROUPS.includes(body.groupId)) throw new ApiError(400, 'interface_group_invalid');
    const titleAr = body.titleAr.trim();
    const titleEn = body.titleEn.trim();
    if (!titleAr || !titleEn) throw new ApiError(400, 'admin_check_name');
    return {
      code,
      groupId: body.groupId,
      titleAr,
      titleEn,
      bodyAr: sanitizeRichText(body.bodyAr ?? ''),
      bodyEn: sanitizeRichText(body.bodyEn ?? ''),
      sortOrder: body.sortOrder ?? 0,
      updatedAt: new Date(),
    };
  };
  const codeTaken = async (code: string, id = 0) => {
    const [row] = await app.db
      .select({ id: interfaceItems.id })
      .from(interfaceItems)
      .where(eq(interfaceItems.code, code));
    return row !== undefined && row.id !== id;
  };
  const purge = () => app.bus.publish('purge', { tags: [PageTag.about, PageTag.frame] });

  app.get(
    '/GetAdminInterfaceItems',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description: 'Admin: the site texts with both languages, paged, searched by code or title.',
        querystring: AdminInterfaceItemsQuery,
        response: { 200: Envelope(Page(InterfaceItem)) },
      },
    },
    async (request) => {
      const { groupId = 0, search, sort = 'sortOrder', order = 'asc', ...paging } = request.query;
      const text = search?.trim();
      const where = and(
        groupId ? eq(interfaceItems.groupId, groupId) : undefined,
        text
          ? or(
              ilike(interfaceItems.code, likePattern(text)),
              ilike(interfaceItems.titleAr, likePattern(text)),
              ilike(interfaceItems.titleEn, likePattern(text)),
            )
          : undefined,
      );
      const column = {
        code: interfaceItems.code,
        groupId: interfaceItems.groupId,
        sortOrder: interfaceItems.sortOrder,
      }[sort];
      const [total] = await app.db.select({ rows: count() }).from(interfaceItems).where(where);
      const rows = await app.db
        .select()
        .from(interfaceItems)
        .where(where)
        .orderBy(order === 'asc' ? asc(column) : desc(column), asc(interfaceItems.id))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return ok({
        data: rows.map((row) => presentInterfaceItem(row, request.lang)),
        pagination: paginationOf(paging, total?.rows ?? 0),
      });
    },
  );

  app.post(
    '/CreateInterfaceItem',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        body: InterfaceItemBody,
        response: { 200: Envelope(InterfaceItemId) },
      },
    },
    async (request) => {
      const values = valuesOf(request, request.body);
      if (await codeTaken(values.code)) throw new ApiError(409, 'interface_code_taken');
      const [row] = await app.db.insert(interfaceItems).values(values).returning();
      await app.audit(request, {
        action: 'CreateInterfaceItem',
        entity: 'interface_item',
        entityId: row!.id,
        after: row,
      });
      await purge();
      return ok({ id: row!.id }, t(request.lang, 'create_success'));
    },
  );

  app.put(
    '/UpdateInterfaceItem',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        body: InterfaceItemUpdateBody,
        response: { 200: Envelope(InterfaceItemId) },
      },
    },
    async (request) => {
      const { id } = request.body;
      const [before] = await app.db.select().from(interfaceItems).where(eq(interfaceItems.id, id));
      if (!before) throw new ApiError(404, 'not_found');
      const values = valuesOf(request, request.body);
      if (await codeTaken(values.code, id)) throw new ApiError(409, 'interface_code_taken');
      const [row] = await app.db
        .update(interfaceItems)
        .set(values)
        .where(eq(interfaceItems.id, id))
        .returning();
      await app.audit(request, {
        action: 'UpdateInterfaceItem',
        entity: 'interface_item',
        entityId: id,
        before,
        after: row,
      });
      await purge();
      return ok({ id }, t(request.lang, 'update_success'));
    },
  );

  app.delete(
    '/DeleteInterfaceItem',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        querystring: InterfaceItemQuery,
        response: { 200: Envelope(InterfaceItemId) },
      },
    },
    async (request) => {
      const { id } = request.query;
      const [before] = await app.db
        .delete(interfaceItems)
        .where(eq(interfaceItems.id, id))
        .returning();
      if (!before) throw new ApiError(404, 'not_found');
      await app.audit(request, {
        action: 'DeleteInterfaceItem',
        entity: 'interface_item',
        entityId: id,
        before,
      });
      await purge();
      return ok({ id }, t(request.lang, 'delete_success'));
    },
  );
};

export default interfacesAdmin;
