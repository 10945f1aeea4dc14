import { PaymentStatus } from '../../../domain/codes.ts';
import { currencyCode } from '../../lib/format.ts';

const decimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** `1,250.5 ILS`: payments keep their agorot, in Latin digits as every price on the site. */
export function paymentAmount(amount: number, currency: number): string {
  return `${decimals.format(amount)} ${currencyCode(currency)}`;
}

/** Spec §4: accepted shows green, pending yellow, every other status red. */
export function paymentTone(statusId: number): 'accepted' | 'pending' | 'other' {
  if (statusId === PaymentStatus.accepted) return 'accepted';
  if (statusId === PaymentStatus.pending) return 'pending';
  return 'other';
}
