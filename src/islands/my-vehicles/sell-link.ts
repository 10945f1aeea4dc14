import { UserType } from '../../../domain/codes.ts';

/*
 * The home page's "sell your vehicle" links lead to sign-up in the cached page everyone gets; for
 * a signed-in seller (individual or dealership) they lead to the add-vehicle form instead. The
 * head boot script has already checked the stored token (`<html data-session="on">`).
 */
const sellers = [String(UserType.normal), String(UserType.company)];
let userType: string | null = null;
try {
  userType =
    document.documentElement.dataset.session === 'on' ? localStorage.getItem('userType') : null;
} catch {
  // Storage may be unavailable (privacy modes): the links stay as they are.
}
if (userType && sellers.includes(userType)) {
  document.querySelectorAll<HTMLAnchorElement>('a[data-seller-href]').forEach((link) => {
    link.href = link.dataset.sellerHref!;
  });
}
