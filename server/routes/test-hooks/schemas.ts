import { Type, type Static } from '@sinclair/typebox';
import { Id, Int32, Money, MultilineText, Text } from '../../lib/schema-types.ts';

/* The browser tests' hooks (registered only when E2E_TEST_HOOKS=1). */

export const NotifyBody = Type.Object({
  userId: Id(),
  title: Text(200),
  message: MultilineText(2000),
  link: Type.Optional(Text(2000)),
});

export const Notified = Type.Object({ id: Type.Integer() });
export type Notified = Static<typeof Notified>;

export const OutboxQuery = Type.Object({ to: Text(254) });

/** A mail the mailer wrote to the outbox folder instead of sending it. */
export const OutboxMail = Type.Object({
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  sentAt: Type.String(),
});
export type OutboxMail = Static<typeof OutboxMail>;

/** An event on sale (stands in for the admin's event management). */
export const TestEventBody = Type.Object({
  slug: Text(200),
  title: Text(200),
  place: Text(200),
  /** ISO 8601. */
  startsAt: Text(40),
  ticketPrice: Money(),
  seats: Int32({ minimum: 0 }),
  image: Text(500),
});
