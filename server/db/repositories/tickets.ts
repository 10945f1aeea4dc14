import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import { PaymentStatus } from '../../../domain/codes.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { codes, events, paymentMovements, ticketPurchases } from '../schema.ts';

/** Purchases that no longer hold their seats. */
const RELEASED: number[] = [PaymentStatus.failed, PaymentStatus.canceled];

/** The seats an event's purchases hold: the quantities of those not failed or canceled. */
const soldOf = (eventId: typeof events.id | number) =>
  sql<number>`(select coalesce(sum(${ticketPurchases.quantity}), 0)::int from ${ticketPurchases}
    where ${ticketPurchases.eventId} = ${eventId}
    and ${ticketPurchases.statusId} not in (${sql.join(RELEASED, sql`, `)}))`;

/** The purchase's session id: 24 random bytes, URL-safe (what /teckitsuccess?sessionId= shows). */
const newSessionId = () => randomBytes(24).toString('base64url');

/** A ticket number as printed on the confirmation: the event, then 8 random characters. */
const newTicketNumber = (eventId: number) =>
  `T${eventId}-${randomBytes(6).toString('base64url').toUpperCase().replace(/[-_]/g, 'X')}`;

export interface NewTicketPurchase {
  eventId: number;
  quantity: number;
  buyerName: string;
  email: string;
  mobile: string;
  paymentMethodId: number;
  payingBillImage: string;
  userId: number | null;
}

export type PurchaseOutcome =
  | { ok: true; sessionId: string; totalPrice: number; currency: number }
  | { ok: false; reason: 'no_event' }
  | { ok: false; reason: 'canceled' }
  | { ok: false; reason: 'sold_out'; seatsLeft: number };

/** Events and their ticket purchases (spec §2 Ticket purchase). */
export function ticketRepository(db: Db) {
  const eventColumns = (lang: Lang) => ({
    id: events.id,
    slug: events.slug,
    title: lang === 'en' ? events.titleEn : events.titleAr,
    place: lang === 'en' ? events.placeEn : events.placeAr,
    description: lang === 'en' ? events.descriptionEn : events.descriptionAr,
    startsAt: events.startsAt,
    ticketPrice: events.ticketPrice,
    currency: events.currencyId,
    image: events.image,
    imageWidth: sql<number>`coalesce(${events.imageWidth}, 0)`,
    imageHeight: sql<number>`coalesce(${events.imageHeight}, 0)`,
    seats: events.seats,
    seatsLeft: sql<number>`greatest(${events.seats} - ${soldOf(events.id)}, 0)::int`,
    canceled: sql<boolean>`${events.canceledAt} is not null`,
  });
  const answer = <T extends { startsAt: Date }>(row: T) => ({
    ...row,
    startsAt: row.startsAt.toISOString(),
  });

  async function purchaseBy(where: ReturnType<typeof eq>, lang: Lang) {
    const [row] = await db
      .select({
        id: ticketPurchases.id,
        sessionId: ticketPurchases.sessionId,
        eventId: ticketPurchases.eventId,
        eventSlug: events.slug,
        eventTitle: lang === 'en' ? events.titleEn : events.titleAr,
        quantity: ticketPurchases.quantity,
        totalPrice: ticketPurchases.totalPrice,
        currency: ticketPurchases.currencyId,
        statusId: ticketPurchases.statusId,
        statusName: lang === 'en' ? codes.nameEn : codes.nameAr,
        ticketNumber: ticketPurchases.ticketNumber,
        createdAt: ticketPurchases.createdAt,
      })
      .from(ticketPurchases)
      .innerJoin(events, eq(events.id, ticketPurchases.eventId))
      .innerJoin(codes, eq(codes.id, ticketPurchases.statusId))
      .where(where);
    if (!row) return null;
    return {
      ...row,
      ticketNumber: row.ticketNumber ?? '',
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Sets a purchase's status and its payment movements' alike, in one transaction. */
  async function setStatus(id: number, statusId: number, ticketNumber?: string) {
    await db.transaction(async (tx) => {
      await tx
        .update(ticketPurchases)
        .set({ statusId, ...(ticketNumber ? { ticketNumber } : {}) })
        .where(eq(ticketPurchases.id, id));
      await tx
        .update(paymentMovements)
        .set({ statusId })
        .where(eq(paymentMovements.ticketPurchaseId, id));
    });
  }

  return {
    /** Upcoming events that are not deleted, soonest first. */
    async upcoming(lang: Lang) {
      const rows = await db
        .select(eventColumns(lang))
        .from(events)
        .where(
          and(isNull(events.deletedAt), isNull(events.canceledAt), gt(events.startsAt, new Date())),
        )
        .orderBy(asc(events.startsAt), asc(events.id));
      return rows.map(answer);
    },

    /** The event of /event/{slug} that is not deleted (past ones too), or null. */
    async eventBySlug(slug: string, lang: Lang) {
      const [row] = await db
        .select(eventColumns(lang))
        .from(events)
        .where(and(eq(events.slug, slug), isNull(events.deletedAt)));
      return row ? answer(row) : null;
    },

    /** One event that is not deleted (past ones too: the success page links to it). */
    async event(id: number, lang: Lang) {
      const [row] = await db
        .select(eventColumns(lang))
        .from(events)
        .where(and(eq(events.id, id), isNull(events.deletedAt)));
      return row ? answer(row) : null;
    },

    /**
     * Creates a purchase and its payment movement, both pending (29), in one transaction. The
     * event's row is locked first, so purchases of one event take turns and the seats they
     * count are never sold twice. The total is the event's price times the quantity.
     */
    async purchase(order: NewTicketPurchase): Promise<PurchaseOutcome> {
      return db.transaction(async (tx) => {
        const [event] = await tx
          .select({
            id: events.id,
            seats: events.seats,
            ticketPrice: events.ticketPrice,
            currencyId: events.currencyId,
            titleAr: events.titleAr,
            canceledAt: events.canceledAt,
          })
          .from(events)
          .where(
            and(
              eq(events.id, order.eventId),
              isNull(events.deletedAt),
              gt(events.startsAt, new Date()),
            ),
          )
          .for('update');
        if (!event) return { ok: false, reason: 'no_event' } as const;
        if (event.canceledAt) return { ok: false, reason: 'canceled' } as const;
        const [held] = await tx
          .select({ n: sql<number>`coalesce(sum(${ticketPurchases.quantity}), 0)::int` })
          .from(ticketPurchases)
          .where(
            and(
              eq(ticketPurchases.eventId, event.id),
              notInArray(ticketPurchases.statusId, RELEASED),
            ),
          );
        const seatsLeft = Math.max(event.seats - Number(held?.n ?? 0), 0);
        if (order.quantity > seatsLeft)
          return { ok: false, reason: 'sold_out', seatsLeft } as const;

        const totalPrice = Math.round(event.ticketPrice * 100 * order.quantity) / 100;
        const sessionId = newSessionId();
        const [purchase] = await tx
          .insert(ticketPurchases)
          .values({
            sessionId,
            eventId: event.id,
            quantity: order.quantity,
            buyerName: order.buyerName,
            email: order.email,
            mobile: order.mobile,
            totalPrice,
            currencyId: event.currencyId,
            statusId: PaymentStatus.pending,
          })
          .returning({ id: ticketPurchases.id });
        await tx.insert(paymentMovements).values({
          userId: order.userId,
          ticketPurchaseId: purchase!.id,
          amount: totalPrice,
          currencyId: event.currencyId,
          paidName: order.buyerName,
          paidEmail: order.email,
          paymentMethodId: order.paymentMethodId,
          payingBillImage: order.payingBillImage,
          description: `${order.quantity} × ${event.titleAr}`,
          statusId: PaymentStatus.pending,
        });
        return { ok: true, sessionId, totalPrice, currency: event.currencyId } as const;
      });
    },

    /** A purchase by its session id, as its buyer sees it; null when there is none. */
    async bySession(sessionId: string, lang: Lang) {
      return purchaseBy(eq(ticketPurchases.sessionId, sessionId), lang);
    },

    /**
     * Confirms a purchase (its payment was accepted): status 30 and a unique ticket number,
     * kept if it already has one. Its payment movement is accepted with it.
     */
    async confirmPurchase(id: number): Promise<void> {
      const [row] = await db
        .select({ eventId: ticketPurchases.eventId, ticketNumber: ticketPurchases.ticketNumber })
        .from(ticketPurchases)
        .where(eq(ticketPurchases.id, id));
      if (!row) return;
      if (row.ticketNumber) return setStatus(id, PaymentStatus.accepted);
      for (let attempt = 0; ; attempt++) {
        const ticketNumber = newTicketNumber(row.eventId);
        const [taken] = await db
          .select({ id: ticketPurchases.id })
          .from(ticketPurchases)
          .where(eq(ticketPurchases.ticketNumber, ticketNumber));
        // 48 random bits: a second draw is already astronomically rare.
        if (taken && attempt < 5) continue;
        return setStatus(id, PaymentStatus.accepted, ticketNumber);
      }
    },

    /** Refuses a purchase (31 failed, 32 canceled): its seats go back on sale. */
    async failPurchase(id: number, statusId: number = PaymentStatus.failed): Promise<void> {
      if (!RELEASED.includes(statusId)) throw new Error(`not a refusal status: ${statusId}`);
      await setStatus(id, statusId);
    },
  };
}
