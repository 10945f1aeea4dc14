import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../server/db/fresh-database.ts';

const baseUrl = process.env.DATABASE_URL;

async function databases(prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}\\_%`],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

async function create(name: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`create database "${name}"`).finally(() => client.end());
}

describe.runIf(baseUrl)('fresh test databases', () => {
  it("drops a killed run's old database, and keeps a live or recent one", async () => {
    const prefix = 'orphantest';
    // No process has pid 4194304 or more on Linux (pid_max's ceiling).
    const deadPid = 4_194_305;
    const old = Date.now() - 7 * 3600 * 1000;
    const orphan = `${prefix}_${deadPid}_${old}_aaaaaa`;
    const recent = `${prefix}_${deadPid}_${Date.now()}_bbbbbb`;
    const live = `${prefix}_${process.pid}_${old}_cccccc`;
    for (const name of [orphan, recent, live]) await create(name);

    const fresh = await freshDatabase(baseUrl, prefix);
    try {
      const left = await databases(prefix);
      expect(left).not.toContain(orphan);
      expect(left).toEqual(expect.arrayContaining([recent, live]));
    } finally {
      await fresh.drop();
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      for (const name of [recent, live]) {
        await client.query(`drop database if exists "${name}" with (force)`);
      }
      await client.end();
    }
    expect(await databases(prefix)).toEqual([]);
  });
});
