import { and, eq, isNull } from 'drizzle-orm';
import { Status } from '../../../domain/codes.ts';
import { makeSlug } from '../../../domain/slug.ts';
import type { Bus } from '../../lib/bus.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { AdminPermission, type AdminPermissionCode } from '../../../domain/permissions.ts';
import { reviewersHolding } from './reviewers.ts';
import {
  brandModels,
  brands,
  codes,
  favourites,
  users,
  vehicleExtensions,
  vehicleImages,
  vehicles,
} from '../schema.ts';
import type { DraftColumns } from './seller-vehicle-drafts.ts';
import { replacePhotos, type PhotoEntry, type StoredImage } from './seller-vehicle-images.ts';
import { localName } from './vehicle-cards.ts';
import { vehiclePageTags } from './vehicle-visibility.ts';

/**
 * The seller's side of vehicles (issue 9): the writes with their images and extras. Routes
 * check who may call (the owner's views are in ./my-vehicles.ts; the draft's lookups in
 * ./seller-vehicle-drafts.ts; the photo paths and the 360 image in ./seller-vehicle-images.ts);
 * every write here tells the page cache which pages changed, except the creation of a pending
 * vehicle, which no page shows.
 */
export function sellerVehicleRepository(db: Db, bus: Bus) {
  const purge = (id: number, ownerId: number) =>
    bus.publish('purge', { tags: vehiclePageTags(id, ownerId) });

  async function statusName(statusId: number, lang: Lang) {
    const [row] = await db
      .select({ name: localName(lang, codes) })
      .from(codes)
      .where(eq(codes.id, statusId));
    return row?.name ?? '';
  }

  async function slugFor(
    tx: Db,
    id: number,
    columns: { brandId: number; modelId: number; year: number },
  ) {
    const [names] = await tx
      .select({ brand: brands.nameEn, model: brandModels.nameEn })
      .from(brandModels)
      .innerJoin(brands, eq(brands.id, brandModels.brandId))
      .where(eq(brandModels.id, columns.modelId));
    return makeSlug(id, names?.brand ?? '', names?.model ?? '', columns.year);
  }

  const rowValues = (columns: DraftColumns) => {
    const { extras: _extras, description, ...rest } = columns;
    return description === undefined ? rest : { ...rest, description };
  };

  return {
    statusName,

    /** A vehicle that is not deleted, with what the seller routes decide on; null otherwise. */
    async find(id: number) {
      const [row] = await db
        .select({
          id: vehicles.id,
          ownerId: vehicles.ownerId,
          statusId: vehicles.statusId,
          image: vehicles.image,
          image360: vehicles.image360,
        })
        .from(vehicles)
        .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)));
      return row ?? null;
    },

    /** A new vehicle, pending review, with its photos (in order) and extras: one transaction. */
    async create(
      ownerId: number,
      columns: DraftColumns,
      image: StoredImage,
      photos: StoredImage[],
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(vehicles)
          .values({
            ...rowValues(columns),
            ownerId,
            image: image.path,
            statusId: Status.pending,
            slug: 'pending',
          })
          .returning({ id: vehicles.id, statusId: vehicles.statusId });
        const vehicle = row!;
        const slug = await slugFor(tx, vehicle.id, columns);
        await tx.update(vehicles).set({ slug }).where(eq(vehicles.id, vehicle.id));
        await tx.insert(vehicleImages).values(
          photos.map((photo, index) => ({
            vehicleId: vehicle.id,
            path: photo.path,
            width: photo.width,
            height: photo.height,
            sortOrder: index,
          })),
        );
        if (columns.extras && columns.extras.length > 0) {
          await tx
            .insert(vehicleExtensions)
            .values(columns.extras.map((extra) => ({ vehicleId: vehicle.id, ...extra })));
        }
        return { id: vehicle.id, slug, statusId: vehicle.statusId };
      });
    },

    /**
     * Saves an edit in one transaction: the columns, a new main image, the photo list (kept
     * ones reordered, new ones added, the rest dropped), the extras, and a status change. Answers
     * the /uploads paths it no longer uses, for the caller to delete once this has committed;
     * null when the vehicle is missing or deleted. Throws PhotosChangedError when a photo to
     * keep is no longer the vehicle's.
     */
    async update(
      id: number,
      columns: DraftColumns,
      changes: {
        image?: StoredImage;
        photos?: PhotoEntry[];
        statusId?: number;
        messageReplay?: string;
      },
    ) {
      const saved = await db.transaction(async (tx) => {
        // Locked, so two edits of one vehicle take turns over its photo list.
        const [current] = await tx
          .select({ image: vehicles.image, ownerId: vehicles.ownerId })
          .from(vehicles)
          .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)))
          .for('update');
        if (!current) return null;
        const unused: string[] = [];
        if (changes.image && changes.image.path !== current.image) unused.push(current.image);
        const slug = await slugFor(tx, id, columns);
        const [row] = await tx
          .update(vehicles)
          .set({
            ...rowValues(columns),
            slug,
            ...(changes.image ? { image: changes.image.path } : {}),
            ...(changes.statusId !== undefined ? { statusId: changes.statusId } : {}),
            ...(changes.messageReplay !== undefined
              ? { messageReplay: changes.messageReplay }
              : {}),
            updatedAt: new Date(),
          })
          .where(eq(vehicles.id, id))
          .returning({ id: vehicles.id, slug: vehicles.slug, statusId: vehicles.statusId });
        if (changes.photos) unused.push(...(await replacePhotos(tx, id, changes.photos)));
        if (columns.extras) {
          await tx.delete(vehicleExtensions).where(eq(vehicleExtensions.vehicleId, id));
          if (columns.extras.length > 0) {
            await tx
              .insert(vehicleExtensions)
              .values(columns.extras.map((extra) => ({ vehicleId: id, ...extra })));
          }
        }
        return { vehicle: row!, ownerId: current.ownerId, unused };
      });
      if (!saved) return null;
      await purge(id, saved.ownerId);
      return { vehicle: saved.vehicle, unused: saved.unused };
    },

    /**
     * Soft delete (orders and payments keep pointing at the row) that also drops the vehicle
     * from everyone's favourites. Answers the files it used, for the caller to delete; null
     * when it was missing or already deleted.
     */
    async remove(id: number) {
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(vehicles)
          .set({ deletedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)))
          .returning({
            ownerId: vehicles.ownerId,
            image: vehicles.image,
            image360: vehicles.image360,
          });
        if (!row) return null;
        await tx.delete(favourites).where(eq(favourites.vehicleId, id));
        const photos = await tx
          .select({ path: vehicleImages.path })
          .from(vehicleImages)
          .where(eq(vehicleImages.vehicleId, id));
        const files = [row.image, ...photos.map((photo) => photo.path)];
        if (row.image360) files.push(row.image360);
        return { ownerId: row.ownerId, files };
      });
      if (!removed) return null;
      await purge(id, removed.ownerId);
      return { files: removed.files };
    },

    /** The admins who review this: those holding the `vehicles` permission (or `which`). */
    reviewers(which: AdminPermissionCode = AdminPermission.vehicles): Promise<number[]> {
      return reviewersHolding(db, which);
    },

    /** The name the admins' notification gives for the vehicle and its owner. */
    async describe(id: number) {
      const [row] = await db
        .select({
          owner: users.name,
          brand: brands.nameAr,
          model: brandModels.nameAr,
          year: vehicles.year,
        })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .innerJoin(brands, eq(brands.id, vehicles.brandId))
        .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
        .where(eq(vehicles.id, id));
      return row
        ? { owner: row.owner, vehicle: `${row.brand} ${row.model} ${row.year}` }
        : { owner: '', vehicle: '' };
    },
  };
}

export type SellerVehicleRepository = ReturnType<typeof sellerVehicleRepository>;
