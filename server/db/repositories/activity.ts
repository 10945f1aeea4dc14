import { and, count, desc, eq } from 'drizzle-orm';
import type { Bus } from '../../lib/bus.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { favourites, notifications, users, vehicles } from '../schema.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';
import { publicVehicle } from './vehicle-visibility.ts';
import { vehicleRepository } from './vehicles.ts';

/** Favourites and notifications: each belongs to one user and is only ever read by them. */
export function activityRepository(db: Db, bus: Bus) {
  const catalogue = vehicleRepository(db, bus);

  return {
    async favouriteIds(userId: number): Promise<number[]> {
      const rows = await db
        .select({ id: favourites.vehicleId })
        .from(favourites)
        .innerJoin(vehicles, eq(vehicles.id, favourites.vehicleId))
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(and(eq(favourites.userId, userId), publicVehicle))
        .orderBy(desc(favourites.createdAt));
      return rows.map((row) => row.id);
    },

    /** The user's favourite vehicles that are still on display, newest favourite first. */
    async favouriteVehicles(userId: number, lang: Lang) {
      const ids = await this.favouriteIds(userId);
      return catalogue.cardsByIds(ids, lang);
    },

    /** Flips the favourite; null when the vehicle is not on display. */
    async toggleFavourite(userId: number, vehicleId: number): Promise<boolean | null> {
      const [vehicle] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(and(eq(vehicles.id, vehicleId), publicVehicle));
      const [existing] = await db
        .select()
        .from(favourites)
        .where(and(eq(favourites.userId, userId), eq(favourites.vehicleId, vehicleId)));
      if (existing) {
        await db
          .delete(favourites)
          .where(and(eq(favourites.userId, userId), eq(favourites.vehicleId, vehicleId)));
        return false;
      }
      if (!vehicle) return null;
      await db.insert(favourites).values({ userId, vehicleId }).onConflictDoNothing();
      return true;
    },

    /** Creates a notification and pushes it to the user's open pages on every instance. */
    /** `link` is the site path the notification is about ('' for none). */
    async notify(userId: number, title: string, message: string, link = '') {
      const [row] = await db
        .insert(notifications)
        .values({ userId, title, message, link })
        .returning();
      const notification = {
        id: row!.id,
        title: row!.title,
        message: row!.message,
        link: row!.link,
        createdAt: row!.createdAt.toISOString(),
        isRead: row!.isRead,
      };
      await bus.publish('notification', { userId, notification });
      return notification;
    },

    async notificationsOf(userId: number, paging: Paging) {
      const [total] = await db
        .select({ rows: count() })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      const [unread] = await db
        .select({ rows: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return {
        notifications: {
          data: rows.map((row) => ({
            id: row.id,
            title: row.title,
            message: row.message,
            link: row.link,
            createdAt: row.createdAt.toISOString(),
            isRead: row.isRead,
          })),
          pagination: paginationOf(paging, total?.rows ?? 0),
        },
        notReadNum: unread?.rows ?? 0,
      };
    },

    /** Marks one of the user's notifications read; false when it is not theirs. */
    async readOne(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async readAll(userId: number) {
      await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
    },
  };
}
