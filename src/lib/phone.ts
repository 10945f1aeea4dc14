/**
 * Builds the international number a messaging-app link (`https://wa.me/<digits>`) needs from a
 * mobile number as people write it in Palestine:
 * - digits only (spaces, dashes and brackets dropped);
 * - `+970…` or `00970…` already carry the country code;
 * - a local `0…` number gets one: Palestinian mobiles (059, 056) → 970, other mobiles (05x,
 *   Israeli operators) → 972, and landlines (02, 04, 08, 09) → 970.
 * Returns '' when there are no digits.
 */
export function internationalDigits(mobile: string | null | undefined): string {
  const digits = (mobile ?? '').replace(/\D/g, '');
  if (!digits) return '';
  if (digits.startsWith('00')) return digits.slice(2);
  if (digits.startsWith('0')) {
    const local = digits.slice(1);
    if (/^5[96]/.test(local)) return `970${local}`;
    if (local.startsWith('5')) return `972${local}`;
    return `970${local}`;
  }
  return digits;
}

/** `https://wa.me/970599…`, or null when the number has no digits. */
export function messagingAppLink(mobile: string | null | undefined): string | null {
  const digits = internationalDigits(mobile);
  return digits ? `https://wa.me/${digits}` : null;
}

/** `tel:+970599…`, or null when the number has no digits. */
export function telLink(mobile: string | null | undefined): string | null {
  const digits = internationalDigits(mobile);
  return digits ? `tel:+${digits}` : null;
}
