import { describe, expect, it } from 'vitest';
import { PaymentMethod } from '../../domain/codes.ts';
import { parseAmount } from '../../src/islands/payments/amount.ts';
import { paymentAmount, paymentTone } from '../../src/islands/payments/money.ts';
import { transferMethods } from '../../src/islands/payments/transfer-methods.ts';
import { ticketFormError } from '../../src/islands/tickets/ticket-check.ts';
import { ticketedEvent } from '../../src/lib/structured-data.ts';

describe('parseAmount', () => {
  it('reads Latin and Arabic-Indic digits with either decimal separator', () => {
    expect(parseAmount('120.5')).toBe(120.5);
    expect(parseAmount('١٢٠٫٥')).toBe(120.5);
    expect(parseAmount('۱۵۰')).toBe(150);
    expect(parseAmount('1,250')).toBe(1250);
  });

  it('is 0 when blank and NaN when not a number, so the amount check refuses both', () => {
    expect(parseAmount('  ')).toBe(0);
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('-5')).toBeNaN();
    expect(parseAmount('1e3')).toBeNaN();
  });
});

describe('transferMethods', () => {
  const constants = [
    { id: 107, valueSt: 'PS66PALS000000000400278145301' },
    { id: 108, valueSt: '/img/qr/bank.png' },
    { id: 109, valueSt: '0597345678' },
    { id: 113, valueSt: 'TQ7mVx3Ld9RkP2sWcY8hJn4eGtBz6uFaKp' },
    { id: 130, valueSt: 'شركة سوق المركبات' },
    { id: 133, valueSt: 'TRC20 (Tron)' },
  ];

  it('lists the four transfer methods in order with their accounts and QR images', () => {
    const methods = transferMethods(constants, 'ar');
    expect(methods.map((method) => method.id)).toEqual([
      PaymentMethod.bank,
      PaymentMethod.palPay,
      PaymentMethod.jawwalPay,
      PaymentMethod.usdt,
    ]);
    const [bank, palPay, jawwal, usdt] = methods;
    expect(bank!.lines.map((line) => [line.value, line.copy])).toEqual([
      ['شركة سوق المركبات', false],
      ['PS66PALS000000000400278145301', true],
    ]);
    expect(bank!.qr).toBe('/img/qr/bank.png');
    expect(palPay!.lines[0]).toMatchObject({ value: '0597345678', copy: true });
    // No constant: no line and no QR rather than an empty copy button.
    expect(jawwal!.lines).toEqual([]);
    expect(jawwal!.qr).toBe('');
    expect(usdt!.lines.map((line) => line.value)).toEqual([
      'TQ7mVx3Ld9RkP2sWcY8hJn4eGtBz6uFaKp',
      'TRC20 (Tron)',
    ]);
  });

  it('names the methods in the page language', () => {
    expect(transferMethods([], 'en')[1]!.name).toBe('PalPay wallet');
    expect(transferMethods([], 'ar')[2]!.name).toBe('محفظة جوال باي');
  });
});

describe('payment money and status', () => {
  it('keeps agorot and names the currency', () => {
    expect(paymentAmount(1250.5, 86)).toBe('1,250.5 ILS');
    expect(paymentAmount(35, 87)).toBe('35 USD');
    expect(paymentAmount(10, 88)).toBe('10 JOD');
  });

  it('colours accepted green, pending yellow and the rest red (spec §4)', () => {
    expect(paymentTone(30)).toBe('accepted');
    expect(paymentTone(29)).toBe('pending');
    expect([31, 32, 33].map(paymentTone)).toEqual(['other', 'other', 'other']);
  });
});

describe('ticketFormError', () => {
  const valid = {
    paymentMethod: 120,
    buyerName: 'رامي',
    email: 'rami@example.ps',
    mobile: '0599123456',
    payingBilImage: 'data:image/jpeg;base64,AAAA',
  };

  it('answers in the order the API checks', () => {
    expect(ticketFormError({ ...valid, buyerName: ' ', email: '' })).toBe('payment_check_name');
    expect(ticketFormError({ ...valid, email: '', mobile: '' })).toBe('payment_check_email');
    expect(ticketFormError({ ...valid, email: 'rami@', mobile: '' })).toBe(
      'validation_email_invalid',
    );
    expect(ticketFormError({ ...valid, mobile: '05991234567', paymentMethod: 0 })).toBe(
      'user_data_check_mobile',
    );
    expect(ticketFormError({ ...valid, paymentMethod: 124, payingBilImage: '' })).toBe(
      'payment_check_method',
    );
    expect(ticketFormError({ ...valid, payingBilImage: '' })).toBe('payment_check_proof');
    expect(ticketFormError(valid)).toBeNull();
  });
});

describe('ticketedEvent', () => {
  const event = {
    title: 'حفل',
    place: 'رام الله',
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    ticketPrice: 35,
    currency: 86,
    seatsLeft: 3,
  };
  const options = {
    url: 'https://site.ps/event/x',
    image: 'https://site.ps/e.jpg',
    description: 'd',
  };

  it('is a schema.org Event with its place, start and ticket offer', () => {
    expect(ticketedEvent(event, options)).toMatchObject({
      '@type': 'Event',
      name: 'حفل',
      startDate: event.startsAt,
      location: { '@type': 'Place', name: 'رام الله' },
      image: ['https://site.ps/e.jpg'],
      offers: { price: 35, priceCurrency: 'ILS', availability: 'https://schema.org/InStock' },
    });
  });

  it('is sold out without seats or once the event has begun', () => {
    expect(ticketedEvent({ ...event, seatsLeft: 0 }, options).offers.availability).toBe(
      'https://schema.org/SoldOut',
    );
    const past = { ...event, startsAt: '2020-01-01T10:00:00.000Z' };
    expect(ticketedEvent(past, options).offers.availability).toBe('https://schema.org/SoldOut');
  });
});

describe('the event page in the page cache', () => {
  it('is kept under its slug in either language, never with a query', async () => {
    const { cacheKey } = await import('../../server/plugins/page-cache-key.ts');
    expect(cacheKey('/event/concert-ramallah')).toBe('/event/concert-ramallah');
    expect(cacheKey('/en/event/concert-ramallah')).toBe('/en/event/concert-ramallah');
    expect(cacheKey('/event/%D8%AD%D9%81%D9%84')).toBe('/event/%D8%AD%D9%81%D9%84');
    expect(cacheKey('/event/concert?utm=1')).toBeNull();
    expect(cacheKey('/event/%E0%A4%A')).toBeNull();
    expect(cacheKey('/event')).toBeNull();
  });
});
