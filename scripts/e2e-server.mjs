// Starts the built marketplace for browser tests on a fresh database: a new PGlite directory,
// or, when DATABASE_URL is set, a new PostgreSQL database beside the given one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-e2e-'));
// The test hooks stand in for admin write paths (creating a notification) and read the outbox.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  E2E_TEST_HOOKS: '1',
  // Browser tests sign in many times from one address.
  AUTH_RATE_LIMIT: '1000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `e2e_${process.pid}_${Date.now()}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  await dropDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
