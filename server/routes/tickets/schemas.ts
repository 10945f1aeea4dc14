import { Type, type Static } from '@sinclair/typebox';
import { Id, Int32, Text } from '../../lib/schema-types.ts';
import { ProofImage } from '../payment/schemas.ts';

/* The Tickets group's requests and answers (spec §2 Ticket purchase, §7 Tickets). */

// Answers only: request fields use the bounded blocks of schema-types.ts.
const Integer = Type.Integer();

/** Most tickets one purchase may take. */
export const TICKET_MAX_QUANTITY = 10;
/** A ticket purchase's session id: 32 URL-safe characters. */
const SessionId = Text(64, { description: 'the purchase session id (…/teckitsuccess?sessionId=)' });

/** An event on sale, in the caller's language. */
export const TicketEvent = Type.Object({
  id: Integer,
  slug: Type.String(),
  title: Type.String(),
  place: Type.String(),
  /** Sanitised HTML. */
  description: Type.String(),
  /** ISO 8601. */
  startsAt: Type.String(),
  ticketPrice: Type.Number(),
  /** 86 NIS, 87 USD, 88 JOD. */
  currency: Integer,
  image: Type.String(),
  /** The poster's size (0 when unknown). */
  imageWidth: Integer,
  imageHeight: Integer,
  seats: Integer,
  /** Seats minus the quantities of purchases not failed or canceled. */
  seatsLeft: Integer,
  /** Cancelled by the admin: the page says so and no ticket is sold. */
  canceled: Type.Boolean(),
});
export type TicketEvent = Static<typeof TicketEvent>;

export const TicketEvents = Type.Array(TicketEvent);

export const EventQuery = Type.Object({ id: Id() });

/**
 * A ticket purchase, paid by transfer with proof (no token needed). The total is the event's
 * price times the quantity, computed on the server.
 */
export const CreateTicketPurchaseBody = Type.Object({
  eventId: Id(),
  quantity: Int32({ minimum: 1, maximum: TICKET_MAX_QUANTITY }),
  buyerName: Text(100),
  email: Text(254),
  /** Digits only, at most 10 (spec §5 phone inputs). */
  mobile: Text(10),
  payingBilImage: ProofImage,
  /** 120 bank, 121 PalPay, 122 Jawwal Pay, 123 USDT. */
  paymentMethod: Int32({ minimum: 0 }),
});
export type CreateTicketPurchaseBody = Static<typeof CreateTicketPurchaseBody>;

export const CreatedTicketPurchase = Type.Object({
  sessionId: Type.String(),
  totalPrice: Type.Number(),
  currency: Integer,
});
export type CreatedTicketPurchase = Static<typeof CreatedTicketPurchase>;

export const TicketPurchaseQuery = Type.Object({ sessionId: SessionId });

/** The spec's ticketData, as the success page sends it back. */
export const TicketPaymentSuccessBody = Type.Object({ sessionId: SessionId });

/** A ticket purchase as its buyer sees it. */
export const TicketPurchase = Type.Object({
  sessionId: Type.String(),
  eventId: Integer,
  eventSlug: Type.String(),
  eventTitle: Type.String(),
  quantity: Integer,
  totalPrice: Type.Number(),
  currency: Integer,
  /** 29 pending, 30 accepted (confirmed), 31 failed, 32 canceled, 33 refunded. */
  statusId: Integer,
  statusName: Type.String(),
  /** Given on confirmation; '' until then. */
  ticketNumber: Type.String(),
  /** ISO 8601. */
  createdAt: Type.String(),
});
export type TicketPurchase = Static<typeof TicketPurchase>;

/** Admin only: confirm (30) or refuse (31 failed, 32 canceled) a purchase. */
export const UpdateTicketPurchaseStatusBody = Type.Object({
  sessionId: SessionId,
  statusId: Int32({ minimum: 29, maximum: 33, description: '30 confirm, 31 failed, 32 canceled' }),
});
export type UpdateTicketPurchaseStatusBody = Static<typeof UpdateTicketPurchaseStatusBody>;
