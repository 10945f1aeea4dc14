import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { UserType } from '../../domain/codes.ts';
import { LANG_STORAGE_KEY } from './i18n.ts';
import { tokenStatus, type TokenStatus } from './token.ts';
import type { Session as SignedIn } from '../../server/routes/user/schemas.ts';

/*
 * The session lives in the browser only (spec §3): localStorage keys token, userName, userType,
 * id and isAdmin, one persistent atom each so the keys stay exactly those. Other tabs see
 * changes through the storage event.
 */

const text = { encode: (value: string | undefined) => value || undefined, decode: String };
const number = {
  encode: (value: number | undefined) => (value ? String(value) : undefined),
  decode: (stored: string) => Number(stored) || undefined,
};
const flag = {
  encode: (value: boolean) => (value ? 'true' : undefined),
  decode: (stored: string) => stored === 'true',
};

export const $token = persistentAtom<string | undefined>('token', undefined, text);
export const $userName = persistentAtom<string | undefined>('userName', undefined, text);
export const $userType = persistentAtom<number | undefined>('userType', undefined, number);
export const $userId = persistentAtom<number | undefined>('id', undefined, number);
export const $isAdmin = persistentAtom<boolean>('isAdmin', false, flag);

export interface Session {
  token: string | undefined;
  userName: string | undefined;
  userType: number | undefined;
  id: number | undefined;
  isAdmin: boolean;
}

export const $session = computed(
  [$token, $userName, $userType, $userId, $isAdmin],
  (token, userName, userType, id, isAdmin): Session => ({ token, userName, userType, id, isAdmin }),
);

/** True while the stored token passes spec §4's validity rule (checked when the token changes). */
export const $isSignedIn = computed($token, (token) => tokenStatus(token) === 'valid');

/** The token's status right now, for actions that need a session (favourites, profile). */
export function currentTokenStatus(): TokenStatus {
  return tokenStatus($token.get());
}

/** Stores the session; spec §3 keeps it only when the id is above 0. Returns whether it did. */
export function signIn(result: SignedIn): boolean {
  if (!(result.id > 0) || !result.token) return false;
  $token.set(result.token);
  $userName.set(result.name || result.fullName || undefined);
  $userType.set(result.userType);
  $userId.set(result.id);
  $isAdmin.set(result.userType === UserType.admin);
  return true;
}

/** Spec §4: logout clears local storage; the language choice survives. */
export function signOut(): void {
  if (typeof localStorage !== 'undefined') {
    let lang: string | null = null;
    try {
      lang = localStorage.getItem(LANG_STORAGE_KEY);
      localStorage.clear();
      if (lang) localStorage.setItem(LANG_STORAGE_KEY, lang);
    } catch {
      // Storage may be unavailable (privacy modes); the atoms below still forget the session.
    }
  }
  $token.set(undefined);
  $userName.set(undefined);
  $userType.set(undefined);
  $userId.set(undefined);
  $isAdmin.set(false);
}
