import type { Duplex } from 'node:stream';
import type { RawData } from 'ws';
import type { BusEvents } from '../lib/bus.ts';
import type { NotificationEntry } from './options.ts';

/* Small pieces of the hub's wire handling: refusing an upgrade, reading frames and events. */

const statusText: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

/** Answers an upgrade request with a plain HTTP error and closes the socket. */
export function refuse(socket: Duplex, status: number) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const text = statusText[status] ?? 'Error';
  const headers = [
    `HTTP/1.1 ${status} ${text}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    ...(status === 401 ? ['WWW-Authenticate: Bearer'] : []),
  ];
  socket.once('finish', () => socket.destroy());
  socket.end(`${headers.join('\r\n')}\r\n\r\n${text}`);
}

/** `exp` of a token that has already been verified, in ms. */
export function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Only the fields the client reads, whatever else an event carries. */
export function entryOf(event: unknown): NotificationEntry | null {
  const { userId, notification } = (event ?? {}) as Partial<BusEvents['notification']>;
  if (!Number.isSafeInteger(userId) || (userId as number) <= 0) return null;
  if (typeof notification !== 'object' || notification === null) return null;
  const { id, title, message, createdAt, isRead } = notification;
  const link = typeof notification.link === 'string' ? notification.link : '';
  return {
    userId: userId as number,
    notification: { id, title, message, link, createdAt, isRead },
  };
}

export function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
