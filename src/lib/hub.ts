import type { HubConnection } from '@microsoft/signalr';
import { apiBase } from './api.ts';

/*
 * The real-time notifications client (seller spec §4, §9): a SignalR connection to the hub,
 * authenticated with the session token. @microsoft/signalr is imported on first connect, so a
 * page pays for it only once a signed-in visitor's page is idle.
 */

export const HUB_PATH = '/hubs/notifications';
/** The method the server invokes, with one argument: a list of `{ userId, notification }`. */
export const RECEIVE_NOTIFICATION = 'ReceiveNotification';
/** Spec §9: reconnect after 0, 2, 10 and 30 s, then stop. */
export const RECONNECT_DELAYS_MS = [0, 2_000, 10_000, 30_000];
export const SERVER_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_INTERVAL_MS = 15_000;

export interface HubOptions {
  /** The token sent on negotiate and on the WebSocket URL; read at every (re)connect. */
  accessToken: () => string;
  /** Called with the server's argument as it came (the caller checks its shape). */
  onNotification: (payload: unknown) => void;
  /** After an automatic reconnect: messages sent while away are lost, so reload. */
  onReconnected?: () => void;
}

export interface HubHandle {
  stop(): Promise<void>;
}

/** Connects and resolves once the connection is up; rejects when it cannot start. */
export async function connectNotificationHub(options: HubOptions): Promise<HubHandle> {
  const signalR = await import('@microsoft/signalr');
  const connection: HubConnection = new signalR.HubConnectionBuilder()
    .withUrl(`${apiBase}${HUB_PATH}`, { accessTokenFactory: options.accessToken })
    .withAutomaticReconnect(RECONNECT_DELAYS_MS)
    .configureLogging(signalR.LogLevel.Warning)
    .build();
  connection.serverTimeoutInMilliseconds = SERVER_TIMEOUT_MS;
  connection.keepAliveIntervalInMilliseconds = KEEP_ALIVE_INTERVAL_MS;
  connection.on(RECEIVE_NOTIFICATION, (payload: unknown) => options.onNotification(payload));
  connection.onreconnected(() => options.onReconnected?.());
  // After the last reconnect delay the client stops; a new session (sign-in) starts it again.
  connection.onclose((error) => {
    if (error) console.error('notifications hub closed', error);
  });
  await connection.start();
  return { stop: () => connection.stop() };
}
