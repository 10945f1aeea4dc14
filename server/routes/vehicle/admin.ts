import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminPermission } from '../../../domain/permissions.ts';
import { adminVehicleRepository } from '../../db/repositories/admin-vehicles.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { AdminVehiclePage } from './schemas.ts';
import { AdminVehiclesQuery } from './request-schemas.ts';

/** GetAdminVehicles: the review queue; decisions go through UpdateVehicleStatus. */
const adminVehicles: FastifyPluginAsyncTypebox = async (app) => {
  const repository = adminVehicleRepository(app.db);
  app.get(
    '/GetAdminVehicles',
    {
      preHandler: app.requirePermission(AdminPermission.vehicles),
      schema: {
        tags: ['Vehicle'],
        security: [{ bearer: [] }],
        description:
          'Admin: every vehicle that is not deleted, any status (statusId 0 or none: all), searched by make, model or owner, sorted by createdAt (newest first by default), price or year; each with its photos, description and owner contact.',
        querystring: AdminVehiclesQuery,
        response: { 200: Envelope(AdminVehiclePage) },
      },
    },
    async (request) => {
      const { statusId = 0, ownerId = 0, ...paging } = request.query;
      return ok(await repository.list({ ...paging, statusId, ownerId }, request.lang));
    },
  );
};

export default adminVehicles;
