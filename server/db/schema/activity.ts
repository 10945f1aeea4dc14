import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    /** The recipient. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** One page view; the ip is taken from the connection, never from the request body. */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    route: text('route').notNull(),
    /** Set when the route is a vehicle page or a seller's gallery, for the visit counters. */
    vehicleId: integer('vehicle_id'),
    sellerId: integer('seller_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visits_created_idx').on(t.createdAt),
    index('visits_vehicle_idx')
      .on(t.vehicleId)
      .where(sql`${t.vehicleId} is not null`),
    index('visits_seller_idx')
      .on(t.sellerId, t.createdAt)
      .where(sql`${t.sellerId} is not null`),
  ],
);
