import type { Session } from '../../server/routes/user/schemas.ts';
import { UserType } from '../../domain/codes.ts';
import { setFlash } from './flash.ts';
import { LANG_STORAGE_KEY, localizePath, type Lang } from './i18n.ts';
import { signIn } from './session.ts';
import type { AccountKind, ProfileFields } from '../../domain/validation.ts';

/*
 * Where sign-in sends people and which pages need it. The session lives in localStorage, which
 * the server cannot see, so the profile area is guarded in the browser before its first paint.
 */

const NEVER_RETURN_TO = /^\/(?:en\/)?(?:login|signUp)(?:[/?#]|$)/;

/**
 * The page to return to after signing in, from a `?next=` value: only a path on this site
 * (`/profile/favorit?x=1`), never another origin (`//evil.example`, `https://…`, `/\evil`), and
 * never the login or sign-up pages themselves. Given in the page's language; null when unusable.
 */
export function safeNextPath(next: string | null | undefined, lang: Lang): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return null;
  }
  // Control characters and backslashes can turn a path into another origin in some parsers.
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://site.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (NEVER_RETURN_TO.test(url.pathname)) return null;
  return localizePath(path, lang);
}

/** Where a successful sign-in or sign-up goes: the `next` page when safe, else the profile. */
export function afterSignInPath(next: string | null | undefined, lang: Lang): string {
  return safeNextPath(next, lang) ?? localizePath(PROFILE_PATH, lang);
}

/**
 * After a successful login or sign-up: stores the session and goes to the `next` page or the
 * profile, where `welcome` shows. False, and nothing done, when the answer carries no session
 * (spec §4: an id above 0).
 */
export function openSession(
  result: Session,
  next: string | null,
  lang: Lang,
  welcome: string,
): boolean {
  if (!signIn(result)) return false;
  setFlash({ kind: 'success', message: welcome });
  // An admin has no seller profile: the dashboard is their home.
  const admin = result.userType === UserType.admin;
  window.location.assign(admin ? localizePath('/admin', lang) : afterSignInPath(next, lang));
  return true;
}

/** The login page that comes back to `returnTo` (a path with its query) afterwards. */
export function loginPathFor(returnTo: string, lang: Lang): string {
  return `${localizePath('/login', lang)}?next=${encodeURIComponent(returnTo)}`;
}

/** Spec §6: individuals (71) use the customer calls, dealerships (72) the company calls. */
export function accountKindOf(userType: number | null | undefined): AccountKind | null {
  if (userType === UserType.normal) return 'individual';
  if (userType === UserType.company) return 'dealership';
  return null;
}

/** The inverse of accountKindOf: the user type a sign-up of this kind creates. */
export function userTypeOf(kind: AccountKind): number {
  return kind === 'individual' ? UserType.normal : UserType.company;
}

/** The fields sign-up and the profile share (spec §3), as the form holds them. */
export type AccountForm = Required<ProfileFields>;

export const emptyAccountForm: AccountForm = {
  name: '',
  email: '',
  mobile: '',
  ssn: '',
  licenseNumber: '',
  addressState: 0,
  addressCity: 0,
  addressInfo: '',
};

/**
 * The shared fields as the sign-up and profile calls take them: trimmed, with the identity
 * number for an individual and the licence number for a dealership (spec §3, §6).
 */
export function accountPayload(form: AccountForm, kind: AccountKind) {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    mobile: form.mobile.trim(),
    ...(kind === 'individual'
      ? { ssn: form.ssn.trim() }
      : { licenseNumber: form.licenseNumber.trim() }),
    addressState: form.addressState,
    addressCity: form.addressCity,
    addressInfo: form.addressInfo.trim(),
  };
}

// ---------------------------------------------------------------- the profile area

export const PROFILE_PATH = '/profile';

export type ProfileSectionKey =
  | 'profile'
  | 'myVehicles'
  | 'favourites'
  | 'savedSearches'
  | 'adsOrders'
  | 'starOrders'
  | 'payments'
  | 'changePassword';

export interface ProfileSection {
  key: ProfileSectionKey;
  /** Spec §2 profile children, nested under /profile. */
  path: string;
  /** The side menu groups ads and star orders under "orders". */
  group?: 'orders';
  /** False until the page exists: the menu shows it disabled rather than a dead link. */
  available: boolean;
}

/** The side menu of spec §2 "Profile area layout", in its order. */
export const profileSections: readonly ProfileSection[] = [
  { key: 'profile', path: '/profile', available: true },
  { key: 'myVehicles', path: '/profile/my_vehicles', available: true },
  { key: 'favourites', path: '/profile/favorit', available: true },
  { key: 'savedSearches', path: '/profile/saved_searches', available: true },
  { key: 'adsOrders', path: '/profile/ads_orders', group: 'orders', available: true },
  { key: 'starOrders', path: '/profile/star_orders', group: 'orders', available: true },
  { key: 'payments', path: '/profile/payment_operation', available: true },
  { key: 'changePassword', path: '/profile/change_password', available: true },
];

/**
 * Inline script for the head of every profile page (plain ES5, inlined as is): without a token
 * that passes spec §4's rule (three parts, `exp` in the future) the page is replaced by the login
 * page, which comes back here afterwards. It stands aside while the head boot script is moving
 * the visitor to their chosen language, so only one redirect happens at a time.
 */
export function profileGuardScript(lang: Lang): string {
  const login = JSON.stringify(localizePath('/login', lang));
  return `(function () {
  var s = null, h = document.documentElement;
  try { s = window.localStorage; } catch (e) {}
  try {
    var want = s && s.getItem(${JSON.stringify(LANG_STORAGE_KEY)});
    if ((want === 'ar' || want === 'en') && want !== h.lang) return;
    var t = s && s.getItem('token');
    var parts = t ? t.split('.') : [];
    if (parts.length === 3 && parts[1]) {
      var payload = JSON.parse(atob(parts[1].replace(/-/g, '+').replace(/_/g, '/')));
      if (typeof payload.exp === 'number' && payload.exp > Date.now() / 1000) return;
    }
  } catch (e) {}
  h.removeAttribute('data-session');
  location.replace(${login} + '?next=' + encodeURIComponent(location.pathname + location.search));
})();`;
}

/**
 * Inline script for the head of the login page (spec §4: opening it clears local storage). It
 * runs before the page's modules read the session, so no island starts with the old one. The
 * language choice survives, as in `signOut()`.
 */
export const clearSessionScript = `(function () {
  try {
    var s = window.localStorage, lang = s.getItem(${JSON.stringify(LANG_STORAGE_KEY)});
    s.clear();
    if (lang) s.setItem(${JSON.stringify(LANG_STORAGE_KEY)}, lang);
  } catch (e) {}
  document.documentElement.removeAttribute('data-session');
})();`;
