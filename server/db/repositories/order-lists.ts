import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { likePattern } from './admin-vehicles.ts';
import {
  announcementOrders,
  brandModels,
  brands,
  codes,
  starOrders,
  users,
  vehicles,
} from '../schema.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';
import { localName } from './vehicle-cards.ts';

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
 * Star (featured vehicle) and announcement orders as the pages read them: one order with its
 * vehicle or ad and its payer, and the lists searched by owner, kind, status, dates and name
 * (the owner's lists and the admin's review).
 */
export function orderListRepository(db: Db) {
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

  return {
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
  };
}
