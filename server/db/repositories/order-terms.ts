import { and, eq, gt, isNull } from 'drizzle-orm';
import { AnnouncementType, Status } from '../../../domain/codes.ts';
import {
  addDays,
  DEFAULT_SLOT_COUNTS,
  firstFreeDay,
  orderTotal,
  SlotConstant,
} from '../../../domain/orders.ts';
import type { Db } from '../client.ts';
import { announcementOrders, codes, constants, starOrders } from '../schema.ts';
import { SiteConstant } from '../seed/reference.ts';

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

export const slotConstantOf: Record<OrderKind, number> = {
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

/**
 * The terms of an order of each kind: its slots (how many run at once), the likely display
 * date (the first free slot), the daily price and the currency, as the server computes them.
 */
export function orderTermsRepository(db: Db) {
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

  return { slots, running, likelyDate, dailyPrice, terms };
}
