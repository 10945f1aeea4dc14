import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { serverEntry } from '../../scripts/server-entry.mjs';

/* The real server as a child process (the compiled server that production runs, from `npm run
 * build`), for tests of signals, crashes and restarts that an in-process server cannot show. */

/** Polls `check` until it answers true, failing after `timeoutMs`. */
export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  what = 'condition',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  port: number;
  /** Everything written to stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the server with `env` (on top of quiet test defaults) on a free port and resolves once
 * /api/ready answers 200.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { port?: number; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      PAGE_WARMUP: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const origin = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (ended) throw new Error(`the server exited before it was ready:\n${stdout}\n${stderr}`);
      try {
        return (await fetch(`${origin}/api/ready`)).status === 200;
      } catch {
        return false;
      }
    },
    options.readyTimeoutMs ?? 90_000,
    'the server to be ready',
  );
  return { child, origin, port, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Ends a server left running by a failed test. */
export async function stopServer(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * For the tests of a describe block: a fresh data folder each (`dataDir`), and the server the test
 * starts with `spawn` ended after it (or when it calls `stop`), if it is still running, before the
 * folder is removed.
 */
export function serverPerTest(folderPrefix: string) {
  let server: ServerProcess | undefined;
  let dataDir = '';
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  });
  const stop = async () => {
    await stopServer(server);
    server = undefined;
  };
  afterEach(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    stop,
    get dataDir() {
      return dataDir;
    },
    /** The server on this test's data folder (DATA_DIR), with `env` besides. */
    async spawn(env: Record<string, string>, options?: Parameters<typeof spawnServer>[1]) {
      server = await spawnServer({ DATA_DIR: dataDir, ...env }, options);
      return server;
    },
  };
}
