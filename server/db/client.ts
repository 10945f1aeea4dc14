import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { projectRoot } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: the embedded PGlite and PostgreSQL share the dialect. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Answers true when a trivial query succeeds (health checks, recovery). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');

export interface OpenOptions {
  /** postgres://... to use PostgreSQL; otherwise PGlite. */
  databaseUrl: string | null;
  /** Directory for PGlite's files; `null` keeps the embedded database in memory (tests). */
  dataDir: string | null;
}

/** Opens the database and brings it to the latest committed migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  await migrate(drizzle(pool), { migrationsFolder });
  return {
    db,
    driver: 'postgres',
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite's start parameters: its own, with two changes.
 * - fsync stays on (PGlite turns it off with `-F`): an acknowledged write must survive a power
 *   cut, as on PostgreSQL (durable-nodefs.ts makes the flush reach the disk).
 * - 16 MB of shared buffers instead of PostgreSQL's 128 MB, which the embedded database would
 *   otherwise hold in memory from the first query on. It serves the demo and small catalogues;
 *   its files stay in the system's page cache, and a large catalogue runs on PostgreSQL.
 */
const pgliteStartParams = (defaults: readonly string[]) => [
  ...defaults.filter((param) => param !== '-F'),
  '-c',
  'shared_buffers=16MB',
];

async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const startParams = pgliteStartParams(PGlite.defaultStartParams);
  const toLatest = (client: PGlite) => migrate(drizzle(client), { migrationsFolder });
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    const { DurableNodeFS } = await import('./durable-nodefs.ts');
    const open = async (folder: string) => {
      mkdirSync(folder, { recursive: true });
      const opened = new PGlite({ fs: new DurableNodeFS(folder), startParams });
      await opened.waitReady;
      return opened;
    };
    const { upgradeEmbeddedFolder } = await import('./pglite-upgrade.ts');
    await upgradeEmbeddedFolder(dir, { open, migrate: toLatest });
    client = await open(dir);
  } else {
    client = new PGlite({ startParams });
    await client.waitReady;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  await toLatest(client);
  return {
    db,
    driver: 'pglite',
    async ping() {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
