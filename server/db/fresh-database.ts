import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  /** The new database's URL; null when there is no PostgreSQL (the caller uses PGlite). */
  databaseUrl: string | null;
  /** Drops the new database, closing any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database beside `baseUrl`'s (same server and credentials) for a test
 * suite, the browser-test server or the benchmark; without `baseUrl`, nothing to create. The
 * name starts with `prefix` and is unique per process and call.
 */
export async function freshDatabase(
  baseUrl: string | null | undefined,
  prefix: string,
): Promise<FreshDatabase> {
  if (!baseUrl) return { databaseUrl: null, drop: async () => {} };
  const name = `${prefix}_${process.pid}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(baseUrl, `create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => onServer(baseUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function onServer(baseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
