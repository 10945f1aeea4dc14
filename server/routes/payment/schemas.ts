import { Type, type Static } from '@sinclair/typebox';
import { Id, Int32, Money, MultilineText, Text } from '../../lib/schema-types.ts';
import { AdminListQuery, Page, PagingQuery } from '../paging-schemas.ts';

/* The Payment group's requests and answers (spec §3 payment movement, §7 Payment). */

// Answers only: request fields use the bounded blocks of schema-types.ts.
const Integer = Type.Integer();

/** A payment's free note (spec §2 "Payment to the site": description). */
export const PAYMENT_DESCRIPTION_MAX = 500;
/** Largest decoded proof image (a phone screenshot or photo of a transfer slip). */
export const PROOF_IMAGE_MAX_BYTES = 12 * 1024 * 1024;
/** A proof image as base64 or a data: URL. */
export const PROOF_IMAGE_MAX_CHARS = Math.ceil((PROOF_IMAGE_MAX_BYTES * 4) / 3) + 1024;
/** The body limit of a payment (or ticket purchase) with its proof image. */
export const PAYMENT_BODY_LIMIT = PROOF_IMAGE_MAX_CHARS + 64 * 1024;

/** The proof of a transfer: base64 or a data: URL of a JPEG or PNG. */
export const ProofImage = MultilineText(PROOF_IMAGE_MAX_CHARS, {
  description: 'base64 or a data: URL of a JPEG or PNG (checked by content)',
});

/** The caller's own payment movements, newest first. */
export const PaymentMovementsQuery = Type.Object({
  ...PagingQuery,
  pageSize: Int32({ minimum: 1, maximum: 100, default: 20 }),
});
export type PaymentMovementsQuery = Static<typeof PaymentMovementsQuery>;

/** One payment movement (spec §3), with the names of its codes in the caller's language. */
export const PaymentMovement = Type.Object({
  id: Integer,
  amount: Type.Number(),
  paidname: Type.String(),
  paidEmail: Type.String(),
  /** 120 bank, 121 PalPay, 122 Jawwal Pay, 123 USDT, 124 credit card. */
  paymentMethod: Integer,
  paymentMethodName: Type.String(),
  /** Public path of the proof image (/uploads/bill/...). */
  payingBilImage: Type.String(),
  /** ISO 8601. */
  createdAt: Type.String(),
  description: Type.String(),
  /** 86 NIS, 87 USD, 88 JOD. */
  currency: Integer,
  /** 29 pending, 30 accepted, 31 failed, 32 canceled, 33 refunded. */
  statusId: Integer,
  statusName: Type.String(),
});
export type PaymentMovement = Static<typeof PaymentMovement>;

export const PaymentMovementPage = Page(PaymentMovement);
export type PaymentMovementPage = Static<typeof PaymentMovementPage>;

/**
 * A payment to the site (spec §2 /pay_for_us, §3). Every field may be absent so that the
 * checks of spec §5 answer in their order: method, name, email, amount, proof image, then the
 * email's format. The proof is a JPEG or PNG as base64 or a data: URL.
 */
export const CreatePaymentBody = Type.Object({
  paidname: Type.Optional(Text(100)),
  paidEmail: Type.Optional(Text(254)),
  /** Above 0, two decimals at most. */
  amount: Type.Optional(Money()),
  payingBilImage: Type.Optional(ProofImage),
  /** 86 NIS (default), 87 USD, 88 JOD. */
  currency: Type.Optional(Id({ maximum: 1000 })),
  /** 120 bank, 121 PalPay, 122 Jawwal Pay, 123 USDT. */
  paymentMethod: Type.Optional(Int32({ minimum: 0 })),
  description: Type.Optional(MultilineText(PAYMENT_DESCRIPTION_MAX)),
});
export type CreatePaymentBody = Static<typeof CreatePaymentBody>;

export const CreatedPayment = Type.Object({ id: Integer });
export type CreatedPayment = Static<typeof CreatedPayment>;

// ------------------------------------------------------------------ the admin's review

export const AdminPaymentsQuery = Type.Object({
  ...AdminListQuery(['createdAt', 'amount'] as const),
  statusId: Type.Optional(Int32({ minimum: 0 })),
  paymentMethod: Type.Optional(Int32({ minimum: 0 })),
});

export const AdminPaymentMovement = Type.Object({
  ...PaymentMovement.properties,
  userId: Integer,
  /** What it pays: 'site' (a payment to the site), 'star_order', 'announcement_order', 'ticket_purchase'. */
  forWhat: Type.String(),
});
export type AdminPaymentMovement = Static<typeof AdminPaymentMovement>;
export const AdminPaymentPage = Page(AdminPaymentMovement);

export const PaymentStatusBody = Type.Object({
  id: Id(),
  statusId: Id(),
  messageReplay: Type.Optional(MultilineText(255)),
});
