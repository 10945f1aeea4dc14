// Starts the built marketplace for browser tests on a fresh database: a new PGlite directory,
// or, when DATABASE_URL is set, a new PostgreSQL database beside the given one. Playwright
// waits for /api/ready (playwright.config.ts) and stops it with SIGTERM; the database and the
// data directory go with it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from '../server/db/fresh-database.ts';
import { serverEntry } from './server-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-e2e-'));
const { databaseUrl, drop } = await freshDatabase(process.env.DATABASE_URL, 'e2e');

// The server reads .env, and a developer's file must not reach the tests: every setting it could
// hold is set here, empty (the default) unless the environment gives it.
const settings = readFileSync(path.join(root, '.env.example'), 'utf8')
  .split('\n')
  .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
  .filter((name) => name !== undefined);
const env: Record<string, string> = {
  ...Object.fromEntries(settings.map((name) => [name, ''])),
  ...(process.env as Record<string, string>),
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  // The test hooks stand in for admin write paths (creating a notification) and read the outbox.
  E2E_TEST_HOOKS: '1',
  // Browser tests sign in many times from one address.
  AUTH_RATE_LIMIT: '1000',
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  // One process, as the tests count on one (rate limits and timers are per process); the
  // cluster is started only when asked for.
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || '1',
};

const child = spawn(process.execPath, [serverEntry], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  await drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
