import { mkdirSync } from 'node:fs';
import path from 'node:path';
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

async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  if (dataDir) {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const { DurableNodeFS } = await import('./durable-nodefs.ts');
    client = new PGlite({ fs: new DurableNodeFS(dir) });
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(drizzle(client), { migrationsFolder });
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
