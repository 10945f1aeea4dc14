import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PaymentStatus, UserStatus, UserType } from '../../../domain/codes.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { codes, paymentMovements, users } from '../schema.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';

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

    /** Records a payment to the site, pending the admin's review (29). */
    async create(payment: NewPayment): Promise<{ id: number }> {
      const [row] = await db
        .insert(paymentMovements)
        .values({ ...payment, statusId: PaymentStatus.pending })
        .returning({ id: paymentMovements.id });
      return row!;
    },

    /** The admins who review payments: every live admin account. */
    async reviewers(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.userType, UserType.admin),
            isNull(users.deletedAt),
            sql`${users.statusId} is distinct from ${UserStatus.blocked}`,
          ),
        );
      return rows.map((row) => row.id);
    },
  };
}
