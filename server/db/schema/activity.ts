import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
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
    /** The site path the notification is about (a vehicle, an order, a search); '' for none. */
    link: text('link').notNull().default(''),
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

/**
 * Visits rolled up per day (in the site's time zone), kept as each visit is recorded, so the
 * dashboard's counters read a handful of rows whatever the size of `visits`. `visitors` counts
 * the distinct client addresses of that day.
 */
export const visitDays = pgTable('visit_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  visits: integer('visits').notNull().default(0),
  visitors: integer('visitors').notNull().default(0),
});

/** The addresses already counted as a visitor of a day (a hash, not the address itself). */
export const visitDayVisitors = pgTable(
  'visit_day_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

/**
 * A signed-in user's saved search: the vehicles list's query string (the URL is the filter), a
 * name, and whether a newly accepted match also sends an email (a live notification always).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    notifyByEmail: boolean('notify_by_email').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId)],
);
