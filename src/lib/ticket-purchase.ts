import { persistentAtom } from '@nanostores/persistent';

/*
 * Spec §2 "Ticket purchase": the purchase being followed (ticketData) is kept in local storage
 * under the ticket-purchase key, so the success and failure pages know the event to return to
 * even after a reload or in a later visit.
 */

export const TICKET_PURCHASE_KEY = 'ticket-purchase';

export interface TicketData {
  sessionId: string;
  eventId: number;
  slug: string;
}

/** The stored value when it has the three fields of TicketData; anything else is forgotten. */
export function parseTicketData(stored: string): TicketData | undefined {
  try {
    const value = JSON.parse(stored) as Partial<TicketData> | null;
    if (
      value &&
      typeof value.sessionId === 'string' &&
      value.sessionId !== '' &&
      typeof value.eventId === 'number' &&
      Number.isInteger(value.eventId) &&
      value.eventId > 0 &&
      typeof value.slug === 'string' &&
      value.slug !== ''
    ) {
      return { sessionId: value.sessionId, eventId: value.eventId, slug: value.slug };
    }
  } catch {
    // Not JSON: written by something else; treated as nothing stored.
  }
  return undefined;
}

export const $ticketData = persistentAtom<TicketData | undefined>(TICKET_PURCHASE_KEY, undefined, {
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: parseTicketData,
});

export function rememberTicketPurchase(data: TicketData): void {
  $ticketData.set(data);
}
