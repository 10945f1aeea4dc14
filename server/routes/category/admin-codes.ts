import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminPermission } from '../../../domain/permissions.ts';
import { catalogueAdminRepository } from '../../db/repositories/catalogue-admin.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { list, names, purgeCataloguePages, security, tags } from './admin-helpers.ts';
import {
  AdminCode,
  AdminCodesQuery,
  CodeBody,
  CodeUpdateBody,
  DeleteCodeQuery,
  DeletedId,
} from './schemas.ts';

/**
 * The admin's lookup values (spec §7 Category, authorised calls): colours, body types and the
 * other kinds, names in both languages; the currencies are fixed. A value that vehicles use
 * cannot be deleted (409). The list reads the database on every request, so a change shows in
 * the forms and filters at once; the cached pages that show the names are purged.
 */
const catalogueCodes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogue = catalogueAdminRepository(app.db);
  const allowed = app.requirePermission(AdminPermission.categories);
  const purge = (vehicleIds?: number[]) => purgeCataloguePages(app, vehicleIds);

  // ------------------------------------------------------------------ list

  app.get(
    '/GetAdminCodes',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description:
          'Admin: the values of one lookup kind (categoryId: colours 1, body types 2, specifications 3, painted types 4, painted status 5, gear types 6, oil types 7, currencies 8).',
        querystring: AdminCodesQuery,
        response: list(AdminCode),
      },
    },
    async (request) => {
      const { categoryId, ...query } = request.query;
      if (!catalogue.isEditableKind(categoryId)) throw new ApiError(400, 'code_kind_invalid');
      return ok(await catalogue.codes(categoryId, query));
    },
  );

  // ------------------------------------------------------------------ lookup values

  app.post(
    '/CreateCode',
    {
      preHandler: allowed,
      schema: { tags, security, body: CodeBody, response: { 200: Envelope(AdminCode) } },
    },
    async (request) => {
      const { categoryId } = request.body;
      if (!catalogue.isEditableKind(categoryId)) throw new ApiError(400, 'code_kind_invalid');
      if (catalogue.isFixedKind(categoryId)) throw new ApiError(400, 'code_fixed');
      const row = await catalogue.createCode(categoryId, {
        ...names(request, request.body),
        sortOrder: request.body.sortOrder ?? 0,
      });
      await app.audit(request, {
        action: 'CreateCode',
        entity: 'code',
        entityId: row.id,
        after: row,
      });
      await purge();
      return ok({ ...row, categoryId }, t(request.lang, 'create_success'));
    },
  );

  app.put(
    '/UpdateCode',
    {
      preHandler: allowed,
      schema: { tags, security, body: CodeUpdateBody, response: { 200: Envelope(AdminCode) } },
    },
    async (request) => {
      const { id } = request.body;
      const before = await catalogue.code(id);
      if (!before || !catalogue.isEditableKind(before.categoryId ?? 0)) {
        throw new ApiError(404, 'not_found');
      }
      const row = (await catalogue.updateCode(id, {
        ...names(request, request.body),
        sortOrder: request.body.sortOrder ?? before.sortOrder,
      }))!;
      await app.audit(request, {
        action: 'UpdateCode',
        entity: 'code',
        entityId: id,
        before,
        after: row,
      });
      await purge(await catalogue.vehicleIdsShowing(catalogue.vehicleColumnsFor(id)));
      return ok({ ...row, categoryId: row.categoryId ?? 0 }, t(request.lang, 'update_success'));
    },
  );

  app.delete(
    '/DeleteCode',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description:
          'Admin: deletes a lookup value; 409 when a vehicle uses it; the currencies are fixed.',
        querystring: DeleteCodeQuery,
        response: { 200: Envelope(DeletedId) },
      },
    },
    async (request) => {
      const { id } = request.query;
      const before = await catalogue.code(id);
      if (!before || !catalogue.isEditableKind(before.categoryId ?? 0)) {
        throw new ApiError(404, 'not_found');
      }
      if (catalogue.isFixedKind(before.categoryId ?? 0)) throw new ApiError(400, 'code_fixed');
      const used = await catalogue.vehiclesUsingCode(id);
      if (used > 0) throw new ApiError(409, 'value_in_use', { count: used });
      await catalogue.deleteCode(id);
      await app.audit(request, { action: 'DeleteCode', entity: 'code', entityId: id, before });
      await purge();
      return ok({ id }, t(request.lang, 'delete_success'));
    },
  );
};

export default catalogueCodes;
