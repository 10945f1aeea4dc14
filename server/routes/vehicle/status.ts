import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Status } from '../../../domain/codes.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { referenceRepository } from '../../db/repositories/reference.ts';
import { vehicleRepository } from '../../db/repositories/vehicles.ts';
import { brandModels, brands, vehicles } from '../../db/schema.ts';
import { isAdmin } from '../../plugins/auth.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { alertSavedSearches } from './search-alerts.ts';
import { VehicleStatusAnswer } from './schemas.ts';
import { VehicleStatusBody } from './request-schemas.ts';

const tags = ['Vehicle'];
const statuses: readonly number[] = Object.values(Status);
/** What an owner may do to their own accepted vehicle: mark it sold, or withdraw it. */
const OWNER_MOVES: readonly number[] = [Status.saled, Status.canceled];

/**
 * UpdateVehicleStatus (spec §4): the admin reviews a vehicle (any status, with a reply the owner
 * reads); an owner may only mark their own accepted vehicle sold or withdraw it. The change
 * purges the pages that show the vehicle (accepting publishes it, anything else takes it off the
 * lists) and, when the admin made it, tells the owner live.
 */
const vehicleStatus: FastifyPluginAsyncTypebox<{ siteUrl: string }> = async (app, options) => {
  const catalogue = vehicleRepository(app.db, app.bus);
  const reference = referenceRepository(app.db);
  const activity = activityRepository(app.db, app.bus);

  app.put(
    '/UpdateVehicleStatus',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: `Admin: any status (pending ${Status.pending}, accepted ${Status.accepted}, rejected ${Status.failed}, withdrawn ${Status.canceled}, sold ${Status.saled}) with a reply to the owner. Owner: only their accepted vehicle to sold or withdrawn. Anything else is 403.`,
        body: VehicleStatusBody,
        response: { 200: Envelope(VehicleStatusAnswer) },
      },
    },
    async (request) => {
      const { vehicleId, statusId } = request.body;
      const user = request.user!;
      if (!statuses.includes(statusId)) throw new ApiError(400, 'vehicle_status_invalid');
      // An admin without the permission learns nothing, not even whether the vehicle exists.
      if (isAdmin(user) && !(await app.hasPermission(user.id, AdminPermission.vehicles))) {
        throw new ApiError(403, 'permission_denied');
      }
      const [vehicle] = await app.db
        .select({
          ownerId: vehicles.ownerId,
          statusId: vehicles.statusId,
          deletedAt: vehicles.deletedAt,
          year: vehicles.year,
          slug: vehicles.slug,
          brand: brands.nameAr,
          model: brandModels.nameAr,
          brandEn: brands.nameEn,
          modelEn: brandModels.nameEn,
        })
        .from(vehicles)
        .innerJoin(brands, eq(brands.id, vehicles.brandId))
        .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
        .where(eq(vehicles.id, vehicleId));
      if (!vehicle || vehicle.deletedAt) throw new ApiError(404, 'vehicle_not_found');

      const byAdmin = isAdmin(user);
      if (!byAdmin) {
        if (vehicle.ownerId !== user.id) throw new ApiError(403, 'forbidden');
        if (vehicle.statusId !== Status.accepted || !OWNER_MOVES.includes(statusId)) {
          throw new ApiError(403, 'vehicle_status_not_allowed');
        }
      }
      const messageReplay = byAdmin ? (request.body.messageReplay ?? '').trim() : undefined;
      const updated = await catalogue.update(vehicleId, {
        statusId,
        ...(messageReplay === undefined ? {} : { messageReplay }),
      });
      if (!updated) throw new ApiError(404, 'vehicle_not_found');
      if (byAdmin) {
        await app.audit(request, {
          action: 'UpdateVehicleStatus',
          entity: 'vehicle',
          entityId: vehicleId,
          before: { statusId: vehicle.statusId },
          after: { statusId, messageReplay: messageReplay ?? '' },
        });
      }

      const names = await reference.codeNames([statusId], request.lang);
      if (byAdmin && vehicle.ownerId !== user.id) {
        // The owner's language is not known: Arabic, the site's own.
        const [arabicStatus] = (await reference.codeNames([statusId], 'ar')).values();
        const name = `${vehicle.brand} ${vehicle.model} ${vehicle.year}`;
        const values = { vehicle: name, status: arabicStatus ?? '', reply: messageReplay ?? '' };
        await activity.notify(
          vehicle.ownerId,
          t('ar', 'vehicle_status_notification_title'),
          t(
            'ar',
            messageReplay ? 'vehicle_status_notification_reply' : 'vehicle_status_notification',
            values,
          ),
          // A published (or sold) vehicle's own page; otherwise the owner's list to act on it.
          statusId === Status.accepted || statusId === Status.saled
            ? `/vehicle/${vehicle.slug}`
            : '/profile/my_vehicles',
        );
      }
      if (byAdmin && statusId === Status.accepted && vehicle.statusId !== Status.accepted) {
        // The acceptance stands whatever happens here: a failed alert is logged, not answered.
        try {
          await alertSavedSearches(
            app,
            { activity, reference, siteUrl: options.siteUrl },
            {
              id: vehicleId,
              nameAr: `${vehicle.brand} ${vehicle.model} ${vehicle.year}`,
              nameEn: `${vehicle.brandEn} ${vehicle.modelEn} ${vehicle.year}`,
            },
          );
        } catch (error) {
          request.log.error({ err: error, vehicleId }, 'saved search alerts failed');
        }
      }
      return ok(
        { id: vehicleId, statusId, statusName: names.get(statusId) ?? '' },
        t(request.lang, 'update_success'),
      );
    },
  );
};

export default vehicleStatus;
