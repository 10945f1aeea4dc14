import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { PGlite as PGlite17 } from 'pglite-postgres17';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/client.ts';
import { seedReference } from '../../server/db/seed/reference.ts';
import { projectRoot } from '../../server/paths.ts';

/*
 * A data folder written by the earlier release (PGlite 0.3, PostgreSQL 17) is upgraded at start:
 * every row and every sequence's position arrive, the old files are kept beside the new ones,
 * and a start interrupted between the renames finishes them.
 */
const migrationsFolder = path.join(projectRoot, 'server', 'db', 'migrations');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The rows of a query (the embedded driver answers `{ rows }`). */
const rows = async <T>(db: Db, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

interface Snapshot {
  counts: Record<string, number>;
  users: string[];
}

async function snapshot(db: Db): Promise<Snapshot> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [result] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = result!.n;
  }
  const users = await rows<{ line: string }>(
    db,
    sql`select id || ' ' || email || ' ' || password_hash as line from users order by id`,
  );
  return { counts, users: users.map((row) => row.line) };
}

/** A DATA_DIR whose embedded database was written by PostgreSQL 17, with the reference data. */
async function folderFromPostgres17() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-upgrade-'));
  folders.push(dataDir);
  const old = new PGlite17({ dataDir: path.join(dataDir, 'pglite') });
  const db = drizzle(old as never) as unknown as Db;
  await migrate(drizzle(old as never), { migrationsFolder });
  await seedReference(db, { adminPassword: 'Admin@12345' });
  // A deleted row: the next id must continue after it, not reuse it.
  await db.execute(
    sql`insert into users (user_type, name, email, password_hash, slug)
        select user_type, 'Gone', 'gone@example.ps', password_hash, 'gone' from users limit 1`,
  );
  await db.execute(sql`delete from users where email = 'gone@example.ps'`);
  const before = await snapshot(db);
  const [{ id: lastId }] = (await rows<{ id: number }>(
    db,
    sql`select max(id)::int as id from users`,
  )) as [{ id: number }];
  await old.close();
  return { dataDir, before, lastId };
}

describe('the embedded database from the earlier release', () => {
  it('is copied whole into PostgreSQL 18, the old files kept beside it', async () => {
    const { dataDir, before, lastId } = await folderFromPostgres17();
    expect(readFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toBe('17');

    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const settings = await rows<{ v: string; buffers: string; fsync: string }>(
        database.db,
        sql`select version() as v, current_setting('shared_buffers') as buffers,
                   current_setting('fsync') as fsync`,
      );
      expect(settings[0]).toMatchObject({ buffers: '16MB', fsync: 'on' });
      expect(settings[0]!.v).toContain('PostgreSQL 18');
      const after = await snapshot(database.db);
      expect(after).toEqual(before);
      expect(Object.values(after.counts).some((n) => n > 0)).toBe(true);
      // The users' sequence continues past the deleted row.
      const inserted = await rows<{ id: number }>(
        database.db,
        sql`insert into users (user_type, name, email, password_hash, slug)
            select user_type, 'New', 'new@example.ps', password_hash, 'new' from users limit 1
            returning id`,
      );
      expect(inserted[0]!.id).toBe(lastId + 2);
    } finally {
      await database.close();
    }
    expect(readFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toBe('18');
    const kept = path.join(dataDir, 'pglite-postgres17');
    expect(readFileSync(path.join(kept, 'PG_VERSION'), 'utf8').trim()).toBe('17');
    expect(existsSync(path.join(dataDir, 'pglite.upgrading'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pglite.upgraded'))).toBe(false);

    // A second start opens the upgraded files as they are.
    const again = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await snapshot(again.db)).counts).toEqual({
        ...before.counts,
        users: before.counts.users! + 1,
      });
    } finally {
      await again.close();
    }
    expect(existsSync(path.join(dataDir, 'pglite-postgres17-2'))).toBe(false);
  }, 120_000);

  it('finishes an upgrade that stopped between its renames', async () => {
    const { dataDir, before } = await folderFromPostgres17();
    const first = await openDatabase({ databaseUrl: null, dataDir });
    await first.close();
    // As if the process had stopped after the copy was complete, before it took the place.
    renameSync(path.join(dataDir, 'pglite'), path.join(dataDir, 'pglite.upgraded'));
    renameSync(path.join(dataDir, 'pglite-postgres17'), path.join(dataDir, 'pglite'));

    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(await snapshot(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
    expect(readFileSync(path.join(dataDir, 'pglite-postgres17', 'PG_VERSION'), 'utf8').trim()).toBe(
      '17',
    );
  }, 120_000);
});
