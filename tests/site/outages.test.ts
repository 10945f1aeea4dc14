import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, describe, expect, it } from 'vitest';
import type { BusEvents } from '../../server/lib/bus.ts';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import { createSeller, createVehicle } from '../api/fixtures.ts';
import { startSite, type Site } from './harness.ts';
import { until } from './processes.ts';
import { canRunPostgres, canRunRedis, privatePostgres, privateRedis } from './private-services.ts';

let signUps = 0;
function signUp(site: Site) {
  signUps++;
  return site.fetch('/api/User/CustomerSignUp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({
      name: 'Outage Buyer',
      email: `outage-${signUps}@example.ps`,
      mobile: '0599123123',
      ssn: '123456782',
      addressState: 2,
      addressCity: 13,
      addressInfo: 'Nablus',
      password: 'Keep@1234',
      confirmPassword: 'Keep@1234',
    }),
  });
}

// A real restart of a PostgreSQL server (our own: the machine's is shared): every pooled
// connection dies, and the port refuses while it is down.
describe.runIf(canRunPostgres)('PostgreSQL restarted under the site', () => {
  let postgres: Awaited<ReturnType<typeof privatePostgres>> | undefined;
  let site: Site | undefined;
  afterAll(async () => {
    await site?.close();
    postgres?.close();
  });

  it('keeps serving cached pages, answers writes 503 while it is down, and reconnects by itself', async () => {
    postgres = await privatePostgres();
    site = await startSite('postgres', {
      databaseUrl: postgres.url,
      env: { AUTH_RATE_LIMIT: '1000', PAGE_WARMUP: 'false' },
    });
    expect((await signUp(site)).status).toBe(200);
    await site.fetch('/');
    expect((await site.fetch('/')).headers.get('x-cache')).toBe('HIT');

    // Visitors keep coming through the outage: 20 clients reading the cached home page.
    let visiting = true;
    const pageAnswers = new Map<number, number>();
    const visitors = Array.from({ length: 20 }, async () => {
      while (visiting) {
        const status = await site!.fetch('/').then(
          async (response) => (await response.arrayBuffer(), response.status),
          () => 0,
        );
        pageAnswers.set(status, (pageAnswers.get(status) ?? 0) + 1);
      }
    });

    postgres.stop();
    const cached = await site.fetch('/');
    expect(cached.status).toBe(200);
    expect(await cached.text()).toContain('<html lang="ar"');
    const write = await signUp(site);
    expect(write.status).toBe(503);
    expect(write.headers.get('retry-after')).toBe('5');
    expect((await write.json()).success).toBe(false);
    expect((await site.fetch('/api/health')).status).toBe(503);

    postgres.start();
    // No restart of the site: the pool opens new connections once the server is back.
    await until(async () => (await signUp(site!)).status === 200, 30_000, 'a write to succeed');
    expect((await site.fetch('/api/health')).status).toBe(200);
    expect((await site.fetch('/')).status).toBe(200);
    visiting = false;
    await Promise.all(visitors);
    // Every visit through the stop and the restart was answered with the page.
    expect([...pageAnswers.keys()]).toEqual([200]);
    expect(pageAnswers.get(200)).toBeGreaterThan(20);
  }, 180_000);
});

// Redis carries the purges and the hub's notifications between instances; a restart of it
// must not need a restart of the instances.
describe.runIf(process.env.DATABASE_URL && canRunRedis)(
  'Redis restarted under two instances',
  () => {
    let redis: Awaited<ReturnType<typeof privateRedis>> | undefined;
    const sites: Site[] = [];
    let hub: HubConnection | undefined;
    afterAll(async () => {
      await hub?.stop();
      for (const site of sites.reverse()) await site.close();
      await redis?.close();
    });

    it("purges the other instance's page and reaches its hub clients again after the restart", async () => {
      redis = await privateRedis();
      const env = { REDIS_URL: redis.url, PAGE_WARMUP: 'false' };
      const first = await startSite('postgres', { env });
      sites.push(first);
      const second = await startSite('postgres', { env, databaseUrl: first.databaseUrl! });
      sites.push(second);

      const seller = await createSeller(first.database.db, { name: 'Redis Restart' });
      const vehicle = await createVehicle(first.database.db, first.bus, {
        ownerId: seller.id,
        price: 50_000,
      });
      const page = `/vehicle/${vehicle.slug}`;
      await second.fetch(page);
      expect((await second.fetch(page)).headers.get('x-cache')).toBe('HIT');

      // A hub client of the second instance, signed in as the first admin.
      const signIn = await second.fetch('/api/User/UserLogin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.ps', password: second.config.adminPassword }),
      });
      const session = ((await signIn.json()) as { data: { id: number; token: string } }).data;
      const received: number[] = [];
      hub = new HubConnectionBuilder()
        .withUrl(`${second.origin}/hubs/notifications`, { accessTokenFactory: () => session.token })
        .configureLogging(LogLevel.None)
        .build();
      hub.on('ReceiveNotification', (entries: BusEvents['notification'][]) => {
        for (const entry of entries) received.push(entry.notification.id);
      });
      await hub.start();

      await redis.stop();
      // Pages are still served while Redis is away.
      expect((await second.fetch(page)).status).toBe(200);
      await redis.start();

      // Published on the first instance, shown by the second without any restart of theirs. A
      // change made while the subscriber is still reconnecting may be missed, so repeat until one
      // arrives (the page's 60 s freshness would otherwise keep the old price).
      let price = 50_000;
      await until(
        async () => {
          price += 1_000;
          await vehicleRepository(first.database.db, first.bus).update(vehicle.id, { price });
          await new Promise((resolve) => setTimeout(resolve, 200));
          const text = await (await second.fetch(page)).text();
          return text.includes(price.toLocaleString('en-US'));
        },
        30_000,
        'the purge to reach the second instance',
      );

      let id = 900_000;
      await until(
        async () => {
          id++;
          await first.bus.publish('notification', {
            userId: session.id,
            notification: {
              id,
              title: 'After the Redis restart',
              message: 'Delivered through the new connection',
              link: '',
              createdAt: new Date().toISOString(),
              isRead: false,
            },
          });
          await new Promise((resolve) => setTimeout(resolve, 200));
          return received.length > 0;
        },
        30_000,
        'a notification from the first instance',
      );
      expect(received[0]).toBeGreaterThan(900_000);
    }, 180_000);
  },
);
