import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { freshDatabase } from '../../server/db/fresh-database.ts';
import { createBus, type Bus } from '../../server/lib/bus.ts';
import { openObjectStore } from '../../server/lib/storage/from-config.ts';
import type { ObjectStore } from '../../server/lib/storage/object-store.ts';
import { seedReference } from '../../server/db/seed/reference.ts';

export type Driver = 'pglite' | 'postgres';

/** Every API suite runs on the embedded database, and on PostgreSQL when DATABASE_URL is set. */
export const drivers: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  bus: Bus;
  /** Where the app keeps images (UPLOADS_DIR, or the bucket the env's S3_* name). */
  storage: ObjectStore;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database with the real migrations and the reference data
 * (and the demo catalogue when asked): a new in-memory PGlite, or a new PostgreSQL database
 * created beside DATABASE_URL's and dropped at the end.
 */
export async function createTestApp(
  driver: Driver,
  options: { demo?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-api-'));
  const { databaseUrl, drop: dropDatabase } = await freshDatabase(
    driver === 'postgres' ? process.env.DATABASE_URL : null,
    'api',
  );
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const database = await openDatabase({ databaseUrl, dataDir: null });
  await seedReference(database.db, { adminPassword: config.adminPassword });
  const storage = await openObjectStore(config);
  if (options.demo) {
    const { seedDemo } = await import('../../server/db/seed/demo.ts');
    await seedDemo(database.db, { storage });
  }
  const bus = await createBus(config.redisUrl);
  const app = await buildApp({ config, database, bus, storage });
  await app.ready();
  return {
    app,
    database,
    config,
    bus,
    storage,
    async close() {
      await app.close();
      storage.close();
      await bus.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The parsed envelope of an inject() answer. */
export function body<T = unknown>(response: {
  body: string;
}): {
  success: boolean;
  message: string;
  data: T;
} {
  return JSON.parse(response.body);
}
