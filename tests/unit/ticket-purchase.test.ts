import { setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  $ticketData,
  parseTicketData,
  rememberTicketPurchase,
  TICKET_PURCHASE_KEY,
} from '../../src/lib/ticket-purchase.ts';
import { memoryStorage } from './storage.ts';

let local: Storage & Record<string, string>;

beforeEach(() => {
  local = memoryStorage();
  setPersistentEngine(local, { addEventListener() {}, removeEventListener() {} });
  $ticketData.set(undefined);
});

describe('ticketData (spec §2: local storage under the ticket-purchase key)', () => {
  it('keeps sessionId, eventId and slug as JSON under ticket-purchase', () => {
    rememberTicketPurchase({ sessionId: 'abc_123', eventId: 4, slug: 'concert-ramallah' });
    expect(TICKET_PURCHASE_KEY).toBe('ticket-purchase');
    expect(JSON.parse(local.getItem('ticket-purchase')!)).toEqual({
      sessionId: 'abc_123',
      eventId: 4,
      slug: 'concert-ramallah',
    });
    expect($ticketData.get()?.slug).toBe('concert-ramallah');
  });

  it('forgets the key when cleared', () => {
    rememberTicketPurchase({ sessionId: 's', eventId: 1, slug: 'e' });
    $ticketData.set(undefined);
    expect(local.getItem('ticket-purchase')).toBeNull();
  });

  it('reads back only a complete ticketData', () => {
    expect(parseTicketData('{"sessionId":"s","eventId":2,"slug":"x"}')).toEqual({
      sessionId: 's',
      eventId: 2,
      slug: 'x',
    });
    for (const stored of [
      'not json',
      'null',
      '{"sessionId":"","eventId":2,"slug":"x"}',
      '{"sessionId":"s","eventId":"2","slug":"x"}',
      '{"sessionId":"s","eventId":0,"slug":"x"}',
      '{"sessionId":"s","eventId":2.5,"slug":"x"}',
      '{"sessionId":"s","eventId":2}',
    ]) {
      expect(parseTicketData(stored), stored).toBeUndefined();
    }
  });
});
