import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Currency } from '../../../domain/codes.ts';
import { sitePaymentError } from '../../../domain/orders.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { paymentRepository } from '../../db/repositories/payments.ts';
import { deleteImage } from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t, validationText } from '../../lib/messages.ts';
import { storeProof } from './proof.ts';
import { senderOf } from './sender.ts';
import {
  CreatedPayment,
  CreatePaymentBody,
  PAYMENT_BODY_LIMIT,
  PaymentMovementPage,
  PaymentMovementsQuery,
} from './schemas.ts';

const tags = ['Payment'];
const security = [{ bearer: [] }];
const CURRENCIES: readonly number[] = [Currency.NIS, Currency.USD, Currency.JOD];
const CURRENCY_SIGNS: Record<number, string> = {
  [Currency.NIS]: '₪',
  [Currency.USD]: '$',
  [Currency.JOD]: 'JD',
};

/** The admins' notification of a payment to review; in Arabic, the site's language. */
export function paymentNotice(name: string, amount: number, currency: number, id: number) {
  return {
    title: 'دفعة جديدة بانتظار المراجعة',
    message: `أرسل ${name} دفعة بقيمة ${amount} ${CURRENCY_SIGNS[currency] ?? ''} (رقم ${id}) وهي بانتظار المراجعة`,
  };
}

/**
 * Payments (spec §7 Payment): the signed-in user's payment movements, and the payment to the
 * site (/pay_for_us), which anyone may send; a valid token links it to its sender.
 */
const payment: FastifyPluginAsyncTypebox<{ storage: ObjectStore; rateLimit: number }> = async (
  app,
  options,
) => {
  const { storage } = options;
  const payments = paymentRepository(app.db);
  const activity = activityRepository(app.db, app.bus);

  app.get(
    '/GetUserPaymentMovements',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        description: "The caller's own payment movements, newest first, a page at a time.",
        querystring: PaymentMovementsQuery,
        response: { 200: Envelope(PaymentMovementPage) },
      },
    },
    async (request) => ok(await payments.ofUser(request.user!.id, request.query, request.lang)),
  );

  app.post(
    '/CreatePaymentMovements',
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      config: { rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'A payment to the site by transfer, with proof (no token needed; a valid Bearer token links it to its sender). Checked in the order of spec §5: method (120-123), name, email, amount (above 0, two decimals at most), proof image; then the email format, the currency (86, 87, 88) and the proof by content (JPEG or PNG). Pending review (29); every admin is notified. Limited per client address.',
        body: CreatePaymentBody,
        response: { 200: Envelope(CreatedPayment) },
      },
    },
    async (request) => {
      const body = request.body;
      const fields = {
        paymentMethod: body.paymentMethod ?? 0,
        paidname: body.paidname ?? '',
        paidEmail: body.paidEmail ?? '',
        amount: body.amount ?? 0,
        payingBilImage: body.payingBilImage ?? '',
      };
      const rule = sitePaymentError(fields);
      if (rule) throw new ApiError(400, 'field_invalid', {}, validationText(request.lang, rule));
      const currency = body.currency ?? Currency.NIS;
      if (!CURRENCIES.includes(currency)) throw new ApiError(400, 'payment_currency_invalid');

      const userId = await senderOf(app, request);
      const proof = await storeProof(storage, fields.payingBilImage);
      let created;
      try {
        created = await payments.create({
          userId,
          amount: fields.amount,
          currencyId: currency,
          paidName: fields.paidname.trim(),
          paidEmail: fields.paidEmail.trim(),
          paymentMethodId: fields.paymentMethod,
          payingBillImage: proof,
          description: (body.description ?? '').trim(),
        });
      } catch (error) {
        await deleteImage(storage, proof).catch(() => false);
        throw error;
      }
      try {
        const notice = paymentNotice(fields.paidname.trim(), fields.amount, currency, created.id);
        for (const adminId of await payments.reviewers()) {
          await activity.notify(adminId, notice.title, notice.message, '/admin/payments');
        }
      } catch (error) {
        request.log.error({ err: error, paymentId: created.id }, 'payment notification not sent');
      }
      return ok(created, t(request.lang, 'payment_created'));
    },
  );
};

export default payment;
