import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PaymentStatus } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { paymentRepository } from '../../db/repositories/payments.ts';
import { referenceRepository } from '../../db/repositories/reference.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import {
  AdminPaymentMovement,
  AdminPaymentPage,
  AdminPaymentsQuery,
  PaymentStatusBody,
} from './schemas.ts';

const tags = ['Payment'];
const security = [{ bearer: [] }];

/** The moves an admin may make on a payment to the site: from pending, and refunds of accepted. */
const MOVES: Record<number, readonly number[]> = {
  [PaymentStatus.accepted]: [PaymentStatus.pending],
  [PaymentStatus.failed]: [PaymentStatus.pending],
  [PaymentStatus.canceled]: [PaymentStatus.pending],
  [PaymentStatus.refunded]: [PaymentStatus.accepted],
};

/**
 * The admin's review of payment movements: every payment, and its status. A payment for an
 * order or a ticket purchase follows its order's or purchase's review (accepting the order
 * accepts its payment); here it can only be refunded once accepted. The payer is told live.
 */
const paymentAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const payments = paymentRepository(app.db);
  const activity = activityRepository(app.db, app.bus);
  const reference = referenceRepository(app.db);
  const allowed = app.requirePermission(AdminPermission.payments);

  app.get(
    '/GetPaymentMovements',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description:
          'Admin: every payment movement, newest first; filtered by status and method, searched by payer name or email, sorted by date or amount.',
        querystring: AdminPaymentsQuery,
        response: { 200: Envelope(AdminPaymentPage) },
      },
    },
    async (request) => {
      const { statusId = 0, paymentMethod = 0, ...paging } = request.query;
      return ok(await payments.all({ ...paging, statusId, paymentMethod }, request.lang));
    },
  );

  app.put(
    '/UpdatePaymentMovementStatus',
    {
      preHandler: allowed,
      schema: {
        tags,
        security,
        description:
          'Admin: accepts (30), fails (31) or cancels (32) a pending payment to the site, or refunds (33) an accepted payment; the payer, when signed in, is notified live with the reply.',
        body: PaymentStatusBody,
        response: { 200: Envelope(AdminPaymentMovement) },
      },
    },
    async (request) => {
      const { id, statusId } = request.body;
      const reply = (request.body.messageReplay ?? '').trim();
      const from = MOVES[statusId];
      if (!from) throw new ApiError(400, 'payment_status_invalid');
      const payment = await payments.byId(id);
      if (!payment) throw new ApiError(404, 'not_found');
      const forOrder =
        payment.starOrderId !== null ||
        payment.announcementOrderId !== null ||
        payment.ticketPurchaseId !== null;
      if (forOrder && statusId !== PaymentStatus.refunded) {
        throw new ApiError(409, 'payment_reviewed_with_order');
      }
      if (
        !from.includes(payment.statusId) ||
        !(await payments.move(id, payment.statusId, statusId))
      ) {
        throw new ApiError(409, 'payment_status_not_allowed');
      }
      await app.audit(request, {
        action: 'UpdatePaymentMovementStatus',
        entity: 'payment_movement',
        entityId: id,
        before: { statusId: payment.statusId },
        after: { statusId, messageReplay: reply },
      });
      if (payment.userId) {
        const [status] = (await reference.codeNames([statusId], 'ar')).values();
        await activity.notify(
          payment.userId,
          t('ar', 'payment_reviewed_title'),
          t('ar', 'payment_reviewed', {
            id,
            amount: payment.amount,
            status: status ?? '',
            reply,
          }).trim(),
          '/profile/payment_operation',
        );
      }
      const page = await payments.all(
        { page: 1, pageSize: 100, statusId, paymentMethod: 0, search: payment.paidEmail },
        request.lang,
      );
      const row = page.data.find((entry) => entry.id === id)!;
      return ok(row, t(request.lang, 'update_success'));
    },
  );
};

export default paymentAdmin;
