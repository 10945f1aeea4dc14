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
  await dropOrphans(baseUrl, prefix);
  const name = `${prefix}_${process.pid}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(baseUrl, `create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      await onServer(baseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function onServer(baseUrl: string, statement: string, values?: unknown[]) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return (await admin.query<{ datname: string }>(statement, values)).rows;
  } finally {
    await admin.end();
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A killed run's database is dropped by a later run once it is this old. */
const ORPHAN_AGE_MS = 6 * 3600 * 1000;

/**
 * Drops this prefix's databases left by runs that were killed before dropping their own, so
 * repeated runs on one server do not pile them up: only when the process that made it has
 * ended and it is hours old (a run on another machine sharing the server is long over by then).
 */
async function dropOrphans(baseUrl: string, prefix: string): Promise<void> {
  const rows = await onServer(baseUrl, 'select datname from pg_database where datname like $1', [
    `${prefix}\\_%`,
  ]);
  for (const { datname } of rows) {
    const [, pid, made] = new RegExp(`^${prefix}_(\\d+)_(\\d+)`).exec(datname) ?? [];
    if (!pid || !made || Date.now() - Number(made) < ORPHAN_AGE_MS) continue;
    if (Number(pid) === process.pid || isRunning(Number(pid))) continue;
    await onServer(baseUrl, `drop database if exists "${datname}" with (force)`).catch(() => {});
  }
}
