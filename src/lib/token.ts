import { m } from '../paraglide/messages.js';
import type { Lang } from './i18n.ts';

/**
 * Token validity, spec §4: valid only with three dot-separated parts and an `exp` (seconds) in
 * the future. Anything that cannot be decoded counts as missing, so the caller shows
 * "sign in first" rather than "sign in again".
 */
export type TokenStatus = 'valid' | 'missing' | 'expired';

export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function tokenStatus(
  token: string | null | undefined,
  nowSeconds: number = Date.now() / 1000,
): TokenStatus {
  if (!token) return 'missing';
  const payload = decodeTokenPayload(token);
  // A token without a numeric exp cannot be judged, so it is treated as malformed.
  if (!payload || typeof payload.exp !== 'number') return 'missing';
  return payload.exp > nowSeconds ? 'valid' : 'expired';
}

/** Spec §5 (favourites): why an action that needs a session cannot go ahead, or null. */
export function tokenProblemMessage(status: TokenStatus, lang: Lang): string | null {
  if (status === 'valid') return null;
  return status === 'expired'
    ? m.auth_login_again({}, { locale: lang })
    : m.auth_login_first({}, { locale: lang });
}
