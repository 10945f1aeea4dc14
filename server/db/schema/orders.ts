import { index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { codes } from './reference.ts';
import { users } from './users.ts';
import { ticketPurchases } from './tickets.ts';
import { vehicles } from './vehicles.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** An advertising slot bought by a seller: main 89, vertical 90 or horizontal 91. */
export const announcementOrders = pgTable(
  'announcement_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    announcementTypeId: integer('announcement_type_id')
      .notNull()
      .references(() => codes.id),
    message: text('message').notNull().default(''),
    messageReplay: text('message_replay').notNull().default(''),
    image: text('image').notNull(),
    billImage: text('bill_image'),
    durationDay: integer('duration_day').notNull(),
    dailyPrice: money('daily_price').notNull(),
    totalPrice: money('total_price').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => codes.id),
    paymentMethodId: integer('payment_method_id').references(() => codes.id),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** 95 pending, 96 accepted, 97 failed, 98 canceled. */
    statusId: integer('status_id')
      .notNull()
      .references(() => codes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('announcement_orders_active_idx').on(t.announcementTypeId, t.statusId, t.endDate),
    index('announcement_orders_user_idx').on(t.userId),
  ],
);

/** Featured (star) promotion of one vehicle for a number of days. */
export const starOrders = pgTable(
  'star_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    messageReplay: text('message_replay').notNull().default(''),
    billImage: text('bill_image'),
    durationDay: integer('duration_day').notNull(),
    dailyPrice: money('daily_price').notNull(),
    totalPrice: money('total_price').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => codes.id),
    paymentMethodId: integer('payment_method_id').references(() => codes.id),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    statusId: integer('status_id')
      .notNull()
      .references(() => codes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('star_orders_active_idx').on(t.statusId, t.endDate),
    index('star_orders_user_idx').on(t.userId),
  ],
);

/** Money paid to the site by transfer, with the proof image; 29 pending .. 33 refunded. */
export const paymentMovements = pgTable(
  'payment_movements',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    announcementOrderId: integer('announcement_order_id').references(() => announcementOrders.id),
    starOrderId: integer('star_order_id').references(() => starOrders.id),
    ticketPurchaseId: integer('ticket_purchase_id').references(() => ticketPurchases.id),
    amount: money('amount').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => codes.id),
    paidName: text('paid_name').notNull(),
    paidEmail: text('paid_email').notNull(),
    paymentMethodId: integer('payment_method_id')
      .notNull()
      .references(() => codes.id),
    payingBillImage: text('paying_bill_image').notNull(),
    description: text('description').notNull().default(''),
    statusId: integer('status_id')
      .notNull()
      .references(() => codes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_movements_user_idx').on(t.userId),
    index('payment_movements_star_order_idx').on(t.starOrderId),
    index('payment_movements_announcement_order_idx').on(t.announcementOrderId),
    index('payment_movements_ticket_purchase_idx').on(t.ticketPurchaseId),
  ],
);
