import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { Int32 } from '../lib/schema-types.ts';
import { bearer } from '../lib/tokens.ts';
import { connectionTokens, newConnectionId } from './connection-tokens.ts';
import {
  clip,
  encode,
  encodeHandshake,
  MessageReader,
  MessageTooLargeError,
  MessageType,
  parseClientMessage,
  parseHandshake,
  type ServerMessage,
} from './protocol.ts';
import {
  defaults,
  notificationTarget,
  type Connection,
  type HubOptions,
  type HubStats,
  type Session,
} from './options.ts';
import { entryOf, expiryOf, refuse, textOf } from './wire.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hub: HubStats;
  }
}

/**
 * Real-time notifications over the SignalR JSON hub protocol: negotiate (POST), then a
 * WebSocket on the hub path. Every connection belongs to one signed-in user and receives only
 * that user's notifications, which arrive on the event bus from any server instance.
 */
export default fp(
  async function hub(fastify: FastifyInstance, options: HubOptions) {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const settings = { ...defaults, ...options };
    const path = settings.path.replace(/\/+$/, '');
    const tickets = connectionTokens({
      secret: options.secret,
      ttlMs: settings.connectionTokenTtlMs,
    });
    const byUser = new Map<number, Set<Connection>>();
    let closing = false;
    const log = app.log.child({ module: 'hub' });

    const wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      maxPayload: settings.maxMessageBytes,
      perMessageDeflate: false,
    });

    /** The same check as the API's: blocked, deleted and revoked sessions are refused. */
    async function authenticate(token: string | null): Promise<Session> {
      const check = await app.verifySession(token);
      if (!check.ok) return { ok: false };
      const { id, tokenVersion } = check.claims;
      return { ok: true, userId: id, tokenVersion, expiresAt: expiryOf(token!) };
    }

    const connectionsOf = (userId: number) => byUser.get(userId)?.size ?? 0;

    function send(connection: Connection, text: string) {
      const { socket } = connection;
      if (socket.readyState !== WebSocket.OPEN) return;
      if (socket.bufferedAmount > settings.maxBufferedBytes) {
        log.warn({ connectionId: connection.id }, 'hub connection not reading; dropped');
        socket.terminate();
        return;
      }
      socket.send(text);
    }

    /** Sends a close message (after the handshake), closes, and cuts the socket if need be. */
    function close(
      connection: Connection,
      message: Omit<Extract<ServerMessage, { type: 7 }>, 'type'> = {},
      code = 1000,
    ): Promise<void> {
      const { socket } = connection;
      if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
      return new Promise((resolve) => {
        socket.once('close', () => resolve());
        if (connection.ready) send(connection, encode({ type: MessageType.close, ...message }));
        socket.close(code);
        setTimeout(() => socket.terminate(), settings.closeGraceMs).unref();
      });
    }

    function onMessage(connection: Connection, data: RawData) {
      connection.lastReceived = Date.now();
      let texts: string[];
      try {
        texts = connection.reader.push(textOf(data));
      } catch (error) {
        if (!(error instanceof MessageTooLargeError)) throw error;
        void close(connection, { error: error.message }, 1009);
        return;
      }
      for (const text of texts) {
        if (!connection.ready) {
          const handshake = parseHandshake(text);
          if (!handshake.ok) {
            connection.socket.send(encodeHandshake(handshake.error));
            connection.socket.close(1000);
            return;
          }
          connection.ready = true;
          connection.socket.send(encodeHandshake());
          log.debug({ connectionId: connection.id, userId: connection.userId }, 'hub connected');
          continue;
        }
        const message = parseClientMessage(text);
        // Garbage is dropped; the connection stays.
        if (!message) continue;
        if (message.type === MessageType.close) {
          connection.socket.close(1000);
          return;
        }
        if (message.type !== 'other' && message.invocationId !== null) {
          // The hub offers no methods to clients.
          send(
            connection,
            encode({
              type: MessageType.completion,
              invocationId: message.invocationId,
              error: `Unknown hub method '${clip(message.target)}'`,
            }),
          );
        }
      }
    }

    function open(socket: WebSocket, connectionId: string, session: Session & { ok: true }) {
      const connection: Connection = {
        id: connectionId,
        userId: session.userId,
        tokenVersion: session.tokenVersion,
        socket,
        ready: false,
        lastReceived: Date.now(),
        reader: new MessageReader(settings.maxMessageBytes),
        timers: [],
      };
      let set = byUser.get(session.userId);
      if (!set) byUser.set(session.userId, (set = new Set()));
      set.add(connection);

      connection.timers.push(
        setTimeout(() => {
          if (!connection.ready) socket.terminate();
        }, settings.handshakeTimeoutMs),
      );
      if (session.expiresAt !== null) {
        // The session ends: the client may come back with a fresh token.
        const delay = Math.min(Math.max(session.expiresAt - Date.now(), 0), 2 ** 31 - 1);
        connection.timers.push(
          setTimeout(
            () => void close(connection, { error: 'Session expired.', allowReconnect: true }),
            delay,
          ),
        );
      }

      socket.on('message', (data) => {
        try {
          onMessage(connection, data);
        } catch (error) {
          log.warn({ err: error, connectionId }, 'hub message failed');
          socket.terminate();
        }
      });
      // ws closes the socket itself after an error (too large, bad UTF-8, bad frame).
      socket.on('error', (error) => log.debug({ err: error, connectionId }, 'hub socket error'));
      socket.on('close', () => {
        for (const timer of connection.timers) clearTimeout(timer);
        const current = byUser.get(session.userId);
        current?.delete(connection);
        if (current?.size === 0) byUser.delete(session.userId);
        log.debug({ connectionId, userId: session.userId }, 'hub disconnected');
      });
    }

    async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
      const token = bearer(request.headers.authorization) ?? url.searchParams.get('access_token');
      const session = await authenticate(token);
      if (closing || socket.destroyed) return void socket.destroy();
      if (!session.ok) return refuse(socket, 401);
      const id = url.searchParams.get('id');
      let connectionId: string;
      if (id === null) {
        // skipNegotiation: the client came straight here.
        connectionId = newConnectionId();
      } else {
        const redeemed = tickets.redeem(id, session.userId);
        if (!redeemed.ok) return refuse(socket, redeemed.reason === 'wrong_user' ? 403 : 404);
        connectionId = redeemed.ticket.connectionId;
      }
      if (connectionsOf(session.userId) >= settings.maxConnectionsPerUser) {
        return refuse(socket, 429);
      }
      wss.handleUpgrade(request, socket, head, (ws) => open(ws, connectionId, session));
    }

    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      let url: URL;
      try {
        url = new URL(request.url ?? '/', 'http://hub.invalid');
      } catch {
        url = new URL('http://hub.invalid/');
      }
      if (url.pathname !== path && url.pathname !== `${path}/`) {
        // Another upgrade listener may own this path; if there is none, nobody will answer.
        if (app.server.listenerCount('upgrade') === 1) refuse(socket, 404);
        return;
      }
      // Until ws takes the socket over, nobody else listens for its errors.
      const onEarlyError = () => socket.destroy();
      socket.on('error', onEarlyError);
      if (closing) return refuse(socket, 503);
      upgrade(request, socket, head, url)
        .catch((error: unknown) => {
          log.error({ err: error }, 'hub upgrade failed');
          refuse(socket, 503);
        })
        .finally(() => socket.off('error', onEarlyError));
    };
    app.server.on('upgrade', onUpgrade);

    // Apps built without the per-user budgets (the hub's own protocol tests) negotiate unlimited.
    const negotiateLimit = app.hasDecorator('userLimit') ? [app.userLimit('hubNegotiate')] : [];
    app.post(
      `${path}/negotiate`,
      {
        preHandler: [app.authenticate, ...negotiateLimit],
        schema: {
          tags: ['Hub'],
          description:
            'SignalR negotiate (Bearer session token). The connection token it returns is for one WebSocket to the hub path within 30 s, by the same user.',
          security: [{ bearer: [] }],
          querystring: Type.Object({
            negotiateVersion: Type.Optional(Int32({ minimum: 0 })),
          }),
          response: {
            200: Type.Object({
              connectionId: Type.String(),
              connectionToken: Type.String(),
              negotiateVersion: Type.Integer(),
              availableTransports: Type.Array(
                Type.Object({
                  transport: Type.String(),
                  transferFormats: Type.Array(Type.String()),
                }),
              ),
            }),
          },
        },
      },
      async (request, reply) => {
        const { connectionId, connectionToken } = tickets.issue(request.user!.id);
        const version = request.query.negotiateVersion ?? 0;
        reply.header('cache-control', 'no-store');
        return {
          // Version 0 clients connect with the connection id, so it must be the token.
          connectionId: version >= 1 ? connectionId : connectionToken,
          connectionToken,
          negotiateVersion: version >= 1 ? 1 : 0,
          availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
        };
      },
    );

    const unsubscribe = app.bus.subscribe('notification', (event) => {
      const entry = entryOf(event);
      if (!entry) return;
      const targets = byUser.get(entry.userId);
      if (!targets) return;
      // The client expects a list of entries; it gets only its own user's.
      const text = encode({
        type: MessageType.invocation,
        target: notificationTarget,
        arguments: [[entry]],
      });
      for (const connection of targets) if (connection.ready) send(connection, text);
    });

    // A password change, block or delete ends the sessions before it, open sockets included.
    const unsubscribeRevocations = app.bus.subscribe('sessionsRevoked', (event) => {
      const targets = byUser.get(event?.userId);
      if (!targets) return;
      for (const connection of targets) {
        if (connection.tokenVersion < event.tokenVersion) {
          void close(connection, { error: 'Session ended.', allowReconnect: true });
        }
      }
    });

    const keepAlive = setInterval(() => {
      const now = Date.now();
      const ping = encode({ type: MessageType.ping });
      for (const set of byUser.values()) {
        for (const connection of set) {
          if (!connection.ready) continue;
          if (now - connection.lastReceived > settings.clientTimeoutMs) {
            connection.socket.terminate();
            continue;
          }
          send(connection, ping);
        }
      }
    }, settings.keepAliveIntervalMs);
    keepAlive.unref();

    app.decorate('hub', {
      connectionCount: (userId?: number) =>
        userId === undefined
          ? [...byUser.values()].reduce((sum, set) => sum + set.size, 0)
          : connectionsOf(userId),
    } satisfies HubStats);

    // Before the HTTP server closes: it would wait for the open WebSockets forever.
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(keepAlive);
      app.server.off('upgrade', onUpgrade);
      const all = [...byUser.values()].flatMap((set) => [...set]);
      // A restart, not an end: clients reconnect (to this or another instance).
      await Promise.all(all.map((connection) => close(connection, { allowReconnect: true })));
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      unsubscribeRevocations();
      tickets.clear();
      wss.close();
    });
  },
  { name: 'hub', fastify: '5.x', dependencies: ['db', 'auth'] },
);
