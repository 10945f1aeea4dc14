/**
 * The SignalR JSON hub protocol, version 1: framing, the handshake and the messages this hub
 * reads and writes. Pure functions, no I/O.
 *
 * Every message is a JSON text followed by the record separator 0x1E; one WebSocket frame may
 * carry several messages. The client rejects fields it does not expect, so the encoders below
 * write exactly the fields the protocol allows.
 */

export const recordSeparator = '\x1e';

export const MessageType = {
  invocation: 1,
  streamItem: 2,
  completion: 3,
  streamInvocation: 4,
  cancelInvocation: 5,
  ping: 6,
  close: 7,
  ack: 8,
  sequence: 9,
} as const;

/** Messages the server sends. */
export type ServerMessage =
  | { type: 1; target: string; arguments: unknown[] }
  | { type: 3; invocationId: string; error: string }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean };

/** What the hub needs to know about one message from a client. */
export type ClientMessage =
  | {
      type: 1 | 4;
      target: string;
      /** Present when the client waits for a completion (`invoke`, streams); absent for `send`. */
      invocationId: string | null;
    }
  | { type: 7 }
  /** Pings, acks, completions of client results, stream items, cancellations: nothing to answer. */
  | { type: 'other' };

export function encode(message: ServerMessage): string {
  return JSON.stringify(message) + recordSeparator;
}

/** The handshake answer: `{}` when accepted, `{"error":...}` when not. */
export function encodeHandshake(error?: string): string {
  return JSON.stringify(error === undefined ? {} : { error }) + recordSeparator;
}

export class MessageTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`A hub message may not exceed ${limit} characters.`);
  }
}

/**
 * Splits incoming text into complete messages. Clients send whole messages per frame, but a
 * message cut across frames is joined; an unterminated tail larger than the limit is an error.
 */
export class MessageReader {
  private pending = '';

  constructor(private readonly maxMessageChars: number) {}

  push(chunk: string): string[] {
    const parts = (this.pending + chunk).split(recordSeparator);
    this.pending = parts.pop() ?? '';
    if (this.pending.length > this.maxMessageChars) {
      this.pending = '';
      throw new MessageTooLargeError(this.maxMessageChars);
    }
    return parts.filter((part) => part.length > 0);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

/** Checks `{"protocol":"json","version":1}`; the errors are the ones ASP.NET Core sends. */
export function parseHandshake(text: string): HandshakeResult {
  const request = parseJson(text);
  if (!isRecord(request) || typeof request.protocol !== 'string') {
    return { ok: false, error: 'Handshake request is not valid.' };
  }
  if (request.protocol !== 'json') {
    return {
      ok: false,
      error: `The protocol '${clip(request.protocol)}' is not supported.`,
    };
  }
  if (request.version !== 1) {
    return {
      ok: false,
      error: `The server does not support version ${clip(String(request.version))} of the 'json' protocol.`,
    };
  }
  return { ok: true };
}

/** Reads one message; `null` when it is not a hub message at all (ignored by the hub). */
export function parseClientMessage(text: string): ClientMessage | null {
  const message = parseJson(text);
  if (!isRecord(message) || typeof message.type !== 'number') return null;
  switch (message.type) {
    case MessageType.invocation:
    case MessageType.streamInvocation: {
      if (typeof message.target !== 'string' || message.target === '') return null;
      const id = message.invocationId;
      if (id !== undefined && (typeof id !== 'string' || id === '')) return null;
      return { type: message.type, target: message.target, invocationId: id ?? null };
    }
    case MessageType.close:
      return { type: MessageType.close };
    case MessageType.streamItem:
    case MessageType.completion:
    case MessageType.cancelInvocation:
    case MessageType.ping:
    case MessageType.ack:
    case MessageType.sequence:
      return { type: 'other' };
    default:
      return null;
  }
}

/** Client-supplied text echoed in an error: short, so an answer never grows with the input. */
export function clip(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
