import { setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  $orderPayment,
  afterPaymentPath,
  clearOrder,
  decodeOrder,
  keepOrder,
  ORDER_PAYMENT_KEY,
  orderRequest,
  type AdOrderDraft,
  type StarOrderDraft,
} from '../../src/lib/order-payment.ts';
import { memoryStorage } from './storage.ts';

const star: StarOrderDraft = {
  kind: 'star',
  vehicleId: 12,
  vehicleName: 'Toyota Corolla 2019',
  vehicleImage: '/uploads/v/12.jpg',
  message: '  please  ',
  durationDay: 3,
  dailyPrice: 15,
  totalPrice: 999,
  expectedDate: '2026-11-24',
};

const ad: AdOrderDraft = {
  kind: 'ad',
  announcementType: 90,
  announcementTypeName: 'Side ad',
  image: 'data:image/jpeg;base64,AAAA',
  message: '',
  durationDay: 7,
  dailyPrice: 12.5,
  totalPrice: 0,
  expectedDate: '2026-11-30',
};

let local: Storage & Record<string, string>;

beforeEach(() => {
  local = memoryStorage();
  setPersistentEngine(local, { addEventListener() {}, removeEventListener() {} });
  clearOrder();
});

describe('the order being paid', () => {
  it('is kept in localStorage with its total recomputed, and cleared', () => {
    keepOrder(star);
    expect($orderPayment.get()?.totalPrice).toBe(45);
    const stored = JSON.parse(local[ORDER_PAYMENT_KEY]!) as StarOrderDraft;
    expect(stored).toMatchObject({ kind: 'star', vehicleId: 12, totalPrice: 45 });
    clearOrder();
    expect($orderPayment.get()).toBeUndefined();
    expect(local[ORDER_PAYMENT_KEY]).toBeUndefined();
  });

  it('comes back from storage (a reload of /payment)', () => {
    keepOrder(ad);
    const again = decodeOrder(local[ORDER_PAYMENT_KEY]!);
    expect(again).toEqual({ ...ad, totalPrice: 87.5 });
  });

  it('refuses stored values that are not an order', () => {
    expect(decodeOrder('not json')).toBeUndefined();
    expect(decodeOrder('null')).toBeUndefined();
    expect(decodeOrder(JSON.stringify({ ...star, kind: 'other' }))).toBeUndefined();
    expect(decodeOrder(JSON.stringify({ ...star, vehicleId: '12' }))).toBeUndefined();
    expect(decodeOrder(JSON.stringify({ ...ad, announcementType: 95 }))).toBeUndefined();
    expect(decodeOrder(JSON.stringify({ ...ad, durationDay: -1 }))).toBeUndefined();
    expect(decodeOrder(JSON.stringify({ ...ad, image: 5 }))).toBeUndefined();
  });
});

describe('orderRequest', () => {
  const payment = { paymentMethod: 121, payBilImage: 'data:image/png;base64,BBBB' };

  it('creates a star order with the vehicle, the days and the payment', () => {
    const { path, body } = orderRequest(star, payment);
    expect(path).toBe('/api/Order/CreateStarVehicleOrder');
    expect(body).toMatchObject({
      vehicleId: 12,
      durationDay: 3,
      dailyPrice: 15,
      totalPrice: 45,
      message: 'please',
      paymentMethod: 121,
      payBilImage: payment.payBilImage,
    });
    expect(body).not.toHaveProperty('announcementType');
  });

  it('creates an announcement order with its kind and image', () => {
    const { path, body } = orderRequest(ad, payment);
    expect(path).toBe('/api/Order/CreateAnnouncementOrder');
    expect(body).toMatchObject({ announcementType: 90, image: ad.image, totalPrice: 87.5 });
    expect(body).not.toHaveProperty('vehicleId');
  });
});

describe('after payment', () => {
  it('goes to the ads orders for an announcement order, else star orders (spec §4)', () => {
    expect(afterPaymentPath(ad, 'ar')).toBe('/profile/ads_orders');
    expect(afterPaymentPath(star, 'ar')).toBe('/profile/star_orders');
    expect(afterPaymentPath(star, 'en')).toBe('/en/profile/star_orders');
  });
});
