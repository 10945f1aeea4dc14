import { atom } from 'nanostores';
import type {
  UnreadCount,
  UserNotification,
  UserNotifications,
} from '../../server/routes/notification/schemas.ts';
import { apiGet, apiRequest, errorMessage } from './api.ts';
import { connectNotificationHub, type HubHandle } from './hub.ts';
import { localizePath, type Lang } from './i18n.ts';
import { $token, $userId } from './session.ts';
import { toastWarning } from './toast.ts';
import { tokenStatus } from './token.ts';
import { whenIdle } from './after-load.ts';

/*
 * The signed-in visitor's notifications (spec §3, §4; seller spec §4): loaded once a valid
 * session exists (page 1, page size 1000), kept current by the real-time hub, all marked read
 * when the bell is opened. The store holds what the spec names: notReadNum and the list.
 */

export const NOTIFICATIONS_PATH = '/api/NotificationMessage/GetUserNotification';
export const READ_ALL_PATH = '/api/NotificationMessage/ReadNotReadNotifications';
export const READ_ADMIN_PATH = '/api/NotificationMessage/ReadAdminNotification';
/** Spec §9. */
export const NOTIFICATIONS_PAGE_SIZE = 1000;

/** What the bell shows: the unread number and the list, without the answer's pagination. */
export type NotificationsState = Pick<UserNotifications, 'notReadNum'> &
  Pick<UserNotifications['notifications'], 'data'>;

const empty = (): NotificationsState => ({ notReadNum: 0, data: [] });

export const $notifications = atom<NotificationsState>(empty());

function isNotification(value: unknown): value is UserNotification {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(item.id) &&
    typeof item.title === 'string' &&
    typeof item.message === 'string' &&
    typeof item.createdAt === 'string'
  );
}

/**
 * The notifications in a hub message meant for `userId` (seller spec §4: keep only the entries
 * with the stored id). Null when the message is not a list, which the caller logs.
 */
export function notificationsFor(payload: unknown, userId: number | undefined) {
  if (!Array.isArray(payload)) return null;
  if (!userId) return [];
  const mine: UserNotification[] = [];
  for (const entry of payload as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { userId: to, notification } = entry as { userId?: unknown; notification?: unknown };
    if (Number(to) !== userId || !isNotification(notification)) continue;
    const link = typeof notification.link === 'string' ? notification.link : '';
    mine.push({ ...notification, link, isRead: Boolean(notification.isRead) });
  }
  return mine;
}

/**
 * Where a notification leads in the page's language: its site path (a vehicle, an order list, a
 * search's results), or null when it has none or the link is not a path of this site.
 */
export function notificationHref(link: string | undefined, lang: Lang): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.startsWith('/\\')) {
    return null;
  }
  return localizePath(link, lang);
}

const newestFirst = (a: UserNotification, b: UserNotification) =>
  Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id;

/** Adds arriving notifications to the list (once each) and counts the unread new ones. */
export function withArrivals(
  state: NotificationsState,
  arrivals: readonly UserNotification[],
): NotificationsState {
  const known = new Set(state.data.map((item) => item.id));
  const fresh = arrivals.filter((item, index) => {
    if (known.has(item.id)) return false;
    // The same id twice in one message counts once.
    return arrivals.findIndex((other) => other.id === item.id) === index;
  });
  if (fresh.length === 0) return state;
  return {
    notReadNum: state.notReadNum + fresh.filter((item) => !item.isRead).length,
    data: [...fresh, ...state.data].sort(newestFirst),
  };
}

/** Spec §4: a read-all sets the unread number to 0 (and every item reads as read). */
export function allRead(state: NotificationsState): NotificationsState {
  return { notReadNum: 0, data: state.data.map((item) => ({ ...item, isRead: true })) };
}

const signedIn = () => tokenStatus($token.get()) === 'valid';

/** Reloads the list; a failure is only logged (spec §2 App start). */
export async function loadNotifications(): Promise<void> {
  if (!signedIn()) {
    $notifications.set(empty());
    return;
  }
  try {
    const answer = await apiGet<UserNotifications>(NOTIFICATIONS_PATH, {
      page: 1,
      pageSize: NOTIFICATIONS_PAGE_SIZE,
    });
    const data = Array.isArray(answer?.notifications?.data) ? answer.notifications.data : [];
    const loaded = { notReadNum: Number(answer?.notReadNum) || 0, data };
    // A notification pushed by the hub while the list was loading is kept (and counted).
    $notifications.set(withArrivals(loaded, $notifications.get().data));
  } catch (error) {
    console.error('notifications', error);
  }
}

/** Spec §4: opening the bell marks everything read; a failure shows the server's message. */
export async function markAllRead(lang: Lang): Promise<void> {
  if ($notifications.get().notReadNum === 0 || !signedIn()) return;
  try {
    await apiRequest<UnreadCount>(READ_ALL_PATH, { method: 'PUT', lang });
    $notifications.set(allRead($notifications.get()));
  } catch (error) {
    void toastWarning(errorMessage(error, lang));
  }
}

/** Seller spec §4: an admin reads one notification at a time; the count goes down by one. */
export function oneRead(state: NotificationsState, id: number): NotificationsState {
  const item = state.data.find((entry) => entry.id === id);
  if (!item || item.isRead) return state;
  return {
    notReadNum: Math.max(0, state.notReadNum - 1),
    data: state.data.map((entry) => (entry.id === id ? { ...entry, isRead: true } : entry)),
  };
}

/** Marks one of the admin's notifications read (ReadAdminNotification answers its id). */
export async function markOneRead(id: number, lang: Lang): Promise<void> {
  try {
    // The body is the bare id (a JSON number), as the spec's call sends it.
    const body = id as unknown as Record<string, unknown>;
    await apiRequest<number>(READ_ADMIN_PATH, { method: 'PUT', body, lang });
    $notifications.set(oneRead($notifications.get(), id));
  } catch (error) {
    void toastWarning(errorMessage(error, lang));
  }
}

/** Handles one `ReceiveNotification` message from the hub. */
export function receiveFromHub(payload: unknown): void {
  const mine = notificationsFor(payload, $userId.get());
  if (mine === null) {
    console.error('ReceiveNotification: expected a list of entries', payload);
    return;
  }
  if (mine.length > 0) $notifications.set(withArrivals($notifications.get(), mine));
}

// ---------------------------------------------------------------- lifecycle

let hub: HubHandle | null = null;
/** Bumped on every session change, so a connection started for an old session is dropped. */
let generation = 0;

function disconnect() {
  generation += 1;
  const current = hub;
  hub = null;
  if (current) void current.stop().catch(() => {});
}

function connect() {
  disconnect();
  const mine = generation;
  whenIdle(
    async () => {
      if (mine !== generation || !signedIn()) return;
      try {
        const handle = await connectNotificationHub({
          accessToken: () => $token.get() ?? '',
          onNotification: receiveFromHub,
          onReconnected: () => void loadNotifications(),
        });
        if (mine === generation) hub = handle;
        else void handle.stop().catch(() => {});
      } catch (error) {
        console.error('notifications hub', error);
      }
    },
    { timeout: 4000, fallback: 1000 },
  );
}

let started = false;

/**
 * Loads the notifications and opens the hub while the session is valid; forgets both when it
 * ends (logout, expiry, another tab). Safe to call more than once.
 */
export function startNotifications(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let current: string | undefined;
  const follow = (token: string | undefined) => {
    const valid = tokenStatus(token) === 'valid';
    const next = valid ? token : undefined;
    if (next === current) return;
    current = next;
    if (valid) {
      void loadNotifications();
      connect();
    } else {
      disconnect();
      $notifications.set(empty());
    }
  };
  follow($token.get());
  $token.listen(follow);
}
