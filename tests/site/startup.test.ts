import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { asc, count, desc, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { users, vehicles, visits } from '../../server/db/schema.ts';
import { warmupOrder } from '../../server/plugins/page-warmup.ts';
import { createServer } from '../../server/server.ts';

// The embedded default: PGlite files under DATA_DIR, demo data on the first start only.
describe('starting on the embedded defaults', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = () => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PAGE_WARMUP: 'false' });

  it('migrates and fills demo data on the first start, and keeps the data on the second', async () => {
    const first = await createServer(config());
    const [vehiclesAtFirst] = await first.database.db.select({ n: count() }).from(vehicles);
    expect(vehiclesAtFirst!.n).toBeGreaterThanOrEqual(60);
    const signUp = await first.app.inject({
      method: 'POST',
      url: '/api/User/CustomerSignUp',
      payload: {
        name: 'Kept Across Restarts',
        email: 'kept@example.ps',
        mobile: '0599123123',
        ssn: '123456782',
        addressState: 2,
        addressCity: 13,
        addressInfo: 'x',
        password: 'Keep@1234',
        confirmPassword: 'Keep@1234',
      },
    });
    expect(signUp.statusCode).toBe(200);
    const [usersAtFirst] = await first.database.db.select({ n: count() }).from(users);
    await first.app.close();

    const second = await createServer(config());
    const [vehiclesAtSecond] = await second.database.db.select({ n: count() }).from(vehicles);
    const [usersAtSecond] = await second.database.db.select({ n: count() }).from(users);
    expect(vehiclesAtSecond!.n).toBe(vehiclesAtFirst!.n);
    expect(usersAtSecond!.n).toBe(usersAtFirst!.n);
    const login = await second.app.inject({
      method: 'POST',
      url: '/api/User/UserLogin',
      payload: { email: 'kept@example.ps', password: 'Keep@1234' },
    });
    expect(login.statusCode).toBe(200);
    await second.app.close();
  }, 120_000);

  it('listens before warming, is ready once the home pages are in, and warms within the memory budget, most visited first', async () => {
    const server = await createServer(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PAGE_CACHE_MB: '2' }),
    );
    const { app, database } = server;
    try {
      // The least visited vehicle becomes the most visited one.
      const [top] = await database.db
        .select({ n: count() })
        .from(visits)
        .where(isNotNull(visits.vehicleId))
        .groupBy(visits.vehicleId)
        .orderBy(desc(count()))
        .limit(1);
      const [last] = await database.db
        .select({ id: vehicles.id })
        .from(vehicles)
        .orderBy(asc(vehicles.id))
        .limit(1);
      const extra = Array.from({ length: (top?.n ?? 0) + 5 }, () => ({
        ip: '127.0.0.1',
        route: `/vehicle/${last!.id}`,
        vehicleId: last!.id,
      }));
      await database.db.insert(visits).values(extra);
      const order = await warmupOrder(database.db, server.services, 1000);
      expect(order.slice(0, 2)).toEqual(['/', '/en/']);
      const firstVehicle = order.find((key) => key.startsWith('/vehicle/'));
      expect(firstVehicle).toBe(`/vehicle/${last!.id}`);

      // Nothing rendered before listening: the warm-up starts once the server listens.
      expect(app.pageCache.size).toBe(0);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const deadline = Date.now() + 30_000;
      let ready = await fetch(`${origin}/api/ready`);
      while (ready.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        ready = await fetch(`${origin}/api/ready`);
      }
      expect(ready.status).toBe(200);
      for (const home of ['/', '/en/']) {
        expect((await fetch(origin + home)).headers.get('x-cache'), home).toBe('HIT');
      }

      const warmed = await app.warmPageCache();
      // 2 MB hold a few pages of the demo catalogue's hundreds: the warm-up stops there.
      expect(warmed).toBeGreaterThan(3);
      expect(warmed).toBeLessThan(order.length);
      expect(app.pageCache.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
      expect(app.pageCache.has(`/vehicle/${last!.id}`)).toBe(true);
    } finally {
      await app.close();
    }
  }, 120_000);
});
