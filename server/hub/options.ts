import type { WebSocket } from 'ws';
import type { BusEvents } from '../lib/bus.ts';
import type { MessageReader } from './protocol.ts';

/* The hub's settings, and the shapes its parts share (index.ts, wire.ts). */

export interface HubOptions {
  /** Where the hub lives; negotiate is `{path}/negotiate`. */
  path?: string;
  /** A ping goes to every connection this often; the client gives up after 30 s of silence. */
  keepAliveIntervalMs?: number;
  /** A connection the client has sent nothing on for this long is dropped (clients ping every 15 s). */
  clientTimeoutMs?: number;
  /** Time a new WebSocket has to send its handshake. */
  handshakeTimeoutMs?: number;
  /** Life of an unused connection token from negotiate. */
  connectionTokenTtlMs?: number;
  /** Largest message (and WebSocket frame) a client may send, in bytes. */
  maxMessageBytes?: number;
  /** Open connections one user may hold (tabs, devices); more are refused with 429. */
  maxConnectionsPerUser?: number;
  /** Outgoing bytes a connection may have queued before it counts as stuck and is dropped. */
  maxBufferedBytes?: number;
  /** Time a closing client has to answer the close before its socket is cut. */
  closeGraceMs?: number;
  /**
   * Signs connection tokens. Give every instance the same secret (e.g. the JWT secret) so a
   * token negotiated on one instance is accepted by another; random per process otherwise.
   */
  secret?: string;
}

export const defaults: Required<Omit<HubOptions, 'secret'>> = {
  path: '/hubs/notifications',
  keepAliveIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  connectionTokenTtlMs: 30_000,
  maxMessageBytes: 32 * 1024,
  maxConnectionsPerUser: 20,
  maxBufferedBytes: 1024 * 1024,
  closeGraceMs: 1_000,
};

/** The method the client listens to (`connection.on('ReceiveNotification', ...)`). */
export const notificationTarget = 'ReceiveNotification';

/** One entry of the list the client receives: a user id and that user's notification. */
export interface NotificationEntry {
  userId: number;
  notification: BusEvents['notification']['notification'];
}

export interface HubStats {
  /** Open connections, of one user or of everyone. */
  connectionCount(userId?: number): number;
}

export interface Connection {
  id: string;
  userId: number;
  /** The session's token version: a revocation past it closes the connection. */
  tokenVersion: number;
  socket: WebSocket;
  /** The handshake succeeded: hub messages may flow. */
  ready: boolean;
  lastReceived: number;
  reader: MessageReader;
  timers: NodeJS.Timeout[];
}

export type Session =
  { ok: true; userId: number; tokenVersion: number; expiresAt: number | null } | { ok: false };
