import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Status, UserType } from '../../../domain/codes.ts';
import type { ValidationMessage } from '../../../domain/validation.ts';
import {
  image360Error,
  vehicleDraftError,
  type VehicleDraft,
} from '../../../domain/vehicle-draft.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { myVehicleRepository } from '../../db/repositories/my-vehicles.ts';
import { draftColumns, draftLookups } from '../../db/repositories/seller-vehicle-drafts.ts';
import {
  PhotosChangedError,
  sellerVehicleImageRepository,
} from '../../db/repositories/seller-vehicle-images.ts';
import { sellerVehicleRepository } from '../../db/repositories/seller-vehicles.ts';
import {
  discardImages,
  encodeDraftImages,
  encodePanorama,
  storeDraftImages,
} from '../../images/vehicle-photos.ts';
import { storeEncodedImage, type SavedImage } from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { vehicleReviewNotice } from '../../lib/mail-texts.ts';
import { t, validationText, type Lang } from '../../lib/messages.ts';
import { isAdmin } from '../../plugins/auth.ts';
import {
  DeletedVehicle,
  Image360Answer,
  MyVehicles,
  SavedVehicle,
  VehicleForUpdate,
  VehicleUpdateInfo,
} from './schemas.ts';
import {
  DeleteVehicleQuery,
  ForUpdateQuery,
  IMAGE_360_BODY_LIMIT,
  Image360Body,
  MyVehiclesQuery,
  UpdateInfoQuery,
  VEHICLE_DRAFT_BODY_LIMIT,
  VEHICLE_IMAGE_MAX_BYTES,
  VehicleDraftBody,
  VehicleUpdateBody,
} from './request-schemas.ts';

const tags = ['Vehicle'];
const security = [{ bearer: [] }];

const blank = (value: string | undefined) => !value || value.trim() === '';

/** The body as the draft rules read it: absent lists and texts are empty. */
function draftOf<T extends Partial<VehicleDraft>>(body: T) {
  return {
    ...body,
    image: body.image ?? '',
    images: body.images ?? [],
    moreInfo: body.moreInfo ?? '',
    extinsionCategory: body.extinsionCategory ?? [],
  } as T & VehicleDraft;
}

/** The first rule of spec §5 the draft breaks, as a 400 in the caller's words. */
function draftRefusal(lang: Lang, key: ValidationMessage) {
  return new ApiError(400, 'field_invalid', {}, validationText(lang, key));
}

/**
 * The seller's vehicles (issue 9, spec §5 and §7): add, edit, list, the 360 image, delete.
 * Sellers (individuals and dealerships) add vehicles and change their own; an admin may read,
 * edit and delete any vehicle. Another seller's vehicle is a 403 and an unknown or deleted one
 * a 404, decided before any image is decoded; nothing changes in either case.
 */
const sellerVehicles: FastifyPluginAsyncTypebox<{ storage: ObjectStore }> = async (
  app,
  options,
) => {
  const { storage } = options;
  const repository = sellerVehicleRepository(app.db, app.bus);
  const sellerImages = sellerVehicleImageRepository(app.db, app.bus);
  const mine = myVehicleRepository(app.db);
  const activity = activityRepository(app.db, app.bus);
  const sellerOnly = app.requireUserType(UserType.normal, UserType.company);
  const writeLimit = app.userLimit('vehicleWrite');

  /** The vehicle the caller may read and change: its owner's, or any for an admin. */
  async function editable(request: FastifyRequest, id: number) {
    const vehicle = await repository.find(id);
    if (!vehicle) throw new ApiError(404, 'vehicle_not_found');
    if (vehicle.ownerId !== request.user!.id && !isAdmin(request.user)) {
      throw new ApiError(403, 'forbidden');
    }
    return vehicle;
  }

  const warnOf = (log: FastifyBaseLogger) => (error: unknown, path: string) =>
    log.warn({ err: error, path }, 'vehicle image not deleted');

  /** Every admin hears that a vehicle awaits review; a failed push does not undo the save. */
  async function tellReviewers(id: number, edited: boolean, log: FastifyBaseLogger) {
    try {
      const notice = vehicleReviewNotice({ ...(await repository.describe(id)), id, edited });
      for (const adminId of await repository.reviewers()) {
        await activity.notify(adminId, notice.title, notice.message, '/admin/vehicles');
      }
    } catch (error) {
      log.error({ err: error, vehicleId: id }, 'review notification not sent');
    }
  }

  app.post(
    '/CreateVehicle',
    {
      bodyLimit: VEHICLE_DRAFT_BODY_LIMIT,
      preHandler: [sellerOnly, writeLimit],
      schema: {
        tags,
        security,
        description:
          'Adds a vehicle, pending review (95). The draft is checked in the order of spec §5 and answered with its messages; the main image (cropped at 1.75) and 6 to 20 photos are JPEG or PNG by content, re-encoded without their metadata. Every admin is notified.',
        body: VehicleDraftBody,
        response: { 200: Envelope(SavedVehicle) },
      },
    },
    async (request) => {
      const draft = draftOf(request.body);
      const lookups = await draftLookups(app.db, draft);
      const rule = vehicleDraftError(draft, { mode: 'create', lookups });
      if (rule) throw draftRefusal(request.lang, rule);
      const encoded = await encodeDraftImages(
        { image: draft.image, photos: draft.images },
        VEHICLE_IMAGE_MAX_BYTES,
      );
      const stored = await storeDraftImages(storage, encoded);
      let created;
      try {
        created = await repository.create(
          request.user!.id,
          draftColumns(request.body),
          stored.image!,
          (stored.photos ?? []).filter((photo): photo is SavedImage => !('keep' in photo)),
        );
      } catch (error) {
        await discardImages(storage, stored.written, warnOf(request.log));
        throw error;
      }
      await tellReviewers(created.id, false, request.log);
      const statusName = await repository.statusName(created.statusId, request.lang);
      return ok({ ...created, statusName }, t(request.lang, 'vehicle_created'));
    },
  );

  app.put(
    '/UpdateVehicle',
    {
      bodyLimit: VEHICLE_DRAFT_BODY_LIMIT,
      preHandler: [app.authenticate, writeLimit],
      schema: {
        tags,
        security,
        description:
          "Saves an edit (owner or admin). An absent or empty `image` keeps the main image, as does the current one's path; an absent or empty `images` keeps the photos. Given, `images` is the new list in display order (6 to 20): new photos as base64, kept ones by their current /uploads path. The owner's edit of a rejected vehicle sends it back to review (95); other statuses stay as they are.",
        body: VehicleUpdateBody,
        response: { 200: Envelope(SavedVehicle) },
      },
    },
    async (request) => {
      const draft = draftOf(request.body);
      if (!(draft.id > 0)) throw draftRefusal(request.lang, 'vehicle_check_id');
      const vehicle = await editable(request, draft.id);
      const lookups = await draftLookups(app.db, draft);
      const rule = vehicleDraftError(draft, { mode: 'update', lookups });
      if (rule) throw draftRefusal(request.lang, rule);

      const newImage =
        blank(draft.image) || draft.image === vehicle.image ? undefined : draft.image;
      const newPhotos = draft.images.length > 0 ? draft.images : undefined;
      const encoded = await encodeDraftImages(
        {
          image: newImage,
          photos: newPhotos,
          current: newPhotos ? await sellerImages.photoPaths(vehicle.id) : [],
        },
        VEHICLE_IMAGE_MAX_BYTES,
      );
      const stored = await storeDraftImages(storage, encoded);

      // The owner's edit answers the admin's refusal: the vehicle goes back to review.
      const backToReview = vehicle.statusId === Status.failed && !isAdmin(request.user);
      let saved;
      try {
        saved = await repository.update(vehicle.id, draftColumns(request.body), {
          image: stored.image,
          photos: stored.photos,
          ...(backToReview ? { statusId: Status.pending, messageReplay: '' } : {}),
        });
      } catch (error) {
        await discardImages(storage, stored.written, warnOf(request.log));
        if (error instanceof PhotosChangedError) {
          throw new ApiError(409, 'vehicle_changed_meanwhile');
        }
        throw error;
      }
      if (!saved) {
        await discardImages(storage, stored.written, warnOf(request.log));
        throw new ApiError(404, 'vehicle_not_found');
      }
      // Only once the rows no longer point at them.
      await discardImages(storage, saved.unused, warnOf(request.log));
      if (backToReview) await tellReviewers(vehicle.id, true, request.log);
      const statusName = await repository.statusName(saved.vehicle.statusId, request.lang);
      return ok({ ...saved.vehicle, statusName }, t(request.lang, 'vehicle_updated'));
    },
  );

  app.get(
    '/GetVehicelForUpdate',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description: 'The draft as stored, to fill the edit form (owner or admin).',
        querystring: ForUpdateQuery,
        response: { 200: Envelope(VehicleForUpdate) },
      },
    },
    async (request) => {
      await editable(request, request.query.id);
      const found = await mine.forUpdate(request.query.id);
      if (!found) throw new ApiError(404, 'vehicle_not_found');
      return ok(found);
    },
  );

  app.get(
    '/GetVehicleUpdateInfo',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description:
          "Where a vehicle stands in review (owner or admin): status, the admin's reply, visits, favourites.",
        querystring: UpdateInfoQuery,
        response: { 200: Envelope(VehicleUpdateInfo) },
      },
    },
    async (request) => {
      await editable(request, request.query.vehicleId);
      const info = await mine.updateInfo(request.query.vehicleId, request.lang);
      if (!info) throw new ApiError(404, 'vehicle_not_found');
      return ok(info);
    },
  );

  app.get(
    '/GetMyVehicles',
    {
      preHandler: sellerOnly,
      schema: {
        tags,
        security,
        description:
          "The caller's vehicles that are not deleted, newest first, with their visit counts; statusId > 0 keeps one status.",
        querystring: MyVehiclesQuery,
        response: { 200: Envelope(MyVehicles) },
      },
    },
    async (request) =>
      ok(await mine.list(request.user!.id, request.query.statusId ?? 0, request.lang)),
  );

  app.put(
    '/UpdateVehicleImage360',
    {
      bodyLimit: IMAGE_360_BODY_LIMIT,
      preHandler: [app.authenticate, writeLimit],
      schema: {
        tags,
        security,
        description:
          "Sets a vehicle's 360 image (owner or admin): a JPEG or PNG equirectangular panorama (2:1), stored up to 4096 px wide; an empty imagePath removes it. The replaced file is deleted.",
        body: Image360Body,
        response: { 200: Envelope(Image360Answer) },
      },
    },
    async (request) => {
      const { id, imagePath } = request.body;
      // Spec §5 "360 change": a vehicle first. An empty image is the removal here; the form
      // asks for an image before it sends (vehicle_check_360_image).
      if (image360Error(request.body) === 'vehicle_check_id') {
        throw draftRefusal(request.lang, 'vehicle_check_id');
      }
      const vehicle = await editable(request, id);
      const warn = warnOf(request.log);
      const message = t(request.lang, 'update_success');
      if (blank(imagePath)) {
        const removed = await sellerImages.setImage360(vehicle.id, null);
        if (!removed) throw new ApiError(404, 'vehicle_not_found');
        await discardImages(storage, [removed.previous], warn);
        return ok({ id: vehicle.id, image360: '' }, message);
      }
      const encoded = await encodePanorama(imagePath, VEHICLE_IMAGE_MAX_BYTES);
      const saved = await storeEncodedImage(storage, 'panorama', encoded);
      let result;
      try {
        result = await sellerImages.setImage360(vehicle.id, saved.path);
      } catch (error) {
        await discardImages(storage, [saved.path], warn);
        throw error;
      }
      if (!result) {
        await discardImages(storage, [saved.path], warn);
        throw new ApiError(404, 'vehicle_not_found');
      }
      await discardImages(storage, [result.previous], warn);
      return ok({ id: vehicle.id, image360: saved.path }, message);
    },
  );

  app.delete(
    '/DeleteVehicle',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description:
          'Deletes a vehicle (owner or admin): it leaves every page, list and favourite, and its image files are removed; the row stays for the orders that name it.',
        querystring: DeleteVehicleQuery,
        response: { 200: Envelope(DeletedVehicle) },
      },
    },
    async (request) => {
      const vehicle = await editable(request, request.query.Id);
      const removed = await repository.remove(vehicle.id);
      if (!removed) throw new ApiError(404, 'vehicle_not_found');
      await discardImages(storage, removed.files, warnOf(request.log));
      return ok({ id: vehicle.id }, t(request.lang, 'vehicle_deleted'));
    },
  );
};

export default sellerVehicles;
