// HTTP load for the benchmark: wrk (Debian's, C, one thread per core) when installed, so the load
// generator is not the bottleneck; autocannon otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors, timeouts and answers other than 2xx/3xx. */
  errors: number;
  tool: 'wrk' | 'autocannon';
}

export interface LoadOptions {
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  /** Seconds before a request counts as failed (wrk's default: 2). */
  timeoutSeconds?: number;
  /**
   * Paths of `url`'s origin to ask in turn instead of `url` itself (wrk only): each wrk thread
   * walks the list from its own offset, so no two requests at a time ask the same path.
   */
  paths?: string[];
}

/** A wrk script that sends `paths` in turn, each thread from its own share of the list. */
function rotationScript(paths: string[], threads: number): string {
  return `local paths = { ${paths.map((each) => JSON.stringify(each)).join(', ')} }
local started = 0
function setup(thread)
  thread:set("offset", started * math.floor(#paths / ${threads}))
  started = started + 1
end
local sent = 0
function request()
  sent = sent + 1
  return wrk.format(nil, paths[((offset + sent) % #paths) + 1])
end
`;
}

export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined;

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', () => resolve(out));
  });
}

/** Milliseconds from wrk's "1.23ms", "850.00us", "1.02s". */
function wrkTime(text: string | undefined): number {
  const match = /([\d.]+)(us|ms|s)/.exec(text ?? '');
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

export async function load(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const connections = options.connections ?? 32;
  const seconds = options.seconds ?? 10;
  const headers = Object.entries(options.headers ?? {});
  if (hasWrk()) {
    const threads = Math.min(2, connections);
    const scriptDir = options.paths ? mkdtempSync(path.join(os.tmpdir(), 'wrk-')) : null;
    const script = scriptDir ? path.join(scriptDir, 'paths.lua') : null;
    if (script) writeFileSync(script, rotationScript(options.paths!, threads));
    const out = await run('wrk', [
      '--latency',
      '-t',
      String(threads),
      '-c',
      String(connections),
      '-d',
      `${seconds}s`,
      ...(options.timeoutSeconds ? ['--timeout', `${options.timeoutSeconds}s`] : []),
      ...headers.flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      ...(script ? ['-s', script] : []),
      url,
    ]).finally(() => scriptDir && rmSync(scriptDir, { recursive: true, force: true }));
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const socketErrors =
      /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const errors =
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
    return {
      rps,
      p50: wrkTime(/\s50%\s+(\S+)/.exec(out)?.[1]),
      p99: wrkTime(/\s99%\s+(\S+)/.exec(out)?.[1]),
      errors,
      tool: 'wrk',
    };
  }
  if (options.paths) throw new Error('a rotation of paths needs wrk');
  const out = await run(process.execPath, [
    path.join(root, 'node_modules/autocannon/autocannon.js'),
    '--json',
    '-w',
    '1',
    '-c',
    String(connections),
    '-d',
    String(seconds),
    ...headers.flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ]);
  const result = JSON.parse(out);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    tool: 'autocannon',
  };
}
