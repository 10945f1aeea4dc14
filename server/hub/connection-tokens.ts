import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The connection token that negotiate hands out and the WebSocket request brings back
 * (`?id=`). It names the connection and the user that negotiated and expires soon; it is
 * signed, so any server instance sharing the secret accepts one another instance issued
 * (no sticky sessions needed), and each instance accepts it once.
 */
export interface ConnectionTicket {
  connectionId: string;
  userId: number;
}

export type Redeemed =
  | { ok: true; ticket: ConnectionTicket }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'wrong_user' };

interface Body {
  /** connection id */
  c: string;
  /** user id */
  u: number;
  /** expiry, ms since the epoch */
  e: number;
}

export function newConnectionId(): string {
  return randomBytes(16).toString('base64url');
}

export function connectionTokens(options: { secret?: string; ttlMs: number }) {
  // Domain separation: the same secret may also sign sessions.
  const key = createHmac('sha256', options.secret ?? randomBytes(32))
    .update('hub-connection-token')
    .digest();
  const sign = (data: string) => createHmac('sha256', key).update(data).digest();
  /** Tokens already used, kept until they would have expired anyway. */
  const used = new Map<string, number>();
  let lastSweep = Date.now();

  const sweep = (now: number) => {
    if (now - lastSweep < options.ttlMs) return;
    lastSweep = now;
    for (const [id, expiresAt] of used) if (expiresAt <= now) used.delete(id);
  };

  return {
    issue(userId: number, now = Date.now()): { connectionId: string; connectionToken: string } {
      const connectionId = newConnectionId();
      const body: Body = { c: connectionId, u: userId, e: now + options.ttlMs };
      const data = Buffer.from(JSON.stringify(body)).toString('base64url');
      return { connectionId, connectionToken: `${data}.${sign(data).toString('base64url')}` };
    },

    /** Accepts a token once, before it expires, for the user it was issued to. */
    redeem(token: string, userId: number, now = Date.now()): Redeemed {
      const [data, signature, extra] = token.split('.');
      if (!data || !signature || extra !== undefined || token.length > 512) {
        return { ok: false, reason: 'invalid' };
      }
      const expected = sign(data);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      let body: Body;
      try {
        body = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as Body;
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (typeof body.c !== 'string' || typeof body.u !== 'number' || typeof body.e !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      if (body.e <= now) return { ok: false, reason: 'expired' };
      if (body.u !== userId) return { ok: false, reason: 'wrong_user' };
      sweep(now);
      if (used.has(body.c)) return { ok: false, reason: 'used' };
      used.set(body.c, body.e);
      return { ok: true, ticket: { connectionId: body.c, userId: body.u } };
    },

    clear() {
      used.clear();
    },
  };
}

export type ConnectionTokens = ReturnType<typeof connectionTokens>;
