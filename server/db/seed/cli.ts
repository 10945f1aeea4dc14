// Fills the configured database (DATABASE_URL, else the embedded one under DATA_DIR) with the
// reference data and a demo catalogue:
//
//   npx tsx server/db/seed/cli.ts [--vehicles N] [--sellers N] [--reset] [--verbose]
//
// --reset first removes every listing, order, payment, notification, visit and non-admin user
// (reference data and admins stay). Stop the server first when it uses the embedded database:
// only one process may open its files.
import { parseArgs } from 'node:util';
import { loadConfig, loadEnvFile } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { isEmpty, removeDemoData, seedDemo } from './demo.ts';
import { openObjectStore } from '../../lib/storage/from-config.ts';
import { seedReference } from './reference.ts';

const USAGE =
  'usage: npx tsx server/db/seed/cli.ts [--vehicles N] [--sellers N] [--reset] [--verbose]';

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name} must be a whole number above 0\n${USAGE}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      vehicles: { type: 'string' },
      sellers: { type: 'string' },
      reset: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const vehicles = count(values.vehicles, 'vehicles', 60);
  // About forty listings per seller unless told otherwise.
  const sellers = count(
    values.sellers,
    'sellers',
    Math.min(5000, Math.max(12, Math.round(vehicles / 40))),
  );

  loadEnvFile();
  const config = loadConfig();
  const span = (from: number, to = performance.now()) => `${((to - from) / 1000).toFixed(1)} s`;
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = await openObjectStore(config);
  try {
    const opened = performance.now();
    await seedReference(database.db, { adminPassword: config.adminPassword });
    if (values.reset) await removeDemoData(database.db);
    if (!(await isEmpty(database.db))) {
      console.error(
        'The marketplace already has sellers or vehicles; add --reset to replace them.',
      );
      process.exitCode = 1;
      return;
    }
    const demoStart = performance.now();
    const log = values.verbose
      ? (line: string) => console.log(`  ${span(demoStart)}  ${line}`)
      : undefined;
    await storage.verify();
    const summary = await seedDemo(database.db, { storage }, { vehicles, sellers, log });
    if (!summary) throw new Error('Another process seeded the marketplace meanwhile.');
    console.log(
      `Seeded ${database.driver}: ${summary.sellers} sellers, ${summary.vehicles} vehicles, ` +
        `${summary.images} photo rows in ${span(started)} (open ${span(started, opened)}, ` +
        `reference ${span(opened, demoStart)}, demo ${span(demoStart)})`,
    );
  } finally {
    storage.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
