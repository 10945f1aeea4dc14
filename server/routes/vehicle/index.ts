import type { ObjectStore } from '../../lib/storage/object-store.ts';
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { activityRepository } from '../../db/repositories/activity.ts';
import { sellerRepository } from '../../db/repositories/sellers.ts';
import { vehicleRepository } from '../../db/repositories/vehicles.ts';
import { t } from '../../lib/messages.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { SEED_MAX } from '../../../domain/vehicle-filter.ts';
import sellerVehicles from './seller.ts';
import {
  FavouriteIds,
  FavouriteToggle,
  FavouriteVehicles,
  Gallery,
  VehicleDetail,
  VehicleSearch,
} from './schemas.ts';
import {
  FavouriteToggleQuery,
  GalleryQuery,
  VehicleFilterQuery,
  VehicleQuery,
} from './request-schemas.ts';
import adminVehicles from './admin.ts';
import vehicleStatus from './status.ts';
import vehicleReports from './reports.ts';

const tags = ['Vehicle'];

const vehicle: FastifyPluginAsyncTypebox<{ storage: ObjectStore; siteUrl: string }> = async (
  app,
  options,
) => {
  await app.register(vehicleStatus, { siteUrl: options.siteUrl });
  await app.register(adminVehicles);
  await app.register(vehicleReports);
  const vehicles = vehicleRepository(app.db, app.bus);
  const sellers = sellerRepository(app.db);
  const activity = activityRepository(app.db, app.bus);
  await app.register(sellerVehicles, { storage: options.storage });

  app.get(
    '/GetVehiclesFavorite',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          "The caller's favourite vehicles still on display; moreInfo is the description (HTML).",
        response: { 200: Envelope(FavouriteVehicles) },
      },
    },
    async (request) =>
      ok({ vehicles: { data: await activity.favouriteVehicles(request.user!.id, request.lang) } }),
  );

  app.get(
    '/GetVehiclesFavoriteId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        response: { 200: Envelope(FavouriteIds) },
      },
    },
    async (request) => ok(await activity.favouriteIds(request.user!.id)),
  );

  app.get(
    '/ToggleVehicleFavorite',
    {
      preHandler: [app.authenticate, app.userLimit('favouriteToggle')],
      schema: {
        tags,
        security: [{ bearer: [] }],
        querystring: FavouriteToggleQuery,
        response: { 200: Envelope(FavouriteToggle) },
      },
    },
    async (request) => {
      const isFavorite = await activity.toggleFavourite(request.user!.id, request.query.vehicleId);
      if (isFavorite === null) throw new ApiError(404, 'vehicle_not_found');
      const message = t(request.lang, isFavorite ? 'favorite_added' : 'favorite_removed');
      return ok({ isFavorite, message }, message);
    },
  );

  app.get(
    '/GetVehiclesRandomly',
    {
      schema: {
        tags,
        description:
          'Public accepted vehicles matching the filter, shuffled unless `sort` is given. The answer carries the seed of its shuffle: send it back with the next pages to walk one consistent order.',
        querystring: VehicleFilterQuery,
        response: { 200: Envelope(VehicleSearch) },
      },
    },
    async (request) => {
      const { page, pageSize, seed = randomInt(0, SEED_MAX), sort, ...filter } = request.query;
      const { data, pagination } = await vehicles.search(
        filter,
        { page, pageSize },
        { seed, sort },
        request.lang,
      );
      return ok({ vehicles: { data, pagination }, seed });
    },
  );

  app.get(
    '/GetVehicle',
    {
      schema: {
        tags,
        querystring: VehicleQuery,
        response: { 200: Envelope(VehicleDetail) },
      },
    },
    async (request) => {
      const detail = await vehicles.detail(request.query.id, request.lang);
      if (!detail) throw new ApiError(404, 'vehicle_not_found');
      return ok(detail);
    },
  );

  app.get(
    '/GetUserVehicles',
    {
      schema: {
        tags,
        description: "A seller's gallery: the seller's public details and public vehicles.",
        querystring: GalleryQuery,
        response: { 200: Envelope(Gallery) },
      },
    },
    async (request) => {
      const { userId, page, pageSize } = request.query;
      const gallery = await sellers.gallery(userId, { page, pageSize }, request.lang);
      if (!gallery) throw new ApiError(404, 'seller_not_found');
      return ok(gallery);
    },
  );
};

export default vehicle;
