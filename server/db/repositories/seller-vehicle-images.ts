import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Bus } from '../../lib/bus.ts';
import type { Db } from '../client.ts';
import { vehicleImages, vehicles } from '../schema.ts';
import { vehiclePageTags } from './vehicle-visibility.ts';

/** A stored image as the store answers it. */
export interface StoredImage {
  path: string;
  width: number;
  height: number;
}

/** An entry of an update's photo list: a new stored photo, or a current one kept. */
export type PhotoEntry = StoredImage | { keep: string };

/** The vehicle's photos changed between the check and the write (a concurrent edit). */
export class PhotosChangedError extends Error {
  constructor() {
    super('the vehicle photos changed meanwhile');
    this.name = 'PhotosChangedError';
  }
}

/**
 * Replaces a vehicle's photo list inside the edit's transaction: kept photos reordered, new ones
 * added, the rest dropped. Answers the /uploads paths of the dropped ones; throws
 * PhotosChangedError when a photo to keep is no longer the vehicle's.
 */
export async function replacePhotos(tx: Db, id: number, photos: PhotoEntry[]): Promise<string[]> {
  const rows = await tx
    .select({ id: vehicleImages.id, path: vehicleImages.path })
    .from(vehicleImages)
    .where(eq(vehicleImages.vehicleId, id));
  const byPath = new Map(rows.map((photo) => [photo.path, photo.id]));
  const kept = new Set<string>();
  for (const entry of photos) {
    if (!('keep' in entry)) continue;
    if (!byPath.has(entry.keep)) throw new PhotosChangedError();
    kept.add(entry.keep);
  }
  const dropped = rows.filter((photo) => !kept.has(photo.path));
  if (dropped.length > 0) {
    await tx.delete(vehicleImages).where(
      inArray(
        vehicleImages.id,
        dropped.map((photo) => photo.id),
      ),
    );
  }
  for (const [index, entry] of photos.entries()) {
    if ('keep' in entry) {
      await tx
        .update(vehicleImages)
        .set({ sortOrder: index })
        .where(eq(vehicleImages.id, byPath.get(entry.keep)!));
    } else {
      await tx.insert(vehicleImages).values({
        vehicleId: id,
        path: entry.path,
        width: entry.width,
        height: entry.height,
        sortOrder: index,
      });
    }
  }
  return dropped.map((photo) => photo.path);
}

/**
 * The seller's vehicle images read and written on their own: the photo paths, and the 360
 * image (which tells the page cache which pages changed).
 */
export function sellerVehicleImageRepository(db: Db, bus: Bus) {
  const purge = (id: number, ownerId: number) =>
    bus.publish('purge', { tags: vehiclePageTags(id, ownerId) });

  return {
    /** The /uploads paths of a vehicle's photos, cover first. */
    async photoPaths(id: number): Promise<string[]> {
      const rows = await db
        .select({ path: vehicleImages.path })
        .from(vehicleImages)
        .where(eq(vehicleImages.vehicleId, id))
        .orderBy(asc(vehicleImages.sortOrder), asc(vehicleImages.id));
      return rows.map((row) => row.path);
    },

    /** Sets (or, with null, removes) the 360 image; answers the path it replaced, if any. */
    async setImage360(id: number, imagePath: string | null) {
      const saved = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ image360: vehicles.image360, ownerId: vehicles.ownerId })
          .from(vehicles)
          .where(and(eq(vehicles.id, id), isNull(vehicles.deletedAt)))
          .for('update');
        if (!current) return null;
        await tx
          .update(vehicles)
          .set({ image360: imagePath, updatedAt: new Date() })
          .where(eq(vehicles.id, id));
        return current;
      });
      if (!saved) return null;
      await purge(id, saved.ownerId);
      return { previous: saved.image360 };
    },
  };
}
