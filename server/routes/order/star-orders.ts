import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Status, UserType } from '../../../domain/codes.ts';
import { orderPaymentError, starOrderError } from '../../../domain/orders.ts';
import { orderListRepository } from '../../db/repositories/order-lists.ts';
import { orderTermsRepository } from '../../db/repositories/order-terms.ts';
import { orderRepository } from '../../db/repositories/orders.ts';
import { vehicles } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
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
  CreatedOrder,
  DailyPrice,
  LikelyDate,
  ORDER_BODY_LIMIT,
  OrderSearchQuery,
  StarOrderBody,
  StarOrders,
} from './schemas.ts';

/**
 * Star orders (spec §2, §4, §7 Order; issue "the money side"): a seller pays for one of their
 * accepted vehicles to be featured. The likely display date and daily price, the order created
 * with its payment in one transaction, and the owner's list (reading, editing, deleting and the
 * admin's review of one order are in ./order-actions.ts).
 */
const starOrderRoutes: FastifyPluginAsyncTypebox<OrderRouteOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const orders = orderRepository(app.db);
  const orderTerms = orderTermsRepository(app.db);
  const orderLists = orderListRepository(app.db);
  const sellerOnly = app.requireUserType(UserType.normal, UserType.company);
  const { payer, tellAdmins, forget, storeBill } = orderHelpers(app, options.storage);

  // ------------------------------------------------------------------ date and price (public)

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

  // ------------------------------------------------------------------ creating an order

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

  // ------------------------------------------------------------------ the owner's list

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
};

export default starOrderRoutes;
