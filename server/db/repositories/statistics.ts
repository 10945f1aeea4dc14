import { createHash } from 'node:crypto';
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { Status } from '../../../domain/codes.ts';
import {
  SITE_TIME_ZONE,
  VISIT_CHART_DAYS,
  type DashboardCounter,
} from '../../../domain/statistics.ts';
import type { Db } from '../client.ts';
import {
  announcementOrders,
  starOrders,
  vehicles,
  visitDays,
  visitDayVisitors,
  visits,
} from '../schema.ts';

const zone = sql.raw(`'${SITE_TIME_ZONE}'`);
/** Today, and the first moment of this month, in the site's time zone. */
const today = sql<string>`(now() at time zone ${zone})::date`;
const monthStart = sql`(date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`;
const monthFirstDay = sql`date_trunc('month', now() at time zone ${zone})::date`;

/** Today's date in the site's time zone, YYYY-MM-DD. */
export const siteToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE }).format(now);
const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** A visitor is known by a hash of their address (the migration's back-fill uses the same). */
export const visitorKey = (ip: string) => createHash('md5').update(ip).digest('hex');

/**
 * Rebuilds the daily roll-up from `visits` (after visits were written in bulk, as the demo seed
 * and the benchmark do; the migration does the same once).
 */
export async function rebuildVisitRollup(db: Db) {
  await db.transaction(async (tx) => {
    await tx.delete(visitDays);
    await tx.delete(visitDayVisitors);
    await tx.insert(visitDays).select(
      tx
        .select({
          day: sql<string>`(${visits.createdAt} at time zone ${zone})::date`.as('day'),
          visits: sql<number>`count(*)::int`.as('visits'),
          visitors: sql<number>`count(distinct ${visits.ip})::int`.as('visitors'),
        })
        .from(visits)
        .groupBy(sql`1`),
    );
    await tx.insert(visitDayVisitors).select(
      tx
        .selectDistinct({
          day: sql<string>`(${visits.createdAt} at time zone ${zone})::date`.as('day'),
          visitor: sql<string>`md5(${visits.ip})`.as('visitor'),
        })
        .from(visits),
    );
  });
}

/**
 * The dashboard's counters (seller spec §9) and the visits chart. Visits are read from the daily
 * roll-up, kept as each visit is recorded, so the answer costs a handful of index reads whatever
 * the size of `visits`; the rest are counts on indexed status and date columns.
 */
export function statisticsRepository(db: Db) {
  const countWhere = async (
    table: typeof vehicles | typeof starOrders | typeof announcementOrders,
    where: ReturnType<typeof and>,
  ) => {
    const [row] = await db.select({ rows: count() }).from(table).where(where);
    return row?.rows ?? 0;
  };
  const orderCounters = (table: typeof starOrders | typeof announcementOrders) =>
    Promise.all([
      countWhere(table, and(isNull(table.deletedAt), gte(table.createdAt, monthStart))),
      countWhere(table, and(isNull(table.deletedAt), eq(table.statusId, Status.pending))),
      countWhere(table, and(isNull(table.deletedAt), eq(table.statusId, Status.failed))),
    ]);

  return {
    /** Records one page view and keeps the day's roll-up, in one transaction. */
    async recordVisit(values: typeof visits.$inferInsert) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(visits).values(values).returning({ id: visits.id });
        const day = sql`(now() at time zone ${zone})::date`;
        const fresh = await tx
          .insert(visitDayVisitors)
          .values({ day: sql`${day}` as unknown as string, visitor: visitorKey(values.ip) })
          .onConflictDoNothing()
          .returning({ visitor: visitDayVisitors.visitor });
        const newVisitor = fresh.length;
        await tx
          .insert(visitDays)
          .values({ day: sql`${day}` as unknown as string, visits: 1, visitors: newVisitor })
          .onConflictDoUpdate({
            target: visitDays.day,
            set: {
              visits: sql`${visitDays.visits} + 1`,
              visitors: sql`${visitDays.visitors} + ${newVisitor}`,
            },
          });
        return row!;
      });
    },

    async dashboard() {
      const [
        [todayRow],
        [monthRow],
        vehiclesSold,
        vehiclesAddedThisMonth,
        vehiclesUnderReview,
        vehiclesRefused,
        [announcementOrdersAdded, announcementOrdersUnderReview, announcementOrdersRefused],
        [starOrdersAdded, starOrdersUnderReview, starOrdersRefused],
        chart,
      ] = await Promise.all([
        db.select({ visitors: visitDays.visitors }).from(visitDays).where(eq(visitDays.day, today)),
        db
          .select({ visitors: sql<number>`coalesce(sum(${visitDays.visitors}), 0)::int` })
          .from(visitDays)
          .where(gte(visitDays.day, monthFirstDay)),
        countWhere(vehicles, and(isNull(vehicles.deletedAt), eq(vehicles.statusId, Status.saled))),
        countWhere(vehicles, and(isNull(vehicles.deletedAt), gte(vehicles.createdAt, monthStart))),
        countWhere(
          vehicles,
          and(isNull(vehicles.deletedAt), eq(vehicles.statusId, Status.pending)),
        ),
        countWhere(vehicles, and(isNull(vehicles.deletedAt), eq(vehicles.statusId, Status.failed))),
        orderCounters(announcementOrders),
        orderCounters(starOrders),
        db
          .select({ day: visitDays.day, visits: visitDays.visits })
          .from(visitDays)
          .where(gte(visitDays.day, sql`${today} - ${VISIT_CHART_DAYS - 1}::int`)),
      ]);
      const counters: Record<DashboardCounter, number> = {
        visitorsToday: todayRow?.visitors ?? 0,
        visitorsThisMonth: monthRow?.visitors ?? 0,
        vehiclesSold,
        vehiclesAddedThisMonth,
        vehiclesUnderReview,
        vehiclesRefused,
        announcementOrdersAdded,
        announcementOrdersUnderReview,
        announcementOrdersRefused,
        starOrdersAdded,
        starOrdersUnderReview,
        starOrdersRefused,
      };
      // Every one of the last 30 days, those without a visit too.
      const byDay = new Map(chart.map((row) => [row.day, row.visits]));
      const last = siteToday();
      const visitsPerDay = Array.from({ length: VISIT_CHART_DAYS }, (_, index) => {
        const date = shiftDay(last, index - (VISIT_CHART_DAYS - 1));
        return { date, count: byDay.get(date) ?? 0 };
      });
      return { ...counters, visitsPerDay };
    },
  };
}
