// deploy/nginx.conf is a template with three places to fill: the address nginx listens on, the
// cache folder and the instances. `npm run deploy:nginx -- --listen 80 --cache-dir DIR
// 127.0.0.1:4321 127.0.0.1:4322` prints the file to put in /etc/nginx/conf.d/; the cluster test
// and benchmark render the same template, so the tested configuration is the shipped one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const nginxTemplate = path.join(root, 'deploy', 'nginx.conf');

export interface TierOptions {
  /** nginx's `listen` argument: a port, or address:port. */
  listen: string;
  cacheDir: string;
  /** host:port of each instance. */
  instances: string[];
}

/**
 * Passive checks: two failed attempts (refused, reset, 502-504) within 2 s take an instance out
 * of rotation for 2 s, after which one request probes it again. Short, because nginx OSS learns
 * that a restarted instance is back only from such a probe (see REJOIN_SECONDS). Safe requests that meet a failure are retried on
 * another instance, so a probe costs nothing but a refused connection.
 */
export const MAX_FAILS = 2;
export const FAIL_TIMEOUT_SECONDS = 2;
/**
 * How long after an instance answers /api/ready nginx may still leave it out: nginx counts in
 * whole seconds and forgives the failures only when the successful probe came in a later second
 * than the last failure, so a probe can take two fail_timeouts and a second.
 */
export const REJOIN_SECONDS = 2 * FAIL_TIMEOUT_SECONDS + 1;

const ADDRESS = /^[\w.-]+:\d{1,5}$|^\[[\da-f:]+\]:\d{1,5}$/i;

export function renderNginxConfig(options: TierOptions): string {
  if (options.instances.length === 0) throw new Error('name at least one instance (host:port)');
  for (const instance of options.instances) {
    if (!ADDRESS.test(instance)) throw new Error(`"${instance}" is not host:port`);
  }
  if (!/^[\w.:[\]-]+$/.test(options.listen)) throw new Error(`"${options.listen}" is not a port`);
  if (!path.isAbsolute(options.cacheDir) || /[\s;{}]/.test(options.cacheDir)) {
    throw new Error('the cache folder must be an absolute path without spaces');
  }
  const upstreams = options.instances
    .map(
      (instance) =>
        `    server ${instance} max_fails=${MAX_FAILS} fail_timeout=${FAIL_TIMEOUT_SECONDS}s;`,
    )
    .join('\n');
  const filled: Record<string, string> = {
    listen: options.listen,
    cache_dir: options.cacheDir,
    upstreams,
  };
  return readFileSync(nginxTemplate, 'utf8').replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = filled[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf has an unknown place ${whole}`);
    return value;
  });
}

function cli(argv: string[]) {
  let listen = '80';
  let cacheDir = '/var/cache/nginx/marketplace';
  const instances: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--listen') listen = argv[++i] ?? '';
    else if (arg === '--cache-dir') cacheDir = argv[++i] ?? '';
    else instances.push(arg);
  }
  process.stdout.write(renderNginxConfig({ listen, cacheDir, instances }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    cli(process.argv.slice(2));
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: npm run deploy:nginx -- [--listen 80] [--cache-dir /var/cache/nginx/marketplace] HOST:PORT...`,
    );
    process.exit(1);
  }
}
