import { describe, expect, it } from 'vitest';
import { AnnouncementType } from '../../domain/codes.ts';
import {
  adOrderError,
  addDays,
  firstFreeDay,
  orderPaymentError,
  orderTotal,
  sitePaymentError,
  starOrderError,
} from '../../domain/orders.ts';

const day = (text: string) => new Date(`${text}T00:00:00Z`);

describe('order rules', () => {
  it('computes totals in whole agorot', () => {
    expect(orderTotal(15, 4)).toBe(60);
    expect(orderTotal(12.35, 3)).toBe(37.05);
    expect(orderTotal(0.1, 3)).toBe(0.3);
  });

  it('checks an ad order in the order of spec §5', () => {
    const ok = { announcementType: AnnouncementType.vertical, image: 'x', durationDay: 3 };
    expect(adOrderError({ ...ok, announcementType: 0 })).toBe('ad_check_type');
    expect(adOrderError({ ...ok, image: ' ' })).toBe('ad_check_image');
    expect(adOrderError({ ...ok, durationDay: 0 })).toBe('order_check_days');
    expect(adOrderError({ ...ok, durationDay: 31 })).toBe('order_days_max');
    expect(adOrderError({ ...ok, imageSize: { width: 300, height: 300 } })).toBe(
      'ad_vertical_shape',
    );
    expect(adOrderError({ ...ok, imageSize: { width: 100, height: 300 } })).toBeNull();
    expect(adOrderError({ ...ok, message: 'x'.repeat(256) })).toBe('order_message_max');
  });

  it('checks a feature request, a payment and a payment to the site in order', () => {
    expect(starOrderError({ vehicleId: 0, durationDay: 0 })).toBe('star_check_vehicle');
    expect(starOrderError({ vehicleId: 3, durationDay: 0 })).toBe('order_check_days');
    expect(orderPaymentError({ paymentMethod: 124, payBilImage: 'x' })).toBe(
      'payment_check_method',
    );
    expect(orderPaymentError({ paymentMethod: 120, payBilImage: '' })).toBe('payment_check_proof');
    const site = {
      paymentMethod: 122,
      paidname: 'سامي',
      paidEmail: 'sami@example.ps',
      amount: 50,
      payingBilImage: 'x',
    };
    expect(sitePaymentError({ ...site, paidname: '' })).toBe('payment_check_name');
    expect(sitePaymentError({ ...site, amount: 10.005 })).toBe('payment_check_amount');
    expect(sitePaymentError({ ...site, paidEmail: 'not-an-email' })).toBe(
      'validation_email_invalid',
    );
    expect(sitePaymentError(site)).toBeNull();
  });

  it('finds the first day a slot is free', () => {
    const today = new Date('2026-03-10T15:30:00Z');
    const running = [
      { start: day('2026-03-01'), end: day('2026-03-12') },
      { start: day('2026-03-05'), end: day('2026-03-15') },
    ];
    expect(firstFreeDay(today, 3, running)).toEqual(day('2026-03-10'));
    expect(firstFreeDay(today, 2, running)).toEqual(day('2026-03-12'));
    expect(firstFreeDay(today, 1, running)).toEqual(day('2026-03-15'));
    expect(firstFreeDay(today, 0, running)).toEqual(addDays(day('2026-03-10'), 366));
  });
});
