import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { codes } from './reference.ts';

/** An event whose tickets the site sells (spec §2 Ticket purchase), managed by the admin. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    titleAr: text('title_ar').notNull(),
    titleEn: text('title_en').notNull(),
    placeAr: text('place_ar').notNull(),
    placeEn: text('place_en').notNull(),
    /** Sanitised HTML. */
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    ticketPrice: numeric('ticket_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => codes.id),
    image: text('image').notNull(),
    /** The stored poster's size, for link previews (null when unknown). */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    /** Seats on sale; sold = the quantities of purchases not failed or cancelled. */
    seats: integer('seats').notNull(),
    /** Set when the admin cancels the event: its page says so and no ticket is sold. */
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [check('events_seats_check', sql`${t.seats} >= 0`)],
);

/**
 * A ticket purchase (the spec's ticket-purchase session): its `sessionId` is what
 * /teckitsuccess?sessionId= shows. Paid by transfer with proof like an order; its payment
 * movement points back at it. Status: payment statuses 29 pending .. 33 refunded.
 */
export const ticketPurchases = pgTable(
  'ticket_purchases',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').notNull().unique(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    quantity: integer('quantity').notNull(),
    buyerName: text('buyer_name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    totalPrice: numeric('total_price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => codes.id),
    /** Given when the purchase is confirmed. */
    ticketNumber: text('ticket_number').unique(),
    statusId: integer('status_id')
      .notNull()
      .references(() => codes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_purchases_event_idx').on(t.eventId, t.statusId),
    check('ticket_purchases_quantity_check', sql`${t.quantity} > 0`),
  ],
);
