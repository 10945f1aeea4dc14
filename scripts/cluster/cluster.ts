// Several marketplace processes sharing one PostgreSQL database, Redis and an object store (a
// local S3-protocol server) behind nginx running deploy/nginx.conf: what the cluster test
// (tests/site/edge-tier.test.ts) and `npm run bench:cluster` start. Each instance is the compiled
// server (`npm run build`) with WEB_CONCURRENCY=1, the way deploy/ runs them; nginx runs in the
// foreground from a temporary prefix.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from '../../server/db/fresh-database.ts';
import { serverEntry } from '../server-entry.mjs';
import { renderNginxConfig } from './nginx-config.ts';
import { startS3Server } from './s3-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX = '/usr/sbin/nginx';

/** Why nginx cannot run here, or null when it can. */
export function nginxMissing(): string | null {
  const result = spawnSync(NGINX, ['-v']);
  return result.error ? `${NGINX} cannot run (${result.error.message})` : null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await pause(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    socket.setTimeout(500, () => resolve(false));
  }).finally(() => undefined);

/** One marketplace process on a fixed port; it can be stopped and started again. */
export class Instance {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** The last lines it printed, for a failure's message. */
  readonly output: string[] = [];

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  get running() {
    return this.child !== null;
  }

  start(extraEnv: Record<string, string> = {}) {
    if (this.child) throw new Error(`instance on ${this.port} is already running`);
    const child = spawn(process.execPath, [serverEntry], {
      cwd: root,
      env: { ...this.env, ...extraEnv, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
      this.output.splice(0, Math.max(0, this.output.length - 40));
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        if (this.child === child) this.child = null;
        resolve();
      }),
    );
  }

  /** Waits for GET /api/ready to answer 200 (nginx OSS has no active health checks). */
  async ready(timeoutMs = 120_000) {
    await until(
      `instance ${this.port} to be ready`,
      async () => {
        if (!this.child) {
          throw new Error(`instance ${this.port} exited:\n${this.output.join('\n')}`);
        }
        const response = await fetch(`${this.origin}/api/ready`);
        return response.status === 200;
      },
      timeoutMs,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${this.output.slice(-15).join('\n')}`);
    });
  }

  /** Sends the signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (!this.child) return;
    this.child.kill(signal);
    await this.exited;
  }
}

/** nginx in the foreground with the rendered deploy/nginx.conf. */
export class Tier {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private current = '';

  constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly workers = 1,
  ) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts nginx in front of these instances, with an empty cache. */
  async start(instances: Instance[]) {
    if (this.child) throw new Error('nginx is already running');
    const dir = path.join(this.dir, `nginx-${Date.now()}`);
    this.current = dir;
    mkdirSync(path.join(dir, 'cache'), { recursive: true });
    writeFileSync(
      path.join(dir, 'marketplace.conf'),
      renderNginxConfig({
        listen: `127.0.0.1:${this.port}`,
        cacheDir: path.join(dir, 'cache'),
        instances: instances.map((instance) => `127.0.0.1:${instance.port}`),
      }),
    );
    // The operator's nginx.conf around it: temporary paths inside the prefix; as root, workers
    // stay root so they can write the temporary folder.
    const main = [
      process.getuid?.() === 0 ? 'user root;' : '',
      `worker_processes ${this.workers};`,
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
      `  include ${dir}/marketplace.conf;`,
      '}',
    ].join('\n');
    writeFileSync(path.join(dir, 'nginx.conf'), main);
    const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
    if (test.status !== 0) throw new Error(`nginx refused the configuration:\n${test.stderr}`);
    const child = spawn(
      NGINX,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let errors = '';
    child.stderr!.on('data', (chunk) => (errors += chunk));
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        this.child = null;
        resolve();
      }),
    );
    await until(
      `nginx on ${this.port}`,
      async () => {
        if (!this.child) throw new Error(`nginx exited: ${errors}`);
        return accepts(this.port);
      },
      10_000,
    );
  }

  /** The last lines of nginx's error log (warnings and errors), for a failure's message. */
  errorLog(lines = 20): string {
    try {
      return readFileSync(path.join(this.current, 'error.log'), 'utf8')
        .trim()
        .split('\n')
        .slice(-lines)
        .join('\n');
    } catch {
      return '';
    }
  }

  async stop() {
    if (!this.child) return;
    this.child.kill('SIGTERM');
    await this.exited;
  }
}

export interface ClusterOptions {
  /** Instances to create (all started unless `start` says fewer). */
  instances: number;
  start?: number;
  /** nginx listens here; instance i on basePort + 1 + i. */
  basePort: number;
  /** Fill the database with the demo catalogue on the first start. */
  demo?: boolean;
  nginxWorkers?: number;
  env?: Record<string, string>;
}

/** A fresh PostgreSQL database, the instances (first one migrates alone) and nginx. */
export async function startCluster(options: ClusterOptions) {
  const baseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!baseUrl || !redisUrl) throw new Error('the cluster needs DATABASE_URL and REDIS_URL');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'market-cluster-'));
  // Images in one bucket that every instance reads and writes.
  const bucket = await startS3Server();
  const fresh = await freshDatabase(baseUrl, 'cluster');
  const databaseUrl = fresh.databaseUrl!;
  const shared: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? dir,
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    ...bucket.env,
    WEB_CONCURRENCY: '1',
    // One secret for all: a session or hub token signed by one instance is valid on the others.
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Only the tier on the loopback may set the client's address.
    TRUST_PROXY: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${options.basePort}`,
    SEED_DEMO: options.demo ? 'true' : 'false',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const instances = Array.from({ length: options.instances }, (_, i) => {
    const dataDir = path.join(dir, `instance-${i + 1}`);
    return new Instance(options.basePort + 1 + i, { ...shared, DATA_DIR: dataDir });
  });
  const tier = new Tier(options.basePort, dir, options.nginxWorkers);
  const close = async () => {
    await tier.stop();
    await Promise.all(instances.map((instance) => instance.stop('SIGKILL')));
    await fresh.drop().catch(() => {});
    await bucket.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const starting = instances.slice(0, options.start ?? options.instances);
    // The first one migrates and seeds; the others join a prepared database.
    starting[0]!.start();
    await starting[0]!.ready();
    for (const instance of starting.slice(1)) instance.start();
    await Promise.all(starting.slice(1).map((instance) => instance.ready()));
    await tier.start(instances);
  } catch (error) {
    await close();
    throw error;
  }
  return { dir, databaseUrl, redisUrl, bucket, instances, tier, origin: tier.origin, close };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;
