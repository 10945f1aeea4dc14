import { persistentAtom } from '@nanostores/persistent';
import { AD_KINDS, orderTotal } from '../../domain/orders.ts';
import type { Lang } from './i18n.ts';
import { localizePath } from './i18n.ts';

/*
 * The order being paid (spec §4 "Ad order" and "Feature request": the order is saved to state and
 * the visitor goes to /payment). It lives in localStorage under one key, so a reload of /payment,
 * or a second tab, still has it; it is cleared once the order is sent.
 */

export const ORDER_PAYMENT_KEY = 'orderPayment';

interface OrderBase {
  message: string;
  durationDay: number;
  dailyPrice: number;
  /** daily price x days, shown to the visitor; the server computes its own. */
  totalPrice: number;
  /** The likely display date as the API gave it (an ISO date or date-time). */
  expectedDate: string;
}

/** A feature (star) request for one of the seller's accepted vehicles. */
export interface StarOrderDraft extends OrderBase {
  kind: 'star';
  vehicleId: number;
  /** "Toyota Corolla 2019" and its picture, for the summary on /payment. */
  vehicleName: string;
  vehicleImage: string;
}

/** An announcement (advertisement) order with its cropped image. */
export interface AdOrderDraft extends OrderBase {
  kind: 'ad';
  announcementType: number;
  announcementTypeName: string;
  /** The cropped ad image, a JPEG data URL. */
  image: string;
}

export type OrderDraft = StarOrderDraft | AdOrderDraft;

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The stored value back as an order, or undefined when it is missing or not one (tampered). */
export function decodeOrder(stored: string): OrderDraft | undefined {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const order = value as Record<string, unknown>;
  const base =
    isText(order.message) &&
    isCount(order.durationDay) &&
    isCount(order.dailyPrice) &&
    isCount(order.totalPrice) &&
    isText(order.expectedDate);
  if (!base) return undefined;
  if (order.kind === 'star') {
    if (!isCount(order.vehicleId) || !isText(order.vehicleName) || !isText(order.vehicleImage)) {
      return undefined;
    }
    return order as unknown as StarOrderDraft;
  }
  if (order.kind === 'ad') {
    if (
      !isCount(order.announcementType) ||
      !AD_KINDS.includes(order.announcementType) ||
      !isText(order.announcementTypeName) ||
      !isText(order.image)
    ) {
      return undefined;
    }
    return order as unknown as AdOrderDraft;
  }
  return undefined;
}

export const $orderPayment = persistentAtom<OrderDraft | undefined>(ORDER_PAYMENT_KEY, undefined, {
  encode: (value) => (value ? JSON.stringify(value) : undefined),
  decode: decodeOrder,
});

/** Keeps the order to pay (its total recomputed from its daily price and days). */
export function keepOrder(order: OrderDraft): void {
  $orderPayment.set({ ...order, totalPrice: orderTotal(order.dailyPrice, order.durationDay) });
}

export function clearOrder(): void {
  $orderPayment.set(undefined);
}

/** The call that creates the order and the body it takes (spec §3 payloads). */
export function orderRequest(
  order: OrderDraft,
  payment: { paymentMethod: number; payBilImage: string },
): { path: string; body: Record<string, unknown> } {
  const common = {
    id: 0,
    message: order.message.trim(),
    durationDay: order.durationDay,
    dailyPrice: order.dailyPrice,
    totalPrice: orderTotal(order.dailyPrice, order.durationDay),
    payBilImage: payment.payBilImage,
    paymentMethod: payment.paymentMethod,
  };
  if (order.kind === 'ad') {
    return {
      path: '/api/Order/CreateAnnouncementOrder',
      body: { ...common, image: order.image, announcementType: order.announcementType },
    };
  }
  return {
    path: '/api/Order/CreateStarVehicleOrder',
    body: { ...common, vehicleId: order.vehicleId, image: order.vehicleImage },
  };
}

/** Spec §4: after paying, the ads orders page for an announcement order, else star orders. */
export function afterPaymentPath(order: OrderDraft, lang: Lang): string {
  return localizePath(order.kind === 'ad' ? '/profile/ads_orders' : '/profile/star_orders', lang);
}
