import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Status } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { orderEditError } from '../../../domain/orders.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { orderListRepository } from '../../db/repositories/order-lists.ts';
import { orderReviewRepository, orderStatuses } from '../../db/repositories/order-review.ts';
import { orderRepository } from '../../db/repositories/orders.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t, type Lang } from '../../lib/messages.ts';
import { isAdmin } from '../../plugins/auth.ts';
import {
  ORDER_PAGES,
  orderHelpers,
  refusal,
  security,
  tags,
  type OrderRouteOptions,
} from './helpers.ts';
import {
  AnnouncementOrderRow,
  OrderId,
  OrderMessageBody,
  OrderQuery,
  OrderStatusAnswer,
  OrderStatusBody,
  StarOrderRow,
} from './schemas.ts';

/**
 * One star or announcement order (spec §3, §7 Order): the owner (or an admin) reads it, edits
 * its message and deletes it while pending; the admin's review dates the order, settles its
 * payment, tells the owner and purges the pages that show featured vehicles and ads.
 */
const orderActions: FastifyPluginAsyncTypebox<OrderRouteOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const orders = orderRepository(app.db);
  const orderLists = orderListRepository(app.db);
  const reviews = orderReviewRepository(app.db);
  const activity = activityRepository(app.db, app.bus);
  const adminOnly = app.requirePermission(AdminPermission.orders);
  const { forget } = orderHelpers(app, options.storage);

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

export default orderActions;
