import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AnnouncementType, Status, UserType } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import {
  adOrderError,
  HORIZONTAL_AD_RATIO,
  MAIN_AD_RATIO,
  orderEditError,
  orderPaymentError,
  starOrderError,
} from '../../../domain/orders.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import type { ValidationMessage } from '../../../domain/validation.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { orderListRepository } from '../../db/repositories/order-lists.ts';
import { orderReviewRepository, orderStatuses } from '../../db/repositories/order-review.ts';
import { adKindOf, orderTermsRepository } from '../../db/repositories/order-terms.ts';
import { orderRepository } from '../../db/repositories/orders.ts';
import { paymentRepository } from '../../db/repositories/payments.ts';
import { users, vehicles } from '../../db/schema.ts';
import {
  decodeBase64Image,
  deleteImage,
  ImageRejectedError,
  inspectImage,
  saveImage,
} from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t, validationText, type Lang } from '../../lib/messages.ts';
import { isAdmin } from '../../plugins/auth.ts';
import { storeProof } from '../payment/proof.ts';
import {
  AD_IMAGE_MAX_BYTES,
  AdKindQuery,
  AnnouncementOrderBody,
  AnnouncementOrderRow,
  AnnouncementOrders,
  CreatedOrder,
  DailyPrice,
  LikelyDate,
  ORDER_BODY_LIMIT,
  OrderId,
  OrderMessageBody,
  OrderQuery,
  OrderSearchQuery,
  OrderStatusAnswer,
  OrderStatusBody,
  StarOrderBody,
  StarOrderRow,
  StarOrders,
} from './schemas.ts';

type OrderSearch = Static<typeof OrderSearchQuery>;

const tags = ['Order'];
const security = [{ bearer: [] }];
/** A cropped ad may be a little off its shape. */
const RATIO_TOLERANCE = 0.03;

const day = (at: Date) => at.toISOString().slice(0, 10);
const refusal = (lang: Lang, key: ValidationMessage) =>
  new ApiError(400, 'field_invalid', {}, validationText(lang, key));
const dateParam = (value: string | undefined) => {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/** The pages that show featured vehicles and ads (home; the list's side ads). */
const ORDER_PAGES = [PageTag.home, PageTag.vehicles];

/**
 * The seller's orders (spec §2, §4, §5, §7 Order; issue "the money side"): the likely display
 * date and daily price of each kind, star and announcement orders created with their payment in
 * one transaction, the owner's lists, message edits and deletion while pending, and the admin's
 * review, which dates the order, settles its payment, tells the owner and purges the pages.
 */
const sellerOrders: FastifyPluginAsyncTypebox<{
  storage: ObjectStore;
  now?: () => Date;
}> = async (app, options) => {
  const { storage } = options;
  const now = options.now ?? (() => new Date());
  const orders = orderRepository(app.db);
  const orderTerms = orderTermsRepository(app.db);
  const orderLists = orderListRepository(app.db);
  const reviews = orderReviewRepository(app.db);
  const payments = paymentRepository(app.db);
  const activity = activityRepository(app.db, app.bus);
  const sellerOnly = app.requireUserType(UserType.normal, UserType.company);
  const adminOnly = app.requirePermission(AdminPermission.orders);

  async function payer(request: FastifyRequest) {
    const [account] = await app.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, request.user!.id));
    return { userId: request.user!.id, name: account?.name ?? '', email: account?.email ?? '' };
  }

  /** Every admin hears of a new order; a failed push does not undo it. */
  async function tellAdmins(message: string, link: string, log: FastifyBaseLogger) {
    try {
      for (const adminId of await payments.reviewers(AdminPermission.orders)) {
        await activity.notify(adminId, t('ar', 'order_new_title'), message, link);
      }
    } catch (error) {
      log.error({ err: error }, 'order notification not sent');
    }
  }

  const forget = (paths: (string | null | undefined)[]) =>
    Promise.all(paths.filter(Boolean).map((path) => deleteImage(storage, path!)));

  /** The proof of payment stored (its checks first), or the order refused. */
  async function storeBill(raw: string) {
    return storeProof(storage, raw);
  }

  // ------------------------------------------------------------------ dates and prices (public)

  app.get(
    '/GetStarVehicleOrderDate',
    {
      schema: {
        tags,
        description:
          'The likely display date of a featured vehicle: the first day a featured slot is free.',
        response: { 200: Envelope(LikelyDate) },
      },
    },
    async () => ok({ date: day(await orderTerms.likelyDate('star', now())) }),
  );

  app.get(
    '/GetStarVehicleOrderDailyPrice',
    {
      schema: { tags, response: { 200: Envelope(DailyPrice) } },
    },
    async () => {
      const terms = await orderTerms.terms('star', 1, now());
      return ok({ dailyPrice: terms.dailyPrice, currency: terms.currencyId });
    },
  );

  const adKind = (announcementType: number) => {
    const kind = adKindOf(announcementType);
    if (!kind) throw new ApiError(404, 'not_found');
    return kind;
  };

  app.get(
    '/GetAnnouncementOrderDate',
    {
      schema: {
        tags,
        description:
          'The likely display date of an ad of this kind (89 main, 90 vertical, 91 horizontal).',
        querystring: AdKindQuery,
        response: { 200: Envelope(LikelyDate) },
      },
    },
    async (request) =>
      ok({ date: day(await orderTerms.likelyDate(adKind(request.query.announcementType), now())) }),
  );

  app.get(
    '/GetAnnouncementOrderDailyPrice',
    {
      schema: { tags, querystring: AdKindQuery, response: { 200: Envelope(DailyPrice) } },
    },
    async (request) => {
      const terms = await orderTerms.terms(adKind(request.query.announcementType), 1, now());
      return ok({ dailyPrice: terms.dailyPrice, currency: terms.currencyId });
    },
  );

  // ------------------------------------------------------------------ creating orders

  app.post(
    '/CreateStarVehicleOrder',
    {
      bodyLimit: ORDER_BODY_LIMIT,
      preHandler: sellerOnly,
      schema: {
        tags,
        security,
        description:
          "Features one of the caller's accepted vehicles. The daily price and total are the server's; the order and its pending payment (with the proof) are created together.",
        body: StarOrderBody,
        response: { 200: Envelope(CreatedOrder) },
      },
    },
    async (request) => {
      const body = request.body;
      const message = body.message ?? '';
      const problem =
        starOrderError({ vehicleId: body.vehicleId, durationDay: body.durationDay, message }) ??
        orderPaymentError({
          paymentMethod: body.paymentMethod,
          payBilImage: body.payBilImage ?? '',
        });
      if (problem) throw refusal(request.lang, problem);
      const [vehicle] = await app.db
        .select({
          ownerId: vehicles.ownerId,
          statusId: vehicles.statusId,
          deletedAt: vehicles.deletedAt,
        })
        .from(vehicles)
        .where(eq(vehicles.id, body.vehicleId));
      if (!vehicle || vehicle.deletedAt) throw refusal(request.lang, 'star_check_vehicle');
      if (vehicle.ownerId !== request.user!.id) throw new ApiError(403, 'forbidden');
      if (vehicle.statusId !== Status.accepted) {
        throw new ApiError(400, 'order_vehicle_not_accepted');
      }
      const bill = await storeBill(body.payBilImage!);
      try {
        const who = await payer(request);
        const created = await orders.createStar(
          {
            payer: who,
            message: message.trim(),
            durationDay: body.durationDay,
            paymentMethod: body.paymentMethod,
            billImage: bill,
            vehicleId: body.vehicleId,
          },
          now(),
        );
        const row = await orderLists.starOrder(created.id, 'ar');
        await tellAdmins(
          t('ar', 'order_new_star', {
            vehicle: row?.vehicleName ?? String(body.vehicleId),
            days: body.durationDay,
            name: who.name,
          }),
          '/admin/star-orders',
          request.log,
        );
        return ok(
          {
            id: created.id,
            dailyPrice: created.dailyPrice,
            totalPrice: created.totalPrice,
            currency: created.currencyId,
            startDate: created.startDate.toISOString(),
            endDate: created.endDate.toISOString(),
          },
          t(request.lang, 'order_created'),
        );
      } catch (error) {
        await forget([bill]);
        throw error;
      }
    },
  );

  /** The ad image: JPEG or PNG by content, of its kind's shape. */
  async function checkAdImage(lang: Lang, announcementType: number, raw: string) {
    const bytes = decodeBase64Image(raw);
    if (!bytes || bytes.length === 0 || bytes.length > AD_IMAGE_MAX_BYTES) {
      throw new ApiError(400, 'ad_image_invalid');
    }
    let size: { width: number; height: number };
    try {
      size = await inspectImage(bytes, { accept: ['jpeg', 'png'] });
    } catch (error) {
      if (error instanceof ImageRejectedError) throw new ApiError(400, 'ad_image_invalid');
      throw error;
    }
    const shape = adOrderError({ announcementType, image: raw, durationDay: 1, imageSize: size });
    if (shape) throw refusal(lang, shape);
    const ratio = size.width / size.height;
    const near = (target: number) => Math.abs(ratio - target) <= target * RATIO_TOLERANCE;
    if (announcementType === AnnouncementType.main && !near(MAIN_AD_RATIO)) {
      throw new ApiError(400, 'ad_ratio_main');
    }
    if (announcementType === AnnouncementType.horizontal && !near(HORIZONTAL_AD_RATIO)) {
      throw new ApiError(400, 'ad_ratio_horizontal');
    }
    return bytes;
  }

  app.post(
    '/CreateAnnouncementOrder',
    {
      bodyLimit: ORDER_BODY_LIMIT,
      preHandler: sellerOnly,
      schema: {
        tags,
        security,
        description:
          "Buys an ad slot (89 main slider at 16:5, 90 vertical taller than wide, 91 horizontal at 2.5:1). The daily price and total are the server's; the order and its pending payment are created together.",
        body: AnnouncementOrderBody,
        response: { 200: Envelope(CreatedOrder) },
      },
    },
    async (request) => {
      const body = request.body;
      const message = body.message ?? '';
      const problem =
        adOrderError({
          announcementType: body.announcementType,
          image: body.image ?? '',
          durationDay: body.durationDay,
          message,
        }) ??
        orderPaymentError({
          paymentMethod: body.paymentMethod,
          payBilImage: body.payBilImage ?? '',
        });
      if (problem) throw refusal(request.lang, problem);
      const bytes = await checkAdImage(request.lang, body.announcementType, body.image!);
      const stored: string[] = [];
      try {
        stored.push(await storeBill(body.payBilImage!));
        const ad = await saveImage(storage, bytes, { kind: 'ad', accept: ['jpeg', 'png'] });
        stored.push(ad.path);
        const who = await payer(request);
        const created = await orders.createAd(
          {
            payer: who,
            message: message.trim(),
            durationDay: body.durationDay,
            paymentMethod: body.paymentMethod,
            billImage: stored[0]!,
            announcementType: body.announcementType,
            image: ad.path,
          },
          now(),
        );
        const row = await orderLists.adOrder(created.id, 'ar');
        await tellAdmins(
          t('ar', 'order_new_ad', {
            kind: row?.announcementTypeName ?? '',
            days: body.durationDay,
            name: who.name,
          }),
          '/admin/announcements',
          request.log,
        );
        return ok(
          {
            id: created.id,
            dailyPrice: created.dailyPrice,
            totalPrice: created.totalPrice,
            currency: created.currencyId,
            startDate: created.startDate.toISOString(),
            endDate: created.endDate.toISOString(),
          },
          t(request.lang, 'order_created'),
        );
      } catch (error) {
        await forget(stored);
        if (error instanceof ImageRejectedError) throw new ApiError(400, 'ad_image_invalid');
        throw error;
      }
    },
  );

  // ------------------------------------------------------------------ the owner's lists

  /** Spec §3 order search: a seller sees their own; an admin anyone's (ownerId 0: everyone's). */
  function searchOf(request: FastifyRequest, query: OrderSearch) {
    const { ownerId, announcementType, statusId, dateFrom, dateTo, search } = query;
    return {
      search,
      ownerId: isAdmin(request.user) ? ownerId || null : request.user!.id,
      announcementType,
      statusId,
      dateFrom: dateParam(dateFrom),
      dateTo: dateParam(dateTo),
    };
  }
  const listDescription =
    "The caller's orders, newest first (an admin may name an owner, or see everyone's with ownerId 0).";

  app.get(
    '/GetUserStarVehiclesOrders',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description: listDescription,
        querystring: OrderSearchQuery,
        response: { 200: Envelope(StarOrders) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok({
        orders: await orderLists.starOrders(
          searchOf(request, request.query),
          { page, pageSize },
          request.lang,
        ),
      });
    },
  );

  app.get(
    '/GetUserAnnouncementOrders',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description: listDescription,
        querystring: OrderSearchQuery,
        response: { 200: Envelope(AnnouncementOrders) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      return ok({
        orders: await orderLists.adOrders(
          searchOf(request, request.query),
          { page, pageSize },
          request.lang,
        ),
      });
    },
  );

  // ------------------------------------------------------------------ the owner's orders

  const families = [
    {
      family: 'star' as const,
      get: 'GetStarVehicleOrder',
      update: 'UpdateStarVehicleOrder',
      remove: 'DeleteStarVehicleOrder',
      status: 'UpdateStarVehicleOrderStatus',
      row: StarOrderRow,
    },
    {
      family: 'ad' as const,
      get: 'GetAnnouncementOrder',
      update: 'UpdateAnnouncementOrder',
      remove: 'DeleteAnnouncementOrder',
      status: 'UpdateAnnouncementOrderStatus',
      row: AnnouncementOrderRow,
    },
  ];

  for (const names of families) {
    const { family } = names;
    const read = (id: number, lang: Lang) =>
      family === 'star' ? orderLists.starOrder(id, lang) : orderLists.adOrder(id, lang);

    /** The order the caller may see or change: their own, or any for an admin. */
    async function owned(request: FastifyRequest, id: number) {
      const order = await orders.owner(family, id);
      if (!order || order.deletedAt) throw new ApiError(404, 'order_not_found');
      if (order.userId !== request.user!.id && !isAdmin(request.user)) {
        throw new ApiError(403, 'forbidden');
      }
      return order;
    }

    app.get(
      `/${names.get}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          querystring: OrderQuery,
          response: { 200: Envelope(names.row) },
        },
      },
      async (request) => {
        await owned(request, request.query.orderId);
        return ok((await read(request.query.orderId, request.lang))!);
      },
    );

    app.put(
      `/${names.update}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          description: 'Changes the message of a pending order.',
          body: OrderMessageBody,
          response: { 200: Envelope(OrderId) },
        },
      },
      async (request) => {
        const { id } = request.body;
        const message = request.body.message ?? '';
        const problem = orderEditError({ id, message });
        if (problem) throw refusal(request.lang, problem);
        await owned(request, id);
        if (!(await orders.updateMessage(family, id, message.trim()))) {
          throw new ApiError(400, 'order_not_pending');
        }
        return ok({ id }, t(request.lang, 'update_success'));
      },
    );

    app.delete(
      `/${names.remove}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security,
          description: 'Deletes a pending order; its payment is cancelled.',
          querystring: OrderQuery,
          response: { 200: Envelope(OrderId) },
        },
      },
      async (request) => {
        const id = request.query.orderId;
        await owned(request, id);
        const files = await orders.removePending(family, id);
        if (!files) throw new ApiError(400, 'order_not_pending');
        await forget(files);
        return ok({ id }, t(request.lang, 'delete_success'));
      },
    );

    app.put(
      `/${names.status}`,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          security,
          description:
            'Admin: accept (96: dated from the first free slot, payment accepted), reject (97: a reply is required, payment failed), cancel (98) or set back to pending (95). The owner is told live.',
          body: OrderStatusBody,
          response: { 200: Envelope(OrderStatusAnswer) },
        },
      },
      async (request) => {
        const { orderId, statusId } = request.body;
        const reply = (request.body.messageReplay ?? '').trim();
        if (!orderStatuses.includes(statusId)) throw new ApiError(400, 'order_status_invalid');
        if (statusId === Status.failed && !reply) throw new ApiError(400, 'order_reply_required');
        const before = await read(orderId, 'en');
        const reviewed = await reviews.review(family, orderId, statusId, reply, now());
        if (!reviewed) throw new ApiError(404, 'order_not_found');
        await app.audit(request, {
          action: names.status,
          entity: family === 'star' ? 'star_order' : 'announcement_order',
          entityId: orderId,
          before: before && { statusId: before.statusId, messageReplay: before.messageReplay },
          after: { statusId, messageReplay: reply },
        });
        const row = (await read(orderId, 'ar'))!;
        const note =
          statusId === Status.accepted
            ? t('ar', 'order_accepted', {
                id: orderId,
                start: row.startDate.slice(0, 10),
                end: row.endDate.slice(0, 10),
              })
            : statusId === Status.failed
              ? t('ar', 'order_refused', { id: orderId, reply })
              : t('ar', 'order_status_changed', { id: orderId, status: row.statusName });
        // The user's list of orders of that kind, in their profile.
        const list = family === 'star' ? '/profile/star_orders' : '/profile/ads_orders';
        await activity.notify(reviewed.userId, t('ar', 'order_reviewed_title'), note, list);
        await app.bus.publish('purge', { tags: ORDER_PAGES });
        await app.orderSchedule.plan();
        return ok(
          { id: orderId, statusId, startDate: row.startDate, endDate: row.endDate },
          t(request.lang, 'update_success'),
        );
      },
    );
  }
};

export default sellerOrders;
