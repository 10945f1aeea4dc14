import { and, eq, isNull } from 'drizzle-orm';
import { PaymentStatus, Status } from '../../../domain/codes.ts';
import type { Db } from '../client.ts';
import { announcementOrders, paymentMovements, starOrders } from '../schema.ts';
import { adKindOf, orderTermsRepository } from './order-terms.ts';

/** Who pays, as the payment movement records them. */
export interface Payer {
  userId: number;
  name: string;
  email: string;
}

export interface NewOrder {
  payer: Payer;
  message: string;
  durationDay: number;
  paymentMethod: number;
  /** The stored proof of payment. */
  billImage: string;
}

/** The table and payment column of each order family. */
export const orderFamily = {
  star: { table: starOrders, payment: paymentMovements.starOrderId },
  ad: { table: announcementOrders, payment: paymentMovements.announcementOrderId },
} as const;
export type OrderFamily = keyof typeof orderFamily;

/**
 * The seller's star (featured vehicle) and announcement orders: creation with the pending
 * payment in one transaction, message edits and deletion while pending, and who owns one.
 */
export function orderRepository(db: Db) {
  const { terms } = orderTermsRepository(db);

  const paymentOf = (order: NewOrder, amount: number, currencyId: number) => ({
    userId: order.payer.userId,
    amount,
    currencyId,
    paidName: order.payer.name,
    paidEmail: order.payer.email,
    paymentMethodId: order.paymentMethod,
    payingBillImage: order.billImage,
    description: order.message,
    statusId: PaymentStatus.pending,
  });

  return {
    async createStar(order: NewOrder & { vehicleId: number }, now: Date) {
      const values = await terms('star', order.durationDay, now);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(starOrders)
          .values({
            userId: order.payer.userId,
            vehicleId: order.vehicleId,
            message: order.message,
            billImage: order.billImage,
            durationDay: order.durationDay,
            paymentMethodId: order.paymentMethod,
            statusId: Status.pending,
            ...values,
          })
          .returning({ id: starOrders.id });
        await tx.insert(paymentMovements).values({
          ...paymentOf(order, values.totalPrice, values.currencyId),
          starOrderId: row!.id,
        });
        return { id: row!.id, ...values };
      });
    },

    async createAd(order: NewOrder & { announcementType: number; image: string }, now: Date) {
      const kind = adKindOf(order.announcementType)!;
      const values = await terms(kind, order.durationDay, now);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(announcementOrders)
          .values({
            userId: order.payer.userId,
            announcementTypeId: order.announcementType,
            message: order.message,
            image: order.image,
            billImage: order.billImage,
            durationDay: order.durationDay,
            paymentMethodId: order.paymentMethod,
            statusId: Status.pending,
            ...values,
          })
          .returning({ id: announcementOrders.id });
        await tx.insert(paymentMovements).values({
          ...paymentOf(order, values.totalPrice, values.currencyId),
          announcementOrderId: row!.id,
        });
        return { id: row!.id, ...values };
      });
    },

    /** The message of a pending order; false when the order is no longer pending. */
    async updateMessage(kind: OrderFamily, id: number, message: string) {
      const { table } = orderFamily[kind];
      const rows = await db
        .update(table)
        .set({ message })
        .where(and(eq(table.id, id), eq(table.statusId, Status.pending), isNull(table.deletedAt)))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    /**
     * Deletes a pending order (soft) and cancels its payment; answers the files it no longer
     * needs, or null when the order is no longer pending.
     */
    async removePending(kind: OrderFamily, id: number) {
      const { table, payment } = orderFamily[kind];
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(table)
          .set({ deletedAt: new Date() })
          .where(and(eq(table.id, id), eq(table.statusId, Status.pending), isNull(table.deletedAt)))
          .returning();
        if (!row) return null;
        await tx
          .update(paymentMovements)
          .set({ statusId: PaymentStatus.canceled })
          .where(eq(payment, id));
        return [row.billImage, 'image' in row ? (row.image as string) : null].filter(
          (file): file is string => Boolean(file),
        );
      });
    },

    /** The owner and state of an order, deleted ones included (null when it never existed). */
    async owner(kind: OrderFamily, id: number) {
      const { table } = orderFamily[kind];
      const [row] = await db
        .select({
          userId: table.userId,
          statusId: table.statusId,
          deletedAt: table.deletedAt,
          durationDay: table.durationDay,
        })
        .from(table)
        .where(eq(table.id, id));
      return row ?? null;
    },
  };
}
