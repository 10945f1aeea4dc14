import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/**
 * Events that every server instance must see: page-cache purges, notifications for the hub.
 * In-process by default; with Redis, published on a channel that every instance subscribes to.
 */
export interface BusEvents {
  /** Catalogue data changed: drop the cached pages carrying any of these tags. */
  purge: { tags: string[] };
  /** A notification was created for a user. */
  notification: {
    userId: number;
    notification: {
      id: number;
      title: string;
      message: string;
      link: string;
      createdAt: string;
      isRead: boolean;
    };
  };
  /** A user's sessions signed before `tokenVersion` ended (password change, block, delete). */
  sessionsRevoked: { userId: number; tokenVersion: number };
}

export type BusChannel = keyof BusEvents;
type Handler<C extends BusChannel> = (payload: BusEvents[C]) => void;

export interface Bus {
  publish<C extends BusChannel>(channel: C, payload: BusEvents[C]): Promise<void>;
  subscribe<C extends BusChannel>(channel: C, handler: Handler<C>): () => void;
  close(): Promise<void>;
}

interface Envelope {
  from: string;
  channel: BusChannel;
  payload: unknown;
}

const redisChannel = 'marketplace:events';

export async function createBus(redisUrl: string | null): Promise<Bus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (channel: BusChannel, payload: unknown) => {
    for (const listener of local.listeners(channel)) {
      try {
        (listener as (value: unknown) => void)(payload);
      } catch {
        // One failing subscriber must not stop the others.
      }
    }
  };
  const subscribe = <C extends BusChannel>(channel: C, handler: Handler<C>) => {
    local.on(channel, handler as (value: unknown) => void);
    return () => void local.off(channel, handler as (value: unknown) => void);
  };

  if (!redisUrl) {
    return {
      async publish(channel, payload) {
        deliver(channel, payload);
      },
      subscribe,
      async close() {
        local.removeAllListeners();
      },
    };
  }

  const { Redis } = await import('ioredis');
  const instance = randomUUID();
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  // Connection errors are retried by ioredis; they must not crash the process.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(redisChannel);
  subscriber.on('message', (_channel: string, raw: string) => {
    let message: Envelope;
    try {
      message = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    // Our own events were delivered locally at once when published.
    if (message.from !== instance) deliver(message.channel, message.payload);
  });

  return {
    async publish(channel, payload) {
      deliver(channel, payload);
      const message: Envelope = { from: instance, channel, payload };
      try {
        await publisher.publish(redisChannel, JSON.stringify(message));
      } catch {
        // Other instances catch up when their cached pages expire; this one is already current.
      }
    },
    subscribe,
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
