import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PaymentStatus } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import { TRANSFER_METHODS } from '../../../domain/orders.ts';
import { isValidEmail, isValidMobile } from '../../../domain/validation.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { paymentRepository } from '../../db/repositories/payments.ts';
import { ticketRepository } from '../../db/repositories/tickets.ts';
import { deleteImage } from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t, validationText, type Lang } from '../../lib/messages.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { PAYMENT_BODY_LIMIT } from '../payment/schemas.ts';
import { storeProof } from '../payment/proof.ts';
import { senderOf } from '../payment/sender.ts';
import {
  CreatedTicketPurchase,
  CreateTicketPurchaseBody,
  EventQuery,
  TicketEvent,
  TicketEvents,
  TicketPaymentSuccessBody,
  TicketPurchase,
  TicketPurchaseQuery,
  UpdateTicketPurchaseStatusBody,
} from './schemas.ts';

const tags = ['Tickets'];
const security = [{ bearer: [] }];

const rule = (lang: Lang, key: Parameters<typeof validationText>[1]) =>
  new ApiError(400, 'field_invalid', {}, validationText(lang, key));

/**
 * Event tickets (spec §2 Ticket purchase, §7 Tickets): the events on sale, a purchase paid by
 * transfer with proof (no token needed), the purchase its success page reads back, and the
 * admin's confirmation or refusal. Seats are never sold twice: a purchase locks its event.
 */
const tickets: FastifyPluginAsyncTypebox<{ storage: ObjectStore; rateLimit: number }> = async (
  app,
  options,
) => {
  const { storage } = options;
  const repository = ticketRepository(app.db);
  const payments = paymentRepository(app.db);
  const activity = activityRepository(app.db, app.bus);

  async function purchaseOf(sessionId: string, lang: Lang) {
    const purchase = await repository.bySession(sessionId, lang);
    if (!purchase) throw new ApiError(404, 'ticket_purchase_not_found');
    return purchase;
  }
  const answer = ({ id: _id, ...purchase }: { id: number } & TicketPurchase) => purchase;

  app.get(
    '/GetEvents',
    {
      schema: {
        tags,
        description: 'Upcoming events on sale, soonest first, with the seats left.',
        response: { 200: Envelope(TicketEvents) },
      },
    },
    async (request) => ok(await repository.upcoming(request.lang)),
  );

  app.get(
    '/GetEvent',
    {
      schema: {
        tags,
        description: 'One event by its id (the success page links back to it by slug).',
        querystring: EventQuery,
        response: { 200: Envelope(TicketEvent) },
      },
    },
    async (request) => {
      const event = await repository.event(request.query.id, request.lang);
      if (!event) throw new ApiError(404, 'event_not_found');
      return ok(event);
    },
  );

  app.post(
    '/CreateTicketPurchase',
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      config: { rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          "Buys tickets for an upcoming event, paid by transfer with proof (no token needed; a valid token links the payment to its sender). Checked in order: name, email, mobile (digits, at most 10), method (120-123), proof image (JPEG or PNG by content), then the seats left. The total is the event's price times the quantity, computed here. The purchase and its payment movement are created pending (29) together.",
        body: CreateTicketPurchaseBody,
        response: { 200: Envelope(CreatedTicketPurchase) },
      },
    },
    async (request) => {
      const body = request.body;
      const lang = request.lang;
      if (!body.buyerName.trim()) throw rule(lang, 'payment_check_name');
      if (!body.email.trim()) throw rule(lang, 'payment_check_email');
      if (!isValidEmail(body.email.trim())) throw rule(lang, 'validation_email_invalid');
      if (!isValidMobile(body.mobile.trim(), 'profile')) {
        throw new ApiError(400, 'ticket_mobile_invalid');
      }
      if (!TRANSFER_METHODS.includes(body.paymentMethod)) throw rule(lang, 'payment_check_method');
      if (!body.payingBilImage.trim()) throw rule(lang, 'payment_check_proof');
      // An unknown or finished event is answered before the proof is decoded.
      if (!(await repository.event(body.eventId, lang))) {
        throw new ApiError(404, 'event_not_found');
      }

      const userId = await senderOf(app, request);
      const proof = await storeProof(storage, body.payingBilImage);
      let outcome;
      try {
        outcome = await repository.purchase({
          eventId: body.eventId,
          quantity: body.quantity,
          buyerName: body.buyerName.trim(),
          email: body.email.trim(),
          mobile: body.mobile.trim(),
          paymentMethodId: body.paymentMethod,
          payingBillImage: proof,
          userId,
        });
      } catch (error) {
        await deleteImage(storage, proof).catch(() => false);
        throw error;
      }
      if (!outcome.ok) {
        await deleteImage(storage, proof).catch(() => false);
        if (outcome.reason === 'no_event') throw new ApiError(404, 'event_not_found');
        if (outcome.reason === 'canceled') throw new ApiError(409, 'event_canceled');
        throw new ApiError(409, 'tickets_sold_out', { left: outcome.seatsLeft });
      }
      const { sessionId, totalPrice, currency } = outcome;
      // The event's page shows the seats left.
      await app.bus.publish('purge', { tags: [PageTag.event(body.eventId)] });
      // Its payment awaits review: every admin hears of it, as of any payment.
      try {
        const event = await repository.event(body.eventId, 'ar');
        const message = t('ar', 'ticket_purchase_notice', {
          name: body.buyerName.trim(),
          quantity: body.quantity,
          event: event?.title ?? String(body.eventId),
          total: totalPrice,
        });
        for (const adminId of await payments.reviewers()) {
          await activity.notify(
            adminId,
            t('ar', 'ticket_purchase_notice_title'),
            message,
            '/admin/tickets',
          );
        }
      } catch (error) {
        request.log.error({ err: error, sessionId }, 'ticket notification not sent');
      }
      return ok({ sessionId, totalPrice, currency }, t(lang, 'ticket_purchase_created'));
    },
  );

  app.get(
    '/GetTicketPurchase',
    {
      schema: {
        tags,
        description: 'A ticket purchase by its session id; its ticket number once confirmed.',
        querystring: TicketPurchaseQuery,
        response: { 200: Envelope(TicketPurchase) },
      },
    },
    async (request) => ok(answer(await purchaseOf(request.query.sessionId, request.lang))),
  );

  app.post(
    '/TicketPaymentSuccess',
    {
      schema: {
        tags,
        description:
          "The success page's call with its ticketData: answers the purchase as it stands. It confirms nothing; a purchase is confirmed when the admin accepts its payment.",
        body: TicketPaymentSuccessBody,
        response: { 200: Envelope(TicketPurchase) },
      },
    },
    async (request) => ok(answer(await purchaseOf(request.body.sessionId, request.lang))),
  );

  app.put(
    '/UpdateTicketPurchaseStatus',
    {
      preHandler: app.requirePermission(AdminPermission.payments),
      schema: {
        tags,
        security,
        description:
          'Admin only: confirms a purchase (30, giving it a ticket number) or refuses it (31 failed, 32 canceled, which puts its seats back on sale). Its payment movement takes the same status. A failed or canceled purchase cannot be confirmed again.',
        body: UpdateTicketPurchaseStatusBody,
        response: { 200: Envelope(TicketPurchase) },
      },
    },
    async (request) => {
      const { sessionId, statusId } = request.body;
      const allowed: number[] = [
        PaymentStatus.accepted,
        PaymentStatus.failed,
        PaymentStatus.canceled,
      ];
      if (!allowed.includes(statusId)) throw new ApiError(400, 'ticket_status_invalid');
      const purchase = await purchaseOf(sessionId, request.lang);
      if (statusId === PaymentStatus.accepted) {
        if (
          purchase.statusId === PaymentStatus.failed ||
          purchase.statusId === PaymentStatus.canceled
        ) {
          throw new ApiError(409, 'ticket_status_final');
        }
        await repository.confirmPurchase(purchase.id);
      } else {
        await repository.failPurchase(purchase.id, statusId);
      }
      await app.audit(request, {
        action: 'UpdateTicketPurchaseStatus',
        entity: 'ticket_purchase',
        entityId: purchase.id,
        before: { statusId: purchase.statusId },
        after: { statusId },
      });
      await app.bus.publish('purge', { tags: [PageTag.event(purchase.eventId)] });
      return ok(
        answer(await purchaseOf(sessionId, request.lang)),
        t(request.lang, 'ticket_status_changed'),
      );
    },
  );
};

export default tickets;
