import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AnnouncementType, UserType } from '../../../domain/codes.ts';
import {
  adOrderError,
  HORIZONTAL_AD_RATIO,
  MAIN_AD_RATIO,
  orderPaymentError,
} from '../../../domain/orders.ts';
import { orderListRepository } from '../../db/repositories/order-lists.ts';
import { adKindOf, orderTermsRepository } from '../../db/repositories/order-terms.ts';
import { orderRepository } from '../../db/repositories/orders.ts';
import {
  decodeBase64Image,
  ImageRejectedError,
  inspectImage,
  saveImage,
} from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t, type Lang } from '../../lib/messages.ts';
import {
  day,
  listDescription,
  orderHelpers,
  refusal,
  searchOf,
  security,
  tags,
  type OrderRouteOptions,
} from './helpers.ts';
import {
  AD_IMAGE_MAX_BYTES,
  AdKindQuery,
  AnnouncementOrderBody,
  AnnouncementOrders,
  CreatedOrder,
  DailyPrice,
  LikelyDate,
  ORDER_BODY_LIMIT,
  OrderSearchQuery,
} from './schemas.ts';

/** A cropped ad may be a little off its shape. */
const RATIO_TOLERANCE = 0.03;

/**
 * Announcement (ad) orders (spec §2, §5, §7 Order; issue "the money side"): a seller buys an ad
 * slot of one of three kinds. The likely display date and daily price of each kind, the order
 * created with its image and payment, and the owner's list (reading, editing, deleting and the
 * admin's review of one order are in ./order-actions.ts).
 */
const adOrderRoutes: FastifyPluginAsyncTypebox<OrderRouteOptions> = async (app, options) => {
  const { storage } = options;
  const now = options.now ?? (() => new Date());
  const orders = orderRepository(app.db);
  const orderTerms = orderTermsRepository(app.db);
  const orderLists = orderListRepository(app.db);
  const sellerOnly = app.requireUserType(UserType.normal, UserType.company);
  const { payer, tellAdmins, forget, storeBill } = orderHelpers(app, storage);

  // ------------------------------------------------------------------ date and price (public)

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

  // ------------------------------------------------------------------ creating an order

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

  // ------------------------------------------------------------------ the owner's list

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
};

export default adOrderRoutes;
