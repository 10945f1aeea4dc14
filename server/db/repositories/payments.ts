import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PaymentStatus } from '../../../domain/codes.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { AdminPermission, type AdminPermissionCode } from '../../../domain/permissions.ts';
import { reviewersHolding } from './reviewers.ts';
import { codes, paymentMovements } from '../schema.ts';
import { likePattern } from './admin-vehicles.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';

export interface AdminPaymentQuery extends Paging {
  statusId: number;
  paymentMethod: number;
  search?: string;
  sort?: 'createdAt' | 'amount';
  order?: 'asc' | 'desc';
}

const methodCodes = alias(codes, 'method_codes');
const statusCodes = alias(codes, 'status_codes');

/** A payment to the site as the API takes it, once checked and its proof stored. */
export interface NewPayment {
  userId: number | null;
  amount: number;
  currencyId: number;
  paidName: string;
  paidEmail: string;
  paymentMethodId: number;
  payingBillImage: string;
  description: string;
}

/** Payment movements (spec §3): money sent to the site by transfer, with its proof image. */
export function paymentRepository(db: Db) {
  return {
    /** The user's own payment movements, newest first, with their codes' names. */
    async ofUser(userId: number, paging: Paging, lang: Lang) {
      const mine = eq(paymentMovements.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: paymentMovements.id,
            amount: paymentMovements.amount,
            paidname: paymentMovements.paidName,
            paidEmail: paymentMovements.paidEmail,
            paymentMethod: paymentMovements.paymentMethodId,
            paymentMethodName: lang === 'en' ? methodCodes.nameEn : methodCodes.nameAr,
            payingBilImage: paymentMovements.payingBillImage,
            createdAt: paymentMovements.createdAt,
            description: paymentMovements.description,
            currency: paymentMovements.currencyId,
            statusId: paymentMovements.statusId,
            statusName: lang === 'en' ? statusCodes.nameEn : statusCodes.nameAr,
          })
          .from(paymentMovements)
          .innerJoin(methodCodes, eq(methodCodes.id, paymentMovements.paymentMethodId))
          .innerJoin(statusCodes, eq(statusCodes.id, paymentMovements.statusId))
          .where(mine)
          .orderBy(desc(paymentMovements.createdAt), desc(paymentMovements.id))
          .limit(paging.pageSize)
          .offset(offsetOf(paging)),
        db.select({ n: count() }).from(paymentMovements).where(mine),
      ]);
      return {
        data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        pagination: paginationOf(paging, total?.n ?? 0),
      };
    },

    /** Every payment movement, for the admin: filtered, searched by payer, sorted. */
    async all(query: AdminPaymentQuery, lang: Lang) {
      const text = query.search?.trim();
      const where = and(
        query.statusId ? eq(paymentMovements.statusId, query.statusId) : undefined,
        query.paymentMethod ? eq(paymentMovements.paymentMethodId, query.paymentMethod) : undefined,
        text
          ? or(
              ilike(paymentMovements.paidName, likePattern(text)),
              ilike(paymentMovements.paidEmail, likePattern(text)),
            )
          : undefined,
      );
      const column = { createdAt: paymentMovements.createdAt, amount: paymentMovements.amount }[
        query.sort ?? 'createdAt'
      ];
      const direction = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: paymentMovements.id,
            userId: sql<number>`coalesce(${paymentMovements.userId}, 0)`,
            amount: paymentMovements.amount,
            paidname: paymentMovements.paidName,
            paidEmail: paymentMovements.paidEmail,
            paymentMethod: paymentMovements.paymentMethodId,
            paymentMethodName: lang === 'en' ? methodCodes.nameEn : methodCodes.nameAr,
            payingBilImage: paymentMovements.payingBillImage,
            createdAt: paymentMovements.createdAt,
            description: paymentMovements.description,
            currency: paymentMovements.currencyId,
            statusId: paymentMovements.statusId,
            statusName: lang === 'en' ? statusCodes.nameEn : statusCodes.nameAr,
            forWhat: sql<string>`case
              when ${paymentMovements.starOrderId} is not null then 'star_order'
              when ${paymentMovements.announcementOrderId} is not null then 'announcement_order'
              when ${paymentMovements.ticketPurchaseId} is not null then 'ticket_purchase'
              else 'site' end`,
          })
          .from(paymentMovements)
          .innerJoin(methodCodes, eq(methodCodes.id, paymentMovements.paymentMethodId))
          .innerJoin(statusCodes, eq(statusCodes.id, paymentMovements.statusId))
          .where(where)
          .orderBy(direction(column), desc(paymentMovements.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(paymentMovements).where(where),
      ]);
      return {
        data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        pagination: paginationOf(query, total?.n ?? 0),
      };
    },

    async byId(id: number) {
      const [row] = await db.select().from(paymentMovements).where(eq(paymentMovements.id, id));
      return row ?? null;
    },

    /** Moves a payment from `from` to `to`; false when it was no longer in `from`. */
    async move(id: number, from: number, to: number) {
      const rows = await db
        .update(paymentMovements)
        .set({ statusId: to })
        .where(and(eq(paymentMovements.id, id), eq(paymentMovements.statusId, from)))
        .returning({ id: paymentMovements.id });
      return rows.length > 0;
    },

    /** Records a payment to the site, pending the admin's review (29). */
    async create(payment: NewPayment): Promise<{ id: number }> {
      const [row] = await db
        .insert(paymentMovements)
        .values({ ...payment, statusId: PaymentStatus.pending })
        .returning({ id: paymentMovements.id });
      return row!;
    },

    /** The admins who review payments: every live admin account. */
    /** The admins who review this: those holding the `payments` permission (or `which`). */
    reviewers(which: AdminPermissionCode = AdminPermission.payments): Promise<number[]> {
      return reviewersHolding(db, which);
    },
  };
}
