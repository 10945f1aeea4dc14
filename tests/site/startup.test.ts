import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { users, vehicles } from '../../server/db/schema.ts';
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
});
