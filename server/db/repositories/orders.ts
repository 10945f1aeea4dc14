import { and, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AnnouncementType, PaymentStatus, Status } from '../../../domain/codes.ts';
import {
  addDays,
  DEFAULT_SLOT_COUNTS,
  firstFreeDay,
  orderTotal,
  SlotConstant,
} from '../../../domain/orders.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { likePattern } from './admin-vehicles.ts';
import {
  announcementOrders,
  brandModels,
  brands,
  codes,
  constants,
  paymentMovements,
  starOrders,
  users,
  vehicles,
} from '../schema.ts';
import { SiteConstant } from '../seed/reference.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';
import { localName } from './vehicle-cards.ts';

/** Names the advisory lock under which the slots of one kind are taken (with the kind's id). */
const SLOT_LOCK = 7_240_510;

/** What an order is for: a featured vehicle, or an ad of one of the three kinds. */
export type OrderKind = 'star' | 'main' | 'vertical' | 'horizontal';

export const adKindOf = (announcementType: number): OrderKind | null =>
  announcementType === AnnouncementType.main
    ? 'main'
    : announcementType === AnnouncementType.vertical
      ? 'vertical'
      : announcementType === AnnouncementType.horizontal
        ? 'horizontal'
        : null;

const slotConstantOf: Record<OrderKind, number> = {
  star: SlotConstant.featured,
  main: SlotConstant.main,
  vertical: SlotConstant.vertical,
  horizontal: SlotConstant.horizontal,
};
const defaultSlotsOf: Record<OrderKind, number> = {
  star: DEFAULT_SLOT_COUNTS.featured,
  main: DEFAULT_SLOT_COUNTS.main,
  vertical: DEFAULT_SLOT_COUNTS.vertical,
  horizontal: DEFAULT_SLOT_COUNTS.horizontal,
};
const announcementTypeOf: Record<Exclude<OrderKind, 'star'>, number> = {
  main: AnnouncementType.main,
  vertical: AnnouncementType.vertical,
  horizontal: AnnouncementType.horizontal,
};

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

export interface OrderSearch {
  /** Null: every owner (the admin's view). */
  ownerId: number | null;
  announcementType?: number;
  statusId?: number;
  dateFrom?: Date;
  dateTo?: Date;
  /** Part of the orderer's name (the admin's search). */
  search?: string;
}

const iso = (value: Date | null) => (value ? value.toISOString() : '');
/** The status code of an order (the announcement type is the other join on `codes`). */
const statusCodes = alias(codes, 'status_codes');

/**
 * Star (featured vehicle) and announcement orders with their payment movements: the likely
 * display date of each kind (its slots), creation with its payment in one transaction, the
 * owner's lists, message edits and deletion while pending, and the admin's review.
 */
export function orderRepository(db: Db) {
  async function constantNumber(id: number): Promise<number | null> {
    const [row] = await db.select().from(constants).where(eq(constants.id, id));
    const value = Number(row?.valueSt);
    return row && Number.isFinite(value) && value >= 0 ? value : null;
  }

  async function slots(kind: OrderKind): Promise<number> {
    return (await constantNumber(slotConstantOf[kind])) ?? defaultSlotsOf[kind];
  }

  /**
   * Accepted orders of a kind still running on or after `from`, but `except` one; read through
   * `reader` (a transaction holding the kind's lock, for an acceptance).
   */
  async function running(kind: OrderKind, from: Date, except?: number, reader: Db = db) {
    if (kind === 'star') {
      const rows = await reader
        .select({ id: starOrders.id, start: starOrders.startDate, end: starOrders.endDate })
        .from(starOrders)
        .where(
          and(
            eq(starOrders.statusId, Status.accepted),
            isNull(starOrders.deletedAt),
            gt(starOrders.endDate, from),
          ),
        );
      return rows.filter((row) => row.id !== except);
    }
    const rows = await reader
      .select({
        id: announcementOrders.id,
        start: announcementOrders.startDate,
        end: announcementOrders.endDate,
      })
      .from(announcementOrders)
      .where(
        and(
          eq(announcementOrders.announcementTypeId, announcementTypeOf[kind]),
          eq(announcementOrders.statusId, Status.accepted),
          isNull(announcementOrders.deletedAt),
          gt(announcementOrders.endDate, from),
        ),
      );
    return rows.filter((row) => row.id !== except);
  }

  async function likelyDate(kind: OrderKind, now: Date): Promise<Date> {
    return firstFreeDay(now, await slots(kind), await running(kind, now));
  }

  async function dailyPrice(kind: OrderKind): Promise<number> {
    if (kind === 'star') return (await constantNumber(SiteConstant.starDailyPrice)) ?? 0;
    const [row] = await db
      .select({ value: codes.value })
      .from(codes)
      .where(eq(codes.id, announcementTypeOf[kind]));
    return Number(row?.value ?? 0);
  }

  async function currency(): Promise<number> {
    return (await constantNumber(SiteConstant.orderCurrency)) ?? 86;
  }

  /** The order's terms as the server computes them: never the body's price or total. */
  async function terms(kind: OrderKind, days: number, now: Date) {
    const daily = await dailyPrice(kind);
    const start = await likelyDate(kind, now);
    return {
      dailyPrice: daily,
      totalPrice: orderTotal(daily, days),
      currencyId: await currency(),
      startDate: start,
      endDate: addDays(start, days),
    };
  }

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

  // ------------------------------------------------------------------ rows as the pages read them

  /** Who paid for the order, as its latest payment movement says (for the admin's review). */
  const payer = (column: string, table: string, lang: Lang) => {
    const latest = (field: string) =>
      sql<string>`coalesce((select ${sql.raw(field)} from payment_movements pm where pm.${sql.raw(column)} = ${sql.raw(`"${table}"."id"`)} order by pm.id desc limit 1), '')`;
    return {
      payerName: latest('pm.paid_name'),
      payerEmail: latest('pm.paid_email'),
      paymentMethodName: latest(
        `(select ${lang === 'en' ? 'c.name_en' : 'c.name_ar'} from codes c where c.id = pm.payment_method_id)`,
      ),
    };
  };

  const starRow = (lang: Lang) => ({
    id: starOrders.id,
    userId: starOrders.userId,
    userName: users.name,
    message: starOrders.message,
    messageReplay: starOrders.messageReplay,
    startDate: starOrders.startDate,
    endDate: starOrders.endDate,
    durationDay: starOrders.durationDay,
    dailyPrice: starOrders.dailyPrice,
    totalPrice: starOrders.totalPrice,
    currency: starOrders.currencyId,
    billImage: sql<string>`coalesce(${starOrders.billImage}, '')`,
    ...payer('star_order_id', 'star_orders', lang),
    vehicleId: starOrders.vehicleId,
    vehicleImage: vehicles.image,
    vehicleSlug: vehicles.slug,
    vehicleName: sql<string>`${localName(lang, brands)} || ' ' || ${localName(lang, brandModels)} || ' ' || ${vehicles.year}::text`,
    statusId: starOrders.statusId,
    statusName: localName(lang, statusCodes),
    createdAt: starOrders.createdAt,
  });

  const adRow = (lang: Lang) => ({
    id: announcementOrders.id,
    userId: announcementOrders.userId,
    userName: users.name,
    message: announcementOrders.message,
    messageReplay: announcementOrders.messageReplay,
    announcementType: announcementOrders.announcementTypeId,
    announcementTypeName: localName(lang, codes),
    startDate: announcementOrders.startDate,
    endDate: announcementOrders.endDate,
    durationDay: announcementOrders.durationDay,
    dailyPrice: announcementOrders.dailyPrice,
    totalPrice: announcementOrders.totalPrice,
    currency: announcementOrders.currencyId,
    image: announcementOrders.image,
    billImage: sql<string>`coalesce(${announcementOrders.billImage}, '')`,
    ...payer('announcement_order_id', 'announcement_orders', lang),
    statusId: announcementOrders.statusId,
    statusName: localName(lang, statusCodes),
    createdAt: announcementOrders.createdAt,
  });

  const starQuery = (lang: Lang) =>
    db
      .select(starRow(lang))
      .from(starOrders)
      .innerJoin(users, eq(users.id, starOrders.userId))
      .innerJoin(vehicles, eq(vehicles.id, starOrders.vehicleId))
      .innerJoin(brands, eq(brands.id, vehicles.brandId))
      .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
      .innerJoin(statusCodes, eq(statusCodes.id, starOrders.statusId));

  const adQuery = (lang: Lang) =>
    db
      .select(adRow(lang))
      .from(announcementOrders)
      .innerJoin(users, eq(users.id, announcementOrders.userId))
      .innerJoin(codes, eq(codes.id, announcementOrders.announcementTypeId))
      .innerJoin(statusCodes, eq(statusCodes.id, announcementOrders.statusId));

  type Dated<T> = Omit<T, 'startDate' | 'endDate' | 'createdAt'> & {
    startDate: string;
    endDate: string;
    createdAt: string;
  };
  const dated = <T extends { startDate: Date; endDate: Date; createdAt: Date }>(
    row: T,
  ): Dated<T> => ({
    ...row,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    createdAt: iso(row.createdAt),
  });

  /** Orders of the users whose name contains the search. */
  const byName = (
    column: typeof starOrders.userId | typeof announcementOrders.userId,
    text?: string,
  ) =>
    text?.trim()
      ? inArray(
          column,
          db
            .select({ id: users.id })
            .from(users)
            .where(ilike(users.name, likePattern(text.trim()))),
        )
      : undefined;

  function starWhere(search: OrderSearch) {
    return and(
      isNull(starOrders.deletedAt),
      byName(starOrders.userId, search.search),
      search.ownerId === null ? undefined : eq(starOrders.userId, search.ownerId),
      search.statusId ? eq(starOrders.statusId, search.statusId) : undefined,
      search.dateFrom ? gte(starOrders.endDate, search.dateFrom) : undefined,
      search.dateTo ? lte(starOrders.startDate, search.dateTo) : undefined,
    );
  }

  function adWhere(search: OrderSearch) {
    return and(
      isNull(announcementOrders.deletedAt),
      byName(announcementOrders.userId, search.search),
      search.ownerId === null ? undefined : eq(announcementOrders.userId, search.ownerId),
      search.announcementType
        ? eq(announcementOrders.announcementTypeId, search.announcementType)
        : undefined,
      search.statusId ? eq(announcementOrders.statusId, search.statusId) : undefined,
      search.dateFrom ? gte(announcementOrders.endDate, search.dateFrom) : undefined,
      search.dateTo ? lte(announcementOrders.startDate, search.dateTo) : undefined,
    );
  }

  /** The table and payment column of each order family. */
  const family = {
    star: { table: starOrders, payment: paymentMovements.starOrderId },
    ad: { table: announcementOrders, payment: paymentMovements.announcementOrderId },
  } as const;
  type Family = keyof typeof family;

  return {
    slots,
    likelyDate,
    dailyPrice,
    terms,

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

    async starOrder(id: number, lang: Lang) {
      const [row] = await starQuery(lang).where(
        and(eq(starOrders.id, id), isNull(starOrders.deletedAt)),
      );
      return row ? dated(row) : null;
    },

    async adOrder(id: number, lang: Lang) {
      const [row] = await adQuery(lang).where(
        and(eq(announcementOrders.id, id), isNull(announcementOrders.deletedAt)),
      );
      return row ? dated(row) : null;
    },

    async starOrders(search: OrderSearch, paging: Paging, lang: Lang) {
      const where = starWhere(search);
      const [total] = await db.select({ rows: count() }).from(starOrders).where(where);
      const rows = await starQuery(lang)
        .where(where)
        .orderBy(desc(starOrders.createdAt), desc(starOrders.id))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return { data: rows.map(dated), pagination: paginationOf(paging, total?.rows ?? 0) };
    },

    async adOrders(search: OrderSearch, paging: Paging, lang: Lang) {
      const where = adWhere(search);
      const [total] = await db.select({ rows: count() }).from(announcementOrders).where(where);
      const rows = await adQuery(lang)
        .where(where)
        .orderBy(desc(announcementOrders.createdAt), desc(announcementOrders.id))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return { data: rows.map(dated), pagination: paginationOf(paging, total?.rows ?? 0) };
    },

    /** The message of a pending order; false when the order is no longer pending. */
    async updateMessage(kind: Family, id: number, message: string) {
      const { table } = family[kind];
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
    async removePending(kind: Family, id: number) {
      const { table, payment } = family[kind];
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
    async owner(kind: Family, id: number) {
      const { table } = family[kind];
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

    /**
     * The admin's review. Accepting starts the order on the later of today and the first free
     * slot, for its days, and accepts its payment; rejecting fails the payment, cancelling
     * cancels it. Answers the order's owner, or null when it does not exist.
     */
    async review(kind: Family, id: number, statusId: number, messageReplay: string, now: Date) {
      const { table, payment } = family[kind];
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

export type OrderRepository = ReturnType<typeof orderRepository>;
/** The statuses an order may have (an order is never "sold"). */
export const orderStatuses: readonly number[] = [
  Status.pending,
  Status.accepted,
  Status.failed,
  Status.canceled,
];
