import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database runs PostgreSQL 18 (PGlite 0.5). A data folder written by the earlier
 * release, PostgreSQL 17 (PGlite 0.3), cannot be opened by it: PostgreSQL keeps no file
 * compatibility across major versions. At start such a folder is copied, table by table, into a
 * new one, which then takes its place; the old folder stays beside it, untouched, as
 * `<folder>-postgres17`, until the operator removes it.
 *
 * Every step can be interrupted: the copy is built under `<folder>.upgrading` (thrown away and
 * redone if a start finds it), becomes `<folder>.upgraded` only once complete and checked, and
 * the next start finishes the renames from there. The old folder is never written to, except for
 * bringing it to the latest migration first, as any start of the earlier release would have done.
 */

/** The major version of PostgreSQL inside the PGlite the server runs. */
export const EMBEDDED_MAJOR = '18';

type Migrate = (client: PGlite) => Promise<void>;

interface UpgradeOptions {
  /** Opens the current PGlite on a folder (the server's settings, durable files). */
  open: (dir: string) => Promise<PGlite>;
  /** Brings a client to the latest migration (drizzle's migrator on that client). */
  migrate: Migrate;
  log?: (line: string) => void;
}

const majorVersion = (dir: string) => {
  const file = `${dir}/PG_VERSION`;
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
};

/** The place the old folder is kept: `-postgres17`, or `-postgres17-2`... if that is taken. */
function keptName(dir: string, major: string): string {
  let name = `${dir}-postgres${major}`;
  for (let n = 2; existsSync(name); n++) name = `${dir}-postgres${major}-${n}`;
  return name;
}

/** Upgrades `dir` in place when it holds an earlier PostgreSQL's files; otherwise does nothing. */
export async function upgradeEmbeddedFolder(dir: string, options: UpgradeOptions): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const staging = `${dir}.upgrading`;
  const upgraded = `${dir}.upgraded`;
  if (existsSync(upgraded)) return finish(dir, upgraded, log);
  const major = majorVersion(dir);
  if (major === null || major === EMBEDDED_MAJOR) return;
  if (major !== '17') {
    throw new Error(
      `The embedded database in ${dir} was written by PostgreSQL ${major}, which this version ` +
        `cannot read or upgrade (only 17 is). Start with an empty DATA_DIR, or restore a dump.`,
    );
  }
  log(`Upgrading the embedded database in ${dir} from PostgreSQL 17 to ${EMBEDDED_MAJOR} ...`);
  const started = Date.now();
  rmSync(staging, { recursive: true, force: true });
  const { PGlite: PGlite17 } = await import('pglite-postgres17');
  const source = new PGlite17({ dataDir: dir });
  try {
    await source.waitReady;
    await options.migrate(source as unknown as PGlite);
    const target = await options.open(staging);
    try {
      await options.migrate(target);
      await copyAll(source as unknown as PGlite, target);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
  renameSync(staging, upgraded);
  finish(dir, upgraded, log);
  log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Puts a complete copy in place, keeping the folder it replaces. */
function finish(dir: string, upgraded: string, log: (line: string) => void) {
  if (existsSync(dir)) {
    const kept = keptName(dir, majorVersion(dir) ?? 'old');
    renameSync(dir, kept);
    log(`  the PostgreSQL 17 files are kept in ${kept}; remove them once the data is checked`);
  }
  renameSync(upgraded, dir);
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every row of every table of the public schema, and every sequence's position, from
 * `source` to `target`, whose schema is the same (both at the latest migration). Foreign keys
 * and triggers wait (`session_replication_role`), so tables go in any order. Each table's row
 * count is compared afterwards; a difference stops the upgrade before anything is renamed.
 */
async function copyAll(source: PGlite, target: PGlite) {
  const tables = (
    await source.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).rows.map((row) => row.name);
  await target.exec(`set session_replication_role = replica`);
  if (tables.length > 0) await target.exec(`truncate ${tables.map(quote).join(', ')}`);
  for (const table of tables) {
    const columns = (
      await source.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
          order by ordinal_position`,
        [table],
      )
    ).rows
      .map((row) => quote(row.name))
      .join(', ');
    const out = await source.query(`copy public.${quote(table)} (${columns}) to '/dev/blob'`);
    if (out.blob) {
      await target.query(`copy public.${quote(table)} (${columns}) from '/dev/blob'`, [], {
        blob: out.blob,
      });
    }
    const count = async (client: PGlite) =>
      (await client.query<{ n: number }>(`select count(*)::int as n from public.${quote(table)}`))
        .rows[0]!.n;
    const [before, after] = [await count(source), await count(target)];
    if (before !== after) {
      throw new Error(`upgrade: table ${table} has ${after} rows in the copy, ${before} before`);
    }
  }
  const sequences = await source.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences
      where schemaname = 'public'`,
  );
  for (const { name, value } of sequences.rows) {
    if (value !== null) {
      await target.query(`select setval($1, $2::bigint, true)`, [`public.${quote(name)}`, value]);
    }
  }
  await target.exec(`set session_replication_role = origin`);
}
