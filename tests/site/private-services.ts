import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, until } from './processes.ts';

/* PostgreSQL and Redis servers of a test's own, on free ports, that it may stop and start: the
 * machine's shared ones must never be restarted. */

const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

export const canRunPostgres = existsSync(path.join(pgBin, 'initdb'));
export const canRunRedis = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** PostgreSQL refuses to run as root: run its tools as the postgres user then. */
function pgTool(tool: string, args: string[]) {
  const command = path.join(pgBin, tool);
  if (asRoot)
    execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

/** A throwaway PostgreSQL cluster (trust auth on 127.0.0.1) that the test can restart. */
export async function privatePostgres() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'market-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  pgTool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    pgTool('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => pgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    close() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A redis-server that keeps nothing on disk, restartable on the same port. */
export async function privateRedis() {
  const port = await freePort();
  let server: ChildProcess | null = null;
  const ping = () =>
    new Promise<boolean>((resolve) => {
      const probe = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
      let out = '';
      probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      probe.on('error', () => resolve(false));
      probe.on('exit', () => resolve(out.trim() === 'PONG'));
    });
  const start = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await until(ping, 15_000, 'redis-server to answer');
  };
  const stop = async () => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, close: stop };
}
