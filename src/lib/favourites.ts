import { atom } from 'nanostores';
import type { FavouriteIds, FavouriteToggle } from '../../server/routes/vehicle/schemas.ts';
import { m } from '../paraglide/messages.js';
import { apiGet, errorMessage } from './api.ts';
import { localizePath, type Lang } from './i18n.ts';
import { withLoading } from './loading.ts';
import { $token } from './session.ts';
import { toast, toastWithAction } from './toast.ts';
import { tokenProblemMessage, tokenStatus } from './token.ts';

/*
 * The visitor's favourite vehicles (spec §4): the ids come from the server once a valid session
 * exists, every star on the page reads them from $favouriteIds, and a toggle asks the server and
 * then reloads the ids. Without a valid token nothing is asked: the visitor is told to sign in.
 */

export const FAVOURITE_IDS_PATH = '/api/Vehicle/GetVehiclesFavoriteId';
export const TOGGLE_FAVOURITE_PATH = '/api/Vehicle/ToggleVehicleFavorite';

/** Ids of the signed-in visitor's favourite vehicles; empty for visitors. */
export const $favouriteIds = atom<ReadonlySet<number>>(new Set());

export function isFavourite(vehicleId: number): boolean {
  return $favouriteIds.get().has(vehicleId);
}

/** Reloads the favourite ids; forgets them when the session is not valid. Never throws. */
export async function loadFavouriteIds(): Promise<void> {
  if (tokenStatus($token.get()) !== 'valid') {
    if ($favouriteIds.get().size > 0) $favouriteIds.set(new Set());
    return;
  }
  try {
    const ids = await apiGet<FavouriteIds>(FAVOURITE_IDS_PATH);
    $favouriteIds.set(new Set(Array.isArray(ids) ? ids : []));
  } catch (error) {
    // App start (spec §2): a load failure is only logged.
    console.error('favourite ids', error);
  }
}

function setFavourite(vehicleId: number, favourite: boolean) {
  const next = new Set($favouriteIds.get());
  if (favourite) next.add(vehicleId);
  else next.delete(vehicleId);
  $favouriteIds.set(next);
}

let started = false;

/** Loads the ids once per page when the token is valid, and again whenever the token changes. */
export function startFavourites(): void {
  if (started) return;
  started = true;
  void loadFavouriteIds();
  // Sign-in, sign-out or another tab changing the session.
  $token.listen(() => void loadFavouriteIds());
}

export type ToggleOutcome =
  | { kind: 'no-session'; message: string }
  | ({ kind: 'done' } & FavouriteToggle)
  | { kind: 'failed'; message: string };

/**
 * Flips one vehicle's favourite state (spec §4/§5/§8) and tells the visitor how it went: the
 * sign-in message without a valid token (and no call), the server's message in green when added
 * and in red when removed, 'حدث خطأ' (or the server's reason) when it fails.
 */
export async function toggleFavourite(vehicleId: number, lang: Lang): Promise<ToggleOutcome> {
  const problem = tokenProblemMessage(tokenStatus($token.get()), lang);
  if (problem) {
    // The spec's warning, with the way to sign in and come back to this page afterwards.
    const here = globalThis.location ? location.pathname + location.search : '/';
    void toastWithAction('warning', problem, {
      label: m.favourite_sign_in({}, { locale: lang }),
      href: `${localizePath('/login', lang)}?next=${encodeURIComponent(here)}`,
    });
    return { kind: 'no-session', message: problem };
  }
  try {
    const answer = await withLoading(async () => {
      const result = await apiGet<FavouriteToggle>(TOGGLE_FAVOURITE_PATH, { vehicleId }, { lang });
      // The answer already says the new state; the reload then brings every other change.
      setFavourite(vehicleId, Boolean(result?.isFavorite));
      await loadFavouriteIds();
      return result;
    });
    const message = answer?.message || m.general_error_message({}, { locale: lang });
    const isFavorite = Boolean(answer?.isFavorite);
    void toast(isFavorite ? 'success' : 'danger', message);
    return { kind: 'done', isFavorite, message };
  } catch (error) {
    const message = errorMessage(error, lang);
    void toast('danger', message);
    return { kind: 'failed', message };
  }
}
