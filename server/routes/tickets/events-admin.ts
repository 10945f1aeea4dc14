import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { Currency } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { makeSlug } from '../../../domain/slug.ts';
import { likePattern } from '../../db/repositories/admin-vehicles.ts';
import { offsetOf, paginationOf } from '../../db/repositories/pagination.ts';
import { codes, events, ticketPurchases } from '../../db/schema.ts';
import {
  decodeBase64Image,
  deleteImage,
  ImageRejectedError,
  saveImage,
} from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { Id, Int32, Money, MultilineText, Text } from '../../lib/schema-types.ts';
import { AdminListQuery, Page } from '../paging-schemas.ts';

const tags = ['Tickets'];
const security = [{ bearer: [] }];
const POSTER_MAX_BYTES = 10 * 1024 * 1024;
const CURRENCIES: readonly number[] = Object.values(Currency);

const EventFields = {
  titleAr: Type.Optional(Text(200)),
  titleEn: Type.Optional(Text(200)),
  placeAr: Type.Optional(Text(200)),
  placeEn: Type.Optional(Text(200)),
  descriptionAr: Type.Optional(MultilineText(50_000)),
  descriptionEn: Type.Optional(MultilineText(50_000)),
  /** ISO 8601 date and time. */
  startsAt: Type.Optional(Text(40)),
  ticketPrice: Type.Optional(Money()),
  currencyId: Type.Optional(Id()),
  seats: Type.Optional(Int32({ minimum: 0, maximum: 1_000_000 })),
  /** The poster (base64 or a data URL, JPEG or PNG); required to create, optional to edit. */
  image: Type.Optional(MultilineText(Math.ceil((POSTER_MAX_BYTES * 4) / 3) + 1024)),
};
const EventBody = Type.Object(EventFields);
const EventUpdateBody = Type.Object({ id: Id(), ...EventFields });
const EventIdBody = Type.Object({ id: Id() });
const AdminEvent = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  titleAr: Type.String(),
  titleEn: Type.String(),
  placeAr: Type.String(),
  placeEn: Type.String(),
  descriptionAr: Type.String(),
  descriptionEn: Type.String(),
  startsAt: Type.String(),
  ticketPrice: Type.Number(),
  currencyId: Type.Integer(),
  seats: Type.Integer(),
  image: Type.String(),
  canceled: Type.Boolean(),
});
const EVENT_SORTS: readonly ['startsAt', 'title'] = ['startsAt', 'title'];
const AdminEventsQuery = Type.Object(AdminListQuery(EVENT_SORTS));

const PurchasesQuery = Type.Object({
  ...AdminListQuery(['createdAt'] as const),
  statusId: Type.Optional(Int32({ minimum: 0 })),
});
const AdminPurchase = Type.Object({
  id: Type.Integer(),
  sessionId: Type.String(),
  eventTitle: Type.String(),
  buyerName: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  quantity: Type.Integer(),
  totalPrice: Type.Number(),
  currency: Type.Integer(),
  statusId: Type.Integer(),
  statusName: Type.String(),
  ticketNumber: Type.String(),
  billImage: Type.String(),
  createdAt: Type.String(),
});
export type AdminPurchase = typeof AdminPurchase.static;

type Body = typeof EventBody.static;

/**
 * The admin's events (ticket sales): create, edit and cancel. A cancelled event stays readable
 * at its address, says so, and sells no ticket; its page is purged at once.
 */
const eventsAdmin: FastifyPluginAsyncTypebox<{ storage: ObjectStore }> = async (app, options) => {
  const allowed = app.requirePermission(AdminPermission.events);

  const present = (row: typeof events.$inferSelect) => ({
    id: row.id,
    slug: row.slug,
    titleAr: row.titleAr,
    titleEn: row.titleEn,
    placeAr: row.placeAr,
    placeEn: row.placeEn,
    descriptionAr: row.descriptionAr,
    descriptionEn: row.descriptionEn,
    startsAt: row.startsAt.toISOString(),
    ticketPrice: row.ticketPrice,
    currencyId: row.currencyId,
    seats: row.seats,
    image: row.image,
    canceled: row.canceledAt !== null,
  });

  /** The fields of spec §5's admin forms, in order; throws 400 on the first failure. */
  const valuesOf = (body: Body) => {
    const titleAr = (body.titleAr ?? '').trim();
    const titleEn = (body.titleEn ?? '').trim();
    const placeAr = (body.placeAr ?? '').trim();
    const placeEn = (body.placeEn ?? '').trim();
    if (!titleAr || !titleEn) throw new ApiError(400, 'admin_check_name');
    if (!placeAr || !placeEn) throw new ApiError(400, 'admin_check_address');
    const startsAt = new Date(body.startsAt ?? '');
    if (!body.startsAt || Number.isNaN(startsAt.getTime())) {
      throw new ApiError(400, 'event_date_invalid');
    }
    if (body.ticketPrice === undefined) throw new ApiError(400, 'event_price_invalid');
    if (body.seats === undefined) throw new ApiError(400, 'event_seats_invalid');
    const currencyId = body.currencyId ?? Currency.NIS;
    if (!CURRENCIES.includes(currencyId))
      throw new ApiError(400, 'field_invalid', { field: 'currencyId' });
    return {
      titleAr,
      titleEn,
      placeAr,
      placeEn,
      descriptionAr: sanitizeRichText(body.descriptionAr ?? ''),
      descriptionEn: sanitizeRichText(body.descriptionEn ?? ''),
      startsAt,
      ticketPrice: body.ticketPrice,
      currencyId,
      seats: body.seats,
    };
  };

  const storePoster = async (raw: string) => {
    const bytes = decodeBase64Image(raw);
    if (!bytes || bytes.length === 0) throw new ApiError(400, 'image_invalid');
    if (bytes.length > POSTER_MAX_BYTES) throw new ApiError(413, 'image_too_large');
    try {
      return await saveImage(options.storage, bytes, { kind: 'misc', accept: ['jpeg', 'png'] });
    } catch (error) {
      if (error instanceof ImageRejectedError) throw new ApiError(400, 'image_invalid');
      throw error;
    }
  };
  const purge = (id: number) =>
    app.bus.publish('purge', { tags: [PageTag.event(id), PageTag.home] });

  app.get(
    '/GetTicketPurchases',
    {
      preHandler: app.requirePermission(AdminPermission.payments),
      schema: {
        tags,
        security,
        description:
          'Admin: ticket purchases, newest first, with the buyer, the event and the proof of payment; filtered by status, searched by buyer.',
        querystring: PurchasesQuery,
        response: { 200: Envelope(Page(AdminPurchase)) },
      },
    },
    async (request) => {
      const { search, statusId = 0, order, sort: _sort, ...paging } = request.query;
      const text = search?.trim();
      const where = and(
        statusId ? eq(ticketPurchases.statusId, statusId) : undefined,
        text
          ? or(
              ilike(ticketPurchases.buyerName, likePattern(text)),
              ilike(ticketPurchases.email, likePattern(text)),
            )
          : undefined,
      );
      const [total] = await app.db.select({ rows: count() }).from(ticketPurchases).where(where);
      const rows = await app.db
        .select({
          id: ticketPurchases.id,
          sessionId: ticketPurchases.sessionId,
          eventTitle: request.lang === 'en' ? events.titleEn : events.titleAr,
          buyerName: ticketPurchases.buyerName,
          email: ticketPurchases.email,
          mobile: ticketPurchases.mobile,
          quantity: ticketPurchases.quantity,
          totalPrice: ticketPurchases.totalPrice,
          currency: ticketPurchases.currencyId,
          statusId: ticketPurchases.statusId,
          statusName: request.lang === 'en' ? codes.nameEn : codes.nameAr,
          ticketNumber: sql<string>`coalesce(${ticketPurchases.ticketNumber}, '')`,
          billImage: sql<string>`coalesce((select pm.paying_bill_image from payment_movements pm where pm.ticket_purchase_id = ${ticketPurchases.id} order by pm.id desc limit 1), '')`,
          createdAt: ticketPurchases.createdAt,
        })
        .from(ticketPurchases)
        .innerJoin(events, eq(events.id, ticketPurchases.eventId))
        .innerJoin(codes, eq(codes.id, ticketPurchases.statusId))
        .where(where)
        .orderBy(
          order === 'asc' ? asc(ticketPurchases.createdAt) : desc(ticketPurchases.createdAt),
          desc(ticketPurchases.id),
        )
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return ok({
        data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        pagination: paginationOf(paging, total?.rows ?? 0),
      });
    },
  );

  app.get(
    '/GetAdminEvents',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description: 'Admin: every event that is not deleted (past and cancelled ones too).',
        querystring: AdminEventsQuery,
        response: { 200: Envelope(Page(AdminEvent)) },
      },
    },
    async (request) => {
      const { search, sort: sortBy, order, ...paging } = request.query;
      const sort: string = sortBy ?? 'startsAt';
      const text = search?.trim();
      const where = and(
        isNull(events.deletedAt),
        text
          ? or(ilike(events.titleAr, likePattern(text)), ilike(events.titleEn, likePattern(text)))
          : undefined,
      );
      const column = sort === 'title' ? events.titleAr : events.startsAt;
      const direction = (order ?? (sort === 'title' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
      const [total] = await app.db.select({ rows: count() }).from(events).where(where);
      const rows = await app.db
        .select()
        .from(events)
        .where(where)
        .orderBy(direction(column), desc(events.id))
        .limit(paging.pageSize)
        .offset(offsetOf(paging));
      return ok({ data: rows.map(present), pagination: paginationOf(paging, total?.rows ?? 0) });
    },
  );

  app.post(
    '/CreateEvent',
    {
      preHandler: allowed,
      bodyLimit: 16 * 1024 * 1024,
      schema: { tags, security, body: EventBody, response: { 200: Envelope(AdminEvent) } },
    },
    async (request) => {
      const values = valuesOf(request.body);
      const raw = request.body.image?.trim();
      if (!raw) throw new ApiError(400, 'admin_check_image');
      const poster = await storePoster(raw);
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(events)
          .values({
            ...values,
            slug: `pending-${Date.now()}-${Math.random().toString(36).slice(2)}`,
            image: poster.path,
            imageWidth: poster.width,
            imageHeight: poster.height,
          })
          .returning();
        const [named] = await tx
          .update(events)
          .set({ slug: makeSlug(created!.id, values.titleEn) })
          .where(eq(events.id, created!.id))
          .returning();
        return named!;
      });
      await app.audit(request, {
        action: 'CreateEvent',
        entity: 'event',
        entityId: row.id,
        after: present(row),
      });
      await purge(row.id);
      return ok(present(row), t(request.lang, 'create_success'));
    },
  );

  app.put(
    '/UpdateEvent',
    {
      preHandler: allowed,
      bodyLimit: 16 * 1024 * 1024,
      schema: { tags, security, body: EventUpdateBody, response: { 200: Envelope(AdminEvent) } },
    },
    async (request) => {
      const { id } = request.body;
      const [before] = await app.db
        .select()
        .from(events)
        .where(and(eq(events.id, id), isNull(events.deletedAt)));
      if (!before) throw new ApiError(404, 'event_not_found');
      const values = valuesOf(request.body);
      const raw = request.body.image?.trim();
      const poster = raw ? await storePoster(raw) : null;
      const [row] = await app.db
        .update(events)
        .set({
          ...values,
          ...(poster
            ? { image: poster.path, imageWidth: poster.width, imageHeight: poster.height }
            : {}),
        })
        .where(eq(events.id, id))
        .returning();
      if (poster) await deleteImage(options.storage, before.image);
      await app.audit(request, {
        action: 'UpdateEvent',
        entity: 'event',
        entityId: id,
        before: present(before),
        after: present(row!),
      });
      await purge(id);
      return ok(present(row!), t(request.lang, 'update_success'));
    },
  );

  app.put(
    '/CancelEvent',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description: 'Admin: cancels an event: its page says so and no more tickets are sold.',
        body: EventIdBody,
        response: { 200: Envelope(AdminEvent) },
      },
    },
    async (request) => {
      const { id } = request.body;
      const [row] = await app.db
        .update(events)
        .set({ canceledAt: sql`coalesce(${events.canceledAt}, now())` })
        .where(and(eq(events.id, id), isNull(events.deletedAt)))
        .returning();
      if (!row) throw new ApiError(404, 'event_not_found');
      await app.audit(request, {
        action: 'CancelEvent',
        entity: 'event',
        entityId: id,
        after: { canceled: true },
      });
      await purge(id);
      return ok(present(row), t(request.lang, 'update_success'));
    },
  );
};

export default eventsAdmin;
