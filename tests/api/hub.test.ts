import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../server/app.ts';
import { UserStatus } from '../../domain/codes.ts';
import { users } from '../../server/db/schema.ts';
import hub from '../../server/hub/index.ts';
import type { HubOptions, NotificationEntry } from '../../server/hub/options.ts';
import { createBus, type Bus, type BusEvents } from '../../server/lib/bus.ts';
import { t as translate } from '../../server/lib/messages.ts';
import { tokenService } from '../../server/lib/tokens.ts';
import authPlugin from '../../server/plugins/auth.ts';
import dbPlugin from '../../server/plugins/db.ts';
import errors from '../../server/plugins/errors.ts';
import { createTestApp, drivers, type TestApp } from './harness.ts';
import { createSeller } from './fixtures.ts';

const RS = '\x1e';
const hubPath = '/hubs/notifications';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 1000, what = 'condition') {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

let notificationId = 1000;
function notificationFor(userId: number, title = 'Order accepted'): BusEvents['notification'] {
  notificationId++;
  return {
    userId,
    notification: {
      id: notificationId,
      title,
      message: `Notification ${notificationId}`,
      link: '',
      createdAt: new Date().toISOString(),
      isRead: false,
    },
  };
}

/**
 * What a browser puts on the wire: no headers on the WebSocket, the token in `access_token`.
 * (In Node the client sends an Authorization header instead.)
 */
class BrowserLikeWebSocket extends WebSocket {
  constructor(
    url: string,
    protocols?: string | string[],
    options?: { headers?: Record<string, string> },
  ) {
    const target = new URL(url);
    const authorization = options?.headers?.Authorization;
    if (authorization) {
      target.searchParams.set('access_token', authorization.replace(/^Bearer /, ''));
    }
    super(target.toString(), protocols);
  }
}

/** A raw WebSocket client that splits frames into hub messages. */
interface RawClient {
  socket: WebSocket;
  messages: string[];
  frames: number;
  closed: Promise<{ code: number }>;
  send(text: string): void;
  /** Waits for a message beyond the first `from` ones that matches, and returns it. */
  next(match?: (message: string) => boolean, timeoutMs?: number): Promise<string>;
}

describe.each(drivers)('notifications hub (%s)', (driver) => {
  let t: TestApp;
  let tokens: ReturnType<typeof tokenService>;
  let seller: { id: number };
  let other: { id: number };
  let blocked: { id: number };
  let sellerToken: string;
  let otherToken: string;

  const apps: FastifyInstance[] = [];
  const buses: Bus[] = [];
  const hubConnections: HubConnection[] = [];
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver);
    tokens = tokenService(t.config.jwtSecret, 3600);
    seller = await createSeller(t.database.db, { name: 'Hub Seller' });
    other = await createSeller(t.database.db, { name: 'Other Seller' });
    blocked = await createSeller(t.database.db, { name: 'Blocked Seller' });
    await t.database.db
      .update(users)
      .set({ statusId: UserStatus.blocked })
      .where(eq(users.id, blocked.id));
    sellerToken = await tokens.sign({ id: seller.id, userType: 72, name: 'Hub Seller' });
    otherToken = await tokens.sign({ id: other.id, userType: 72, name: 'Other Seller' });
  });

  afterEach(async () => {
    await Promise.all(hubConnections.splice(0).map((connection) => connection.stop()));
    for (const socket of sockets.splice(0)) socket.terminate();
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The real app (as buildApp makes it), with the hub, listening. */
  async function startApp(options: { bus?: Bus; port?: number } = {}) {
    const app = await buildApp({
      config: t.config,
      database: t.database,
      bus: options.bus ?? t.bus,
    });
    if (!app.hasDecorator('tokens')) {
      await app.register(authPlugin, {
        secret: t.config.jwtSecret,
        ttlSeconds: t.config.jwtTtlSeconds,
      });
    }
    if (!app.hasPlugin('hub')) await app.register(hub, { secret: t.config.jwtSecret });
    apps.push(app);
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    return serverOf(app);
  }

  /** Only what the hub needs, with short timings for the protocol's edge cases. */
  async function startBareApp(options: HubOptions = {}) {
    const app = Fastify();
    await app.register(errors);
    await app.register(dbPlugin, { database: t.database, bus: t.bus });
    await app.register(authPlugin, { secret: t.config.jwtSecret, ttlSeconds: 3600 });
    await app.register(hub, options);
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return serverOf(app);
  }

  function serverOf(app: FastifyInstance) {
    const { port } = app.server.address() as { port: number };
    return {
      app,
      port,
      url: `http://127.0.0.1:${port}${hubPath}`,
      wsUrl: `ws://127.0.0.1:${port}${hubPath}`,
    };
  }

  function client(
    url: string,
    token: string | null,
    options: {
      skipNegotiation?: boolean;
      browserLike?: boolean;
    } = {},
  ) {
    const connection = new HubConnectionBuilder()
      .withUrl(url, {
        ...(token === null ? {} : { accessTokenFactory: () => token }),
        ...(options.skipNegotiation
          ? { skipNegotiation: true, transport: HttpTransportType.WebSockets }
          : {}),
        ...(options.browserLike ? { WebSocket: BrowserLikeWebSocket } : {}),
      })
      .withAutomaticReconnect([0, 2000, 10000, 30000])
      .configureLogging(LogLevel.None)
      .build();
    connection.serverTimeoutInMilliseconds = 30_000;
    connection.keepAliveIntervalInMilliseconds = 15_000;
    hubConnections.push(connection);
    const received: NotificationEntry[][] = [];
    connection.on('ReceiveNotification', (entries: NotificationEntry[]) => received.push(entries));
    return { connection, received };
  }

  function raw(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      sockets.push(socket);
      const state: RawClient = {
        socket,
        messages: [],
        frames: 0,
        closed: new Promise((done) => socket.on('close', (code) => done({ code }))),
        send: (text) => socket.send(text),
        async next(match = () => true, timeoutMs = 1000) {
          let found: string | undefined;
          await until(
            () => (found = state.messages.find(match)) !== undefined,
            timeoutMs,
            'a hub message',
          );
          state.messages.splice(state.messages.indexOf(found!), 1);
          return found!;
        },
      };
      socket.on('message', (data) => {
        state.frames++;
        const text = data.toString();
        for (const part of text.split(RS)) if (part) state.messages.push(part + RS);
      });
      socket.once('open', () => resolve(state));
      socket.once('error', reject);
    });
  }

  /** The HTTP status with which an upgrade is refused. */
  function refusal(url: string, headers: Record<string, string> = {}): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      sockets.push(socket);
      socket.once('open', () => reject(new Error('the upgrade was accepted')));
      socket.once('error', (error) => {
        const status = /Unexpected server response: (\d+)/.exec(error.message);
        if (status) resolve(Number(status[1]));
        else reject(error);
      });
    });
  }

  async function negotiate(url: string, token: string | null) {
    const response = await fetch(`${url}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function connectedRaw(wsUrl: string, token: string) {
    const socket = await raw(`${wsUrl}?access_token=${encodeURIComponent(token)}`);
    socket.send(`{"protocol":"json","version":1}${RS}`);
    expect(await socket.next()).toBe(`{}${RS}`);
    return socket;
  }

  it('delivers a user their own notifications, to every tab, and nobody else’s', async () => {
    const server = await startApp();
    const tab1 = client(server.url, sellerToken);
    const tab2 = client(server.url, sellerToken);
    const stranger = client(server.url, otherToken);
    await Promise.all([tab1, tab2, stranger].map(({ connection }) => connection.start()));
    expect(tab1.connection.state).toBe(HubConnectionState.Connected);
    expect(tab1.connection.connectionId).toMatch(/^[\w-]{22}$/);
    expect(server.app.hub.connectionCount(seller.id)).toBe(2);

    const event = notificationFor(seller.id);
    const sent = Date.now();
    await t.bus.publish('notification', event);
    await until(() => tab1.received.length > 0 && tab2.received.length > 0, 1000, 'delivery');
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(tab1.received).toEqual([[{ userId: seller.id, notification: event.notification }]]);
    expect(tab2.received).toEqual(tab1.received);

    // Someone else's notification reaches only them.
    const theirs = notificationFor(other.id);
    await t.bus.publish('notification', theirs);
    await until(() => stranger.received.length > 0, 1000, 'the other user’s delivery');
    await sleep(200);
    expect(tab1.received).toHaveLength(1);
    expect(tab2.received).toHaveLength(1);
    expect(stranger.received).toEqual([[{ userId: other.id, notification: theirs.notification }]]);

    // A closed tab leaves the registry; the other keeps receiving.
    await tab1.connection.stop();
    await until(() => server.app.hub.connectionCount(seller.id) === 1, 1000, 'unregistering');
    await t.bus.publish('notification', notificationFor(seller.id));
    await until(() => tab2.received.length === 2, 1000, 'the second delivery');
    expect(tab1.received).toHaveLength(1);
  });

  it('refuses missing, tampered, expired and blocked sessions, on negotiate and on the socket', async () => {
    const server = await startApp();
    const [header, payload, signature] = sellerToken.split('.');
    const tampered = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: String(other.id), userType: 72, exp: 9999999999 })).toString('base64url')}.${signature}`;
    const expired = await tokenService(t.config.jwtSecret, -60).sign({
      id: seller.id,
      userType: 72,
      name: 'Hub Seller',
    });
    const blockedToken = await tokens.sign({ id: blocked.id, userType: 72, name: 'Blocked' });
    const strangerSecret = await tokenService('x'.repeat(48), 3600).sign({
      id: seller.id,
      userType: 72,
      name: 'Hub Seller',
    });

    for (const token of [null, tampered, forged, expired, blockedToken, strangerSecret]) {
      const answer = await negotiate(server.url, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, data: null });
      const { connection } = client(server.url, token);
      await expect(connection.start()).rejects.toThrow();
      expect(connection.state).toBe(HubConnectionState.Disconnected);
      // Straight to the socket, by query and by header.
      const query = token === null ? '' : `?access_token=${encodeURIComponent(token)}`;
      expect(await refusal(`${server.wsUrl}${query}`)).toBe(401);
      expect(
        await refusal(server.wsUrl, token === null ? {} : { Authorization: `Bearer ${token}` }),
      ).toBe(401);
      const skipping = client(server.url, token, { skipNegotiation: true });
      await expect(skipping.connection.start()).rejects.toThrow();
    }
    expect((await negotiate(server.url, expired)).body.message).toBe(
      translate('ar', 'session_expired'),
    );
    expect(server.app.hub.connectionCount()).toBe(0);
  });

  it('binds a negotiated connection token to its user and accepts it once', async () => {
    const server = await startApp();
    const answer = await negotiate(server.url, sellerToken);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([
      'availableTransports',
      'connectionId',
      'connectionToken',
      'negotiateVersion',
    ]);
    expect(answer.body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    const id = encodeURIComponent(String(answer.body.connectionToken));

    // Another user cannot use it.
    expect(await refusal(`${server.wsUrl}?id=${id}&access_token=${otherToken}`)).toBe(403);
    // Nor can anyone without a session.
    expect(await refusal(`${server.wsUrl}?id=${id}`)).toBe(401);
    // Made-up ids are unknown.
    expect(await refusal(`${server.wsUrl}?id=nope&access_token=${sellerToken}`)).toBe(404);
    expect(
      await refusal(
        `${server.wsUrl}?id=${encodeURIComponent(String(answer.body.connectionId))}&access_token=${sellerToken}`,
      ),
    ).toBe(404);

    const first = await raw(`${server.wsUrl}?id=${id}&access_token=${sellerToken}`);
    first.send(`{"protocol":"json","version":1}${RS}`);
    expect(await first.next()).toBe(`{}${RS}`);
    // Single use.
    expect(await refusal(`${server.wsUrl}?id=${id}&access_token=${sellerToken}`)).toBe(404);
  });

  it('connects with skipNegotiation over WebSockets, with the token in access_token', async () => {
    const server = await startApp();
    // The token in the query string, as a browser sends it.
    const browser = client(server.url, sellerToken, { skipNegotiation: true, browserLike: true });
    // The token in a header, as Node sends it.
    const node = client(server.url, sellerToken, { skipNegotiation: true });
    // Negotiate, then a browser-style socket.
    const negotiated = client(server.url, sellerToken, { browserLike: true });
    await Promise.all([browser, node, negotiated].map(({ connection }) => connection.start()));
    expect(server.app.hub.connectionCount(seller.id)).toBe(3);

    const event = notificationFor(seller.id);
    await t.bus.publish('notification', event);
    await until(
      () => [browser, node, negotiated].every(({ received }) => received.length === 1),
      1000,
      'delivery to all three',
    );
    expect(browser.received[0]).toEqual([{ userId: seller.id, notification: event.notification }]);
  });

  it('comes back after a server restart on the same port and receives from the new server', async () => {
    const first = await startApp();
    const { connection, received } = client(first.url, sellerToken);
    await connection.start();
    let reconnecting = 0;
    let reconnected = 0;
    connection.onreconnecting(() => reconnecting++);
    connection.onreconnected(() => reconnected++);

    const closing = Date.now();
    await first.app.close();
    apps.splice(apps.indexOf(first.app), 1);
    // The server said goodbye with allowReconnect, so the client does not just stop.
    expect(Date.now() - closing).toBeLessThan(2000);
    await until(() => reconnecting === 1, 1000, 'onreconnecting');
    expect(connection.state).toBe(HubConnectionState.Reconnecting);

    const second = await startApp({ port: first.port });
    await until(() => reconnected === 1, 8000, 'onreconnected');
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(second.app.hub.connectionCount(seller.id)).toBe(1);

    const event = notificationFor(seller.id, 'After restart');
    await t.bus.publish('notification', event);
    await until(() => received.length === 1, 1000, 'delivery after the restart');
    expect(received[0]![0]!.notification.title).toBe('After restart');
  });

  it.runIf(process.env.REDIS_URL)(
    'delivers a notification published on another instance through Redis',
    async () => {
      const busA = await createBus(process.env.REDIS_URL!);
      const busB = await createBus(process.env.REDIS_URL!);
      buses.push(busA, busB);
      const a = await startApp({ bus: busA });
      const b = await startApp({ bus: busB });
      const { connection, received } = client(a.url, sellerToken);
      await connection.start();
      expect(b.app.hub.connectionCount(seller.id)).toBe(0);

      const event = notificationFor(seller.id, 'From instance B');
      await busB.publish('notification', event);
      await until(
        () => received.some(([entry]) => entry!.notification.id === event.notification.id),
        2000,
        'delivery through Redis',
      );
      const entries = received.find(([entry]) => entry!.notification.id === event.notification.id);
      expect(entries).toEqual([{ userId: seller.id, notification: event.notification }]);
    },
  );

  describe('protocol edge cases (raw WebSocket)', () => {
    it('answers a bad handshake with an error and closes', async () => {
      const server = await startBareApp();
      const socket = await raw(`${server.wsUrl}?access_token=${sellerToken}`);
      socket.send(`{"protocol":"messagepack","version":1}${RS}`);
      const answer = await socket.next();
      expect(answer.endsWith(RS)).toBe(true);
      expect(Object.keys(JSON.parse(answer.slice(0, -1)))).toEqual(['error']);
      expect(answer).toContain('messagepack');
      await socket.closed;

      const wrongVersion = await raw(`${server.wsUrl}?access_token=${sellerToken}`);
      wrongVersion.send(`{"protocol":"json","version":2}${RS}`);
      expect(JSON.parse((await wrongVersion.next()).slice(0, -1))).toHaveProperty('error');
      await wrongVersion.closed;

      const garbage = await raw(`${server.wsUrl}?access_token=${sellerToken}`);
      garbage.send(`hello${RS}`);
      expect(JSON.parse((await garbage.next()).slice(0, -1))).toHaveProperty('error');
      await garbage.closed;
      expect(server.app.hub.connectionCount()).toBe(0);
    });

    it('survives garbage, answers unknown invocations, ignores sends, handles batched frames', async () => {
      const server = await startBareApp();
      const socket = await raw(`${server.wsUrl}?access_token=${sellerToken}`);
      // The handshake and an invocation in one frame.
      socket.send(
        `{"protocol":"json","version":1}${RS}{"type":1,"invocationId":"1","target":"Nope","arguments":[]}${RS}`,
      );
      expect(await socket.next()).toBe(`{}${RS}`);
      expect(await socket.next()).toBe(
        `{"type":3,"invocationId":"1","error":"Unknown hub method 'Nope'"}${RS}`,
      );

      for (const junk of [
        `not json${RS}`,
        `${RS}${RS}`,
        `{"type":"1"}${RS}`,
        `[1,2,3]${RS}null${RS}`,
        `{"type":1,"target":5}${RS}`,
        `{"type":1,"target":"X","invocationId":7}${RS}`,
        `{"type":99}${RS}`,
        `{"type":6}${RS}`,
        `{"type":3,"invocationId":"9","result":1}${RS}`,
      ]) {
        socket.send(junk);
      }
      socket.socket.send(Buffer.from([0xff, 0x00, 0x1e, 0x7b]));
      // send() (no invocationId) gets no answer; the next invoke does.
      socket.send(`{"type":1,"target":"Nope","arguments":[]}${RS}`);
      socket.send(`{"type":4,"invocationId":"2","target":"Stream","arguments":[]}${RS}`);
      expect(await socket.next()).toBe(
        `{"type":3,"invocationId":"2","error":"Unknown hub method 'Stream'"}${RS}`,
      );
      await sleep(100);
      expect(socket.messages.filter((message) => !message.startsWith('{"type":6'))).toEqual([]);
      expect(socket.socket.readyState).toBe(WebSocket.OPEN);

      // Still delivering, with exactly the protocol's fields and only the five notification fields.
      const event = notificationFor(seller.id);
      await t.bus.publish('notification', {
        ...event,
        notification: { ...event.notification, secret: 'x' },
        extra: true,
      } as BusEvents['notification']);
      expect(await socket.next((message) => message.startsWith('{"type":1'))).toBe(
        JSON.stringify({
          type: 1,
          target: 'ReceiveNotification',
          arguments: [[{ userId: seller.id, notification: event.notification }]],
        }) + RS,
      );
      // A close message from the client ends the connection.
      socket.send(`{"type":7}${RS}`);
      await socket.closed;
      await until(() => server.app.hub.connectionCount() === 0, 1000, 'unregistering');
    });

    it('sends pings, and drops clients that stay silent or never shake hands', async () => {
      const server = await startBareApp({
        keepAliveIntervalMs: 50,
        clientTimeoutMs: 400,
        handshakeTimeoutMs: 200,
      });
      const socket = await connectedRaw(server.wsUrl, sellerToken);
      expect(await socket.next((message) => message === `{"type":6}${RS}`, 500)).toBe(
        `{"type":6}${RS}`,
      );
      // Pinging back keeps the connection; silence does not.
      const pinger = setInterval(() => socket.send(`{"type":6}${RS}`), 50);
      await sleep(600);
      clearInterval(pinger);
      expect(socket.socket.readyState).toBe(WebSocket.OPEN);
      const silentSince = Date.now();
      await socket.closed;
      expect(Date.now() - silentSince).toBeGreaterThanOrEqual(350);

      const shy = await raw(`${server.wsUrl}?access_token=${sellerToken}`);
      const started = Date.now();
      await shy.closed;
      expect(Date.now() - started).toBeLessThan(1000);
      expect(shy.messages).toEqual([]);
      await until(() => server.app.hub.connectionCount() === 0, 1000, 'unregistering');
    });

    it('limits message size and expires unused connection tokens', async () => {
      const server = await startBareApp({ maxMessageBytes: 1024, connectionTokenTtlMs: 150 });
      const big = await connectedRaw(server.wsUrl, sellerToken);
      big.send(`{"type":1,"target":"${'x'.repeat(2000)}","arguments":[]}${RS}`);
      expect((await big.closed).code).toBe(1009);
      // A message cut across frames still has to fit.
      const split = await connectedRaw(server.wsUrl, sellerToken);
      for (let i = 0; i < 3; i++) split.send('y'.repeat(600));
      expect((await split.closed).code).toBe(1009);
      // The server is fine.
      const fine = await connectedRaw(server.wsUrl, sellerToken);
      fine.send(`{"type":1,"invocationId":"a","target":"${'z'.repeat(300)}","arguments":[]}${RS}`);
      expect(await fine.next()).toContain(`"error":"Unknown hub method 'zzz`);

      const answer = await negotiate(server.url, sellerToken);
      await sleep(250);
      const id = encodeURIComponent(String(answer.body.connectionToken));
      expect(await refusal(`${server.wsUrl}?id=${id}&access_token=${sellerToken}`)).toBe(404);
    });

    it('says goodbye with allowReconnect on close, and leaves other upgrade paths alone', async () => {
      const server = await startBareApp();
      expect(await refusal(`ws://127.0.0.1:${server.port}/elsewhere`)).toBe(404);
      const socket = await connectedRaw(server.wsUrl, sellerToken);
      const closing = Date.now();
      await server.app.close();
      apps.splice(apps.indexOf(server.app), 1);
      expect(Date.now() - closing).toBeLessThan(1500);
      expect(socket.messages).toContain(`{"type":7,"allowReconnect":true}${RS}`);
      expect((await socket.closed).code).toBe(1000);
      expect(server.app.hub.connectionCount()).toBe(0);
    });

    it('ends a connection when its session expires, inviting a reconnect', async () => {
      const server = await startBareApp();
      const shortLived = await tokenService(t.config.jwtSecret, 2).sign({
        id: seller.id,
        userType: 72,
        name: 'Hub Seller',
      });
      const socket = await connectedRaw(server.wsUrl, shortLived);
      expect(await socket.next((message) => message.startsWith('{"type":7'), 2500)).toBe(
        `{"type":7,"error":"Session expired.","allowReconnect":true}${RS}`,
      );
      await socket.closed;
    });

    it('answers negotiate version 0 with the token as the connection id', async () => {
      const server = await startBareApp();
      const response = await fetch(`${server.url}/negotiate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sellerToken}` },
      });
      const body = (await response.json()) as Record<string, unknown>;
      expect(body.negotiateVersion).toBe(0);
      expect(body.connectionId).toBe(body.connectionToken);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const id = encodeURIComponent(String(body.connectionId));
      const socket = await raw(`${server.wsUrl}?id=${id}&access_token=${sellerToken}`);
      socket.send(`{"protocol":"json","version":1}${RS}`);
      expect(await socket.next()).toBe(`{}${RS}`);
    });
  });
});
