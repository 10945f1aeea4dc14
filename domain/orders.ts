/*
 * Orders and payments (spec §3, §5 "Feature request", "Ad order", "Edit/delete announcement or
 * star order", "Order payment", "Payment to the site"): the ordered checks the pages run before
 * sending and the API runs again, each answering the key of its message (texts in
 * messages/*.json, the spec's Arabic word for word) or null; and the arithmetic of a total.
 */
import { AnnouncementType, PaymentMethod } from './codes.ts';
import { hasTwoDecimalsAtMost } from './vehicle-draft.ts';
import type { ValidationMessage } from './validation.ts';

/** Spec §9: an order's message. */
export const ORDER_MESSAGE_MAX = 255;
/** Spec §9: the longest announcement (and star order), in days. */
export const ORDER_MAX_DAYS = 30;
/** Shapes of the ad images, width / height: the home slider's banner and the horizontal strip. */
export const MAIN_AD_RATIO = 16 / 5;
export const HORIZONTAL_AD_RATIO = 2.5;
/**
 * Constants (id, valueSt) holding how many orders of each kind run at once: the main slider's,
 * the vertical and horizontal ads' and the featured vehicles' slots. The admin may change them.
 */
export const SlotConstant = { main: 137, vertical: 138, horizontal: 139, featured: 140 } as const;
export const DEFAULT_SLOT_COUNTS = { main: 5, vertical: 3, horizontal: 5, featured: 12 } as const;

/** Spec §9: order lists are asked for as page 1 of 99. */
export const ORDER_PAGE_SIZE = 99;

/** The methods a payment may name (spec §2 "Payment of an order": the four transfer methods). */
export const TRANSFER_METHODS: readonly number[] = [
  PaymentMethod.bank,
  PaymentMethod.palPay,
  PaymentMethod.jawwalPay,
  PaymentMethod.usdt,
];

export const AD_KINDS: readonly number[] = [
  AnnouncementType.main,
  AnnouncementType.vertical,
  AnnouncementType.horizontal,
];

const blank = (value: string | null | undefined) => !value || value.trim() === '';
const chosen = (id: number | null | undefined) => Number.isInteger(id) && (id ?? 0) > 0;

/** daily price x days, in whole agorot (never trusted from a request body). */
export function orderTotal(dailyPrice: number, days: number): number {
  return Math.round(dailyPrice * 100 * days) / 100;
}

/** Days of an order: a whole number, 1 to 30 (spec §5). */
export function orderDaysError(days: number | null | undefined): ValidationMessage | null {
  if (!chosen(days)) return 'order_check_days';
  if ((days ?? 0) > ORDER_MAX_DAYS) return 'order_days_max';
  return null;
}

function messageError(message: string | null | undefined): ValidationMessage | null {
  return (message ?? '').length > ORDER_MESSAGE_MAX ? 'order_message_max' : null;
}

/**
 * Spec §5 ad order, in its order: type, image, days (required, at most 30), then the shape of a
 * vertical ad (taller than wide), then the message's length. The image's size is given once it
 * is known (the page after cropping, the API after decoding).
 */
export function adOrderError(order: {
  announcementType: number;
  image: string;
  durationDay: number;
  message?: string;
  imageSize?: { width: number; height: number };
}): ValidationMessage | null {
  if (!AD_KINDS.includes(order.announcementType)) return 'ad_check_type';
  if (blank(order.image)) return 'ad_check_image';
  const days = orderDaysError(order.durationDay);
  if (days) return days;
  const size = order.imageSize;
  if (size && order.announcementType === AnnouncementType.vertical && size.height <= size.width) {
    return 'ad_vertical_shape';
  }
  return messageError(order.message);
}

/** Spec §5 feature request: a vehicle selected, then days (1 to 30), then the message's length. */
export function starOrderError(order: {
  vehicleId: number;
  durationDay: number;
  message?: string;
}): ValidationMessage | null {
  if (!chosen(order.vehicleId)) return 'star_check_vehicle';
  return orderDaysError(order.durationDay) ?? messageError(order.message);
}

/** Spec §5 edit or delete of an announcement or star order: an item selected; the message's length. */
export function orderEditError(order: { id: number; message?: string }): ValidationMessage | null {
  if (!chosen(order.id)) return 'order_check_item';
  return messageError(order.message);
}

/** Spec §5 order payment: a method chosen, then the proof image. */
export function orderPaymentError(payment: {
  paymentMethod: number;
  payBilImage: string;
}): ValidationMessage | null {
  if (!TRANSFER_METHODS.includes(payment.paymentMethod)) return 'payment_check_method';
  if (blank(payment.payBilImage)) return 'payment_check_proof';
  return null;
}

/**
 * Spec §5 payment to the site, in its order: method, name, email, amount (a number above 0,
 * two decimals at most), proof image; then the email's format.
 */
export function sitePaymentError(payment: {
  paymentMethod: number;
  paidname: string;
  paidEmail: string;
  amount: number;
  payingBilImage: string;
}): ValidationMessage | null {
  if (!TRANSFER_METHODS.includes(payment.paymentMethod)) return 'payment_check_method';
  if (blank(payment.paidname)) return 'payment_check_name';
  if (blank(payment.paidEmail)) return 'payment_check_email';
  if (!(payment.amount > 0) || !hasTwoDecimalsAtMost(payment.amount)) {
    return 'payment_check_amount';
  }
  if (blank(payment.payingBilImage)) return 'payment_check_proof';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(payment.paidEmail.trim())) {
    return 'validation_email_invalid';
  }
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight (UTC) of the day `at` falls in. */
export function dayOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** `days` whole days after `at`. */
export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/**
 * The likely display date of an order of a kind that runs `slots` orders at once: the first day
 * from `today` on which fewer than `slots` accepted orders ([start, end) each) are running.
 * A year ahead at most: past it the date is that day (the admin has shrunk the slots to 0).
 */
export function firstFreeDay(
  today: Date,
  slots: number,
  running: readonly { start: Date; end: Date }[],
): Date {
  const first = dayOf(today);
  for (let offset = 0; offset < 366; offset++) {
    const day = addDays(first, offset);
    const next = addDays(day, 1);
    const busy = running.filter((order) => order.start < next && order.end > day).length;
    if (busy < slots) return day;
  }
  return addDays(first, 366);
}
