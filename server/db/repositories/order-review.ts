import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PaymentStatus, Status } from '../../../domain/codes.ts';
import { addDays, firstFreeDay } from '../../../domain/orders.ts';
import type { Db } from '../client.ts';
import { announcementOrders, paymentMovements, starOrders } from '../schema.ts';
import { orderFamily, type OrderFamily } from './orders.ts';
import { adKindOf, orderTermsRepository, slotConstantOf, type OrderKind } from './order-terms.ts';

/** Names the advisory lock under which the slots of one kind are taken (with the kind's id). */
const SLOT_LOCK = 7_240_510;

/** The statuses an order may have (an order is never "sold"). */
export const orderStatuses: readonly number[] = [
  Status.pending,
  Status.accepted,
  Status.failed,
  Status.canceled,
];

/**
 * The admin's review of star and announcement orders, and the next start or end of an accepted
 * one (for the scheduled purges of the pages that show them).
 */
export function orderReviewRepository(db: Db) {
  const { slots, running } = orderTermsRepository(db);

  return {
    /**
     * The admin's review. Accepting starts the order on the later of today and the first free
     * slot, for its days, and accepts its payment; rejecting fails the payment, cancelling
     * cancels it. Answers the order's owner, or null when it does not exist.
     */
    async review(
      kind: OrderFamily,
      id: number,
      statusId: number,
      messageReplay: string,
      now: Date,
    ) {
      const { table, payment } = orderFamily[kind];
      const [order] = await db
        .select()
        .from(table)
        .where(and(eq(table.id, id), isNull(table.deletedAt)));
      if (!order) return null;
      const orderKind: OrderKind =
        kind === 'star'
          ? 'star'
          : adKindOf((order as { announcementTypeId: number }).announcementTypeId)!;
      const paymentStatus =
        statusId === Status.accepted
          ? PaymentStatus.accepted
          : statusId === Status.failed
            ? PaymentStatus.failed
            : statusId === Status.canceled
              ? PaymentStatus.canceled
              : PaymentStatus.pending;
      // Read before the transaction: the embedded database has one connection, which it holds.
      const slotCount = await slots(orderKind);
      const dates = await db.transaction(async (tx) => {
        const dated: { startDate?: Date; endDate?: Date } = {};
        if (statusId === Status.accepted) {
          // Acceptances of one kind take turns, so two admins never take the same last slot.
          await tx.execute(
            sql`select pg_advisory_xact_lock(${SLOT_LOCK}, ${slotConstantOf[orderKind]})`,
          );
          const taken = await running(orderKind, now, id, tx as unknown as Db);
          const start = firstFreeDay(now, slotCount, taken);
          dated.startDate = start > now ? start : now;
          dated.endDate = addDays(dated.startDate, order.durationDay);
        }
        await tx
          .update(table)
          .set({ statusId, messageReplay, ...dated })
          .where(eq(table.id, id));
        await tx.update(paymentMovements).set({ statusId: paymentStatus }).where(eq(payment, id));
        return dated;
      });
      return { userId: order.userId, ...dates };
    },

    /** The next start or end of an accepted order after `now`, for the scheduled purges. */
    async nextChange(now: Date): Promise<Date | null> {
      const next = async (table: typeof starOrders | typeof announcementOrders) => {
        const [row] = await db
          .select({
            at: sql<
              Date | string | null
            >`min(case when ${table.startDate} > ${now} then ${table.startDate} else ${table.endDate} end)`,
          })
          .from(table)
          .where(
            and(
              eq(table.statusId, Status.accepted),
              isNull(table.deletedAt),
              gt(table.endDate, now),
            ),
          );
        return row?.at ? new Date(row.at) : null;
      };
      const times = [await next(starOrders), await next(announcementOrders)].filter(
        (at): at is Date => at !== null,
      );
      return times.length ? new Date(Math.min(...times.map((at) => at.getTime()))) : null;
    },
  };
}
