import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AdminPermission } from '../../../domain/permissions.ts';
import { catalogueAdminRepository } from '../../db/repositories/catalogue-admin.ts';
import { vehicles } from '../../db/schema.ts';
import {
  decodeBase64Image,
  deleteImage,
  ImageRejectedError,
  saveImage,
} from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { list, names, purgeCataloguePages, security, tags } from './admin-helpers.ts';
import {
  AdminBrand,
  AdminCatalogueQuery,
  AdminModel,
  AdminModelsQuery,
  BrandBody,
  BrandUpdateBody,
  DeleteBrandQuery,
  DeletedId,
  DeleteModelQuery,
  ModelBody,
  ModelUpdateBody,
} from './schemas.ts';

const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The admin's makes and models (spec §7 Category, authorised calls): the lists, and creating,
 * renaming and deleting them, names in both languages; a make's logo. A make or model that
 * vehicles use cannot be deleted (409). The lists read the database on every request, so a
 * change shows in the forms and filters at once; the cached pages that show the names are
 * purged. The lookup values are in ./admin-codes.ts.
 */
const catalogueMakes: FastifyPluginAsyncTypebox<{ storage: ObjectStore }> = async (
  app,
  options,
) => {
  const catalogue = catalogueAdminRepository(app.db);
  const allowed = app.requirePermission(AdminPermission.categories);
  const purge = (vehicleIds?: number[]) => purgeCataloguePages(app, vehicleIds);

  const storeLogo = async (raw: string) => {
    const bytes = decodeBase64Image(raw);
    if (!bytes || bytes.length === 0) throw new ApiError(400, 'image_invalid');
    if (bytes.length > LOGO_MAX_BYTES) throw new ApiError(413, 'image_too_large');
    try {
      return (await saveImage(options.storage, bytes, { kind: 'misc', accept: ['jpeg', 'png'] }))
        .path;
    } catch (error) {
      if (error instanceof ImageRejectedError) throw new ApiError(400, 'image_invalid');
      throw error;
    }
  };

  // ------------------------------------------------------------------ lists

  app.get(
    '/GetAdminBrands',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description: 'Admin: makes with both names, their order, logo and number of models.',
        querystring: AdminCatalogueQuery,
        response: list(AdminBrand),
      },
    },
    async (request) => ok(await catalogue.brands(request.query)),
  );

  app.get(
    '/GetAdminBrandModels',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description: "Admin: models with both names; brandId 0 or none: every make's.",
        querystring: AdminModelsQuery,
        response: list(AdminModel),
      },
    },
    async (request) => {
      const { brandId = 0, ...query } = request.query;
      return ok(await catalogue.models(brandId, query));
    },
  );

  // ------------------------------------------------------------------ makes

  app.post(
    '/CreateBrand',
    {
      preHandler: allowed,
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags, security, body: BrandBody, response: { 200: Envelope(AdminBrand) } },
    },
    async (request) => {
      const values = names(request, request.body);
      const raw = request.body.image?.trim();
      const image = raw ? await storeLogo(raw) : null;
      const row = await catalogue.createBrand({
        ...values,
        sortOrder: request.body.sortOrder ?? 0,
        image,
      });
      await app.audit(request, {
        action: 'CreateBrand',
        entity: 'brand',
        entityId: row.id,
        after: row,
      });
      await purge();
      return ok({ ...row, image: row.image ?? '', models: 0 }, t(request.lang, 'create_success'));
    },
  );

  app.put(
    '/UpdateBrand',
    {
      preHandler: allowed,
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags, security, body: BrandUpdateBody, response: { 200: Envelope(AdminBrand) } },
    },
    async (request) => {
      const { id } = request.body;
      const before = await catalogue.brand(id);
      if (!before) throw new ApiError(404, 'brand_not_found');
      const values = names(request, request.body);
      const raw = request.body.image?.trim();
      const image =
        request.body.image === undefined ? before.image : raw ? await storeLogo(raw) : null;
      const row = (await catalogue.updateBrand(id, {
        ...values,
        sortOrder: request.body.sortOrder ?? before.sortOrder,
        image,
      }))!;
      if (before.image && before.image !== image) await deleteImage(options.storage, before.image);
      await app.audit(request, {
        action: 'UpdateBrand',
        entity: 'brand',
        entityId: id,
        before,
        after: row,
      });
      await purge(await catalogue.vehicleIdsShowing(eq(vehicles.brandId, id)));
      const [listed] = (
        await catalogue.brands({ page: 1, pageSize: 1, search: row.nameAr })
      ).data.filter((brand) => brand.id === id);
      return ok(
        listed ?? { ...row, image: row.image ?? '', models: 0 },
        t(request.lang, 'update_success'),
      );
    },
  );

  app.delete(
    '/DeleteBrand',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description: 'Admin: deletes a make and its models; 409 when a vehicle uses either.',
        querystring: DeleteBrandQuery,
        response: { 200: Envelope(DeletedId) },
      },
    },
    async (request) => {
      const id = request.query.brandId;
      const before = await catalogue.brand(id);
      if (!before) throw new ApiError(404, 'brand_not_found');
      const used = await catalogue.vehiclesUsingBrand(id);
      if (used > 0) throw new ApiError(409, 'brand_in_use', { count: used });
      await catalogue.deleteBrand(id);
      if (before.image) await deleteImage(options.storage, before.image);
      await app.audit(request, { action: 'DeleteBrand', entity: 'brand', entityId: id, before });
      await purge();
      return ok({ id }, t(request.lang, 'delete_success'));
    },
  );

  // ------------------------------------------------------------------ models

  const checkModel = async (
    request: FastifyRequest,
    body: { brandId: number; nameAr: string; nameEn: string },
  ) => {
    const values = names(request, body);
    if (!(await catalogue.brand(body.brandId))) throw new ApiError(404, 'brand_not_found');
    return { brandId: body.brandId, ...values };
  };

  app.post(
    '/CreateBrandModel',
    {
      preHandler: allowed,
      schema: { tags, security, body: ModelBody, response: { 200: Envelope(DeletedId) } },
    },
    async (request) => {
      const row = await catalogue.createModel(await checkModel(request, request.body));
      await app.audit(request, {
        action: 'CreateBrandModel',
        entity: 'brand_model',
        entityId: row.id,
        after: row,
      });
      await purge();
      return ok({ id: row.id }, t(request.lang, 'create_success'));
    },
  );

  app.put(
    '/UpdateBrandModel',
    {
      preHandler: allowed,
      schema: { tags, security, body: ModelUpdateBody, response: { 200: Envelope(DeletedId) } },
    },
    async (request) => {
      const { id } = request.body;
      const before = await catalogue.model(id);
      if (!before) throw new ApiError(404, 'not_found');
      const values = await checkModel(request, request.body);
      // A model used by vehicles keeps its make: the vehicles' make would no longer match.
      if (values.brandId !== before.brandId && (await catalogue.vehiclesUsingModel(id)) > 0) {
        throw new ApiError(409, 'value_in_use', { count: await catalogue.vehiclesUsingModel(id) });
      }
      const row = (await catalogue.updateModel(id, values))!;
      await app.audit(request, {
        action: 'UpdateBrandModel',
        entity: 'brand_model',
        entityId: id,
        before,
        after: row,
      });
      await purge(await catalogue.vehicleIdsShowing(eq(vehicles.modelId, id)));
      return ok({ id }, t(request.lang, 'update_success'));
    },
  );

  app.delete(
    '/DeleteBrandModel',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description: 'Admin: deletes a model; 409 when a vehicle uses it.',
        querystring: DeleteModelQuery,
        response: { 200: Envelope(DeletedId) },
      },
    },
    async (request) => {
      const id = request.query.brandModelId;
      const before = await catalogue.model(id);
      if (!before) throw new ApiError(404, 'not_found');
      const used = await catalogue.vehiclesUsingModel(id);
      if (used > 0) throw new ApiError(409, 'value_in_use', { count: used });
      await catalogue.deleteModel(id);
      await app.audit(request, {
        action: 'DeleteBrandModel',
        entity: 'brand_model',
        entityId: id,
        before,
      });
      await purge();
      return ok({ id }, t(request.lang, 'delete_success'));
    },
  );
};

export default catalogueMakes;
