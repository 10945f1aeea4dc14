// The public catalogue at scale, measured on a server process of its own started the way
// `npm start` starts it: time to listening and to the first hit after a restart, pre-render
// throughput, the cached path against a bare Node server and nginx on the same bytes, search and
// list latencies, the sitemap, and resident memory. Each figure is printed beside its target.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { Agent, get } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { brotli, CACHED_BROTLI_QUALITY } from '../../server/plugins/page-encodings.ts';
import { figure } from './scorecard.ts';
import { hasWrk, load } from './load.ts';
import { hasNginx, startBare, startNginx } from './same-bytes.ts';
import { serverCommand } from '../server-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (line = '') => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The pids of a process and every process under it (cluster workers), from /proc. */
function processTree(pid: number): number[] {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) {
        pids.push(...processTree(Number(child)));
      }
    }
  } catch {
    // The process ended meanwhile.
  }
  return pids;
}

/** A field in kB of a /proc file of `pid`, in bytes (0 when the process has ended). */
function procBytes(pid: number, file: string, field: string): number {
  try {
    const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Clock ticks a second, the unit of the CPU times in /proc: Linux's USER_HZ, 100 on every
 * architecture Node.js runs on (`getconf CLK_TCK`), so no command is run to ask.
 */
const CLOCK_TICKS = 100;

/** CPU seconds (user and system) of a process or a thread from its /proc stat file; 0 when gone. */
function cpuSeconds(statFile: string): number {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // After the command's name (which may hold spaces), utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the server's processes, split into their main threads (where pages
 * render and are compressed) and their other threads (V8's garbage collector's helpers, and
 * libuv's thread pool), and by the machine's PostgreSQL processes.
 */
function cpuSample(serverPid: number) {
  let main = 0;
  let other = 0;
  for (const pid of processTree(serverPid)) {
    const own = cpuSeconds(`/proc/${pid}/task/${pid}/stat`);
    main += own;
    other += Math.max(0, cpuSeconds(`/proc/${pid}/stat`) - own);
  }
  let database = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') {
        database += cpuSeconds(`/proc/${entry}/stat`);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return { main, other, database };
}

/** Resident memory of a process and every process under it, each process's RSS summed. */
export function treeResidentBytes(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + procBytes(each, 'status', 'VmRSS'), 0);
}

/**
 * The same tree's proportional set size: a page shared by several of its processes (the node
 * binary's code, the libraries) counted once, split between them, where a sum of RSS counts it
 * in every process.
 */
export function treeProportionalBytes(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + procBytes(each, 'smaps_rollup', 'Pss'), 0);
}

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** Milliseconds from spawn to the first answer. */
  listeningMs: number;
  /** The server's output so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the compiled server (`npm run build`) in production mode and waits until it answers. */
export async function startServer(env: Record<string, string>, port: number) {
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const command = serverCommand({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: origin,
  });
  const child = spawn(process.execPath, command.args, {
    cwd: root,
    env: command.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last 200,000 characters, and apart from them the warm-up's summary, which the request
  // logs of a long load run would otherwise push out before it is read.
  let output = '';
  let warmUp = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-200_000);
    // Read where the chunk joins the text before it, so a line split across chunks is found whole.
    warmUp ||= /page cache warm: [^"\n]*(?=")/.exec(output.slice(-chunk.length - 400))?.[0] ?? '';
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output.slice(-2000)}`);
    const answered = await fetch(`${origin}/api/health`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (performance.now() - started > 30 * 60_000) throw new Error('the server did not listen');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const listeningMs = performance.now() - started;
  const server: ServerProcess = {
    child,
    origin,
    listeningMs,
    output: () => (warmUp ? `${warmUp}\n${output}` : output),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  return server;
}

/** A GET whose body comes back as sent (fetch would decode it). */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, value]) => [
                name,
                Array.isArray(value) ? value.join(', ') : String(value ?? ''),
              ]),
            ),
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

/**
 * CPU milliseconds to make `html` into what a pre-render keeps: its UTF-8 bytes and their brotli
 * copy at the page cache's quality (the median of 30 runs).
 */
function bytesOfPage(html: string) {
  const runs: number[] = [];
  for (let i = 0; i < 33; i++) {
    const started = process.cpuUsage();
    // A fresh string each run, as each render makes its own.
    const bytes = new TextEncoder().encode(` ${html}`.slice(1));
    brotli(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), CACHED_BROTLI_QUALITY);
    const used = process.cpuUsage(started);
    if (i >= 3) runs.push((used.user + used.system) / 1000);
  }
  return percentile(runs, 50);
}

async function timed(url: string, init?: RequestInit) {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { elapsed: performance.now() - started, response };
}

/** Sequential request latencies of `urls` (cycled) after a few warming requests. */
async function latencies(urls: string[], count: number) {
  for (const url of urls.slice(0, 5)) await timed(url);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await timed(urls[i % urls.length]!)).elapsed);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * Renders of distinct pages, `clients` at a time for `seconds`: each client takes the next path
 * of `paths` (cycled) as soon as its last answer has arrived. Answers the renders a second and
 * the answers other than 200. wrk sends them when it is installed: a client in this process
 * costs the two cores about a sixth of what a render does, which no pre-render pays.
 */
async function distinctRenders(origin: string, paths: string[], clients: number, seconds: number) {
  if (hasWrk()) {
    const result = await load(origin, {
      paths,
      connections: clients,
      seconds,
      headers: { 'accept-encoding': 'br' },
      timeoutSeconds: 10,
    });
    return { rps: result.rps, errors: result.errors, tool: result.tool };
  }
  paths = paths.map((each) => origin + each);
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let next = 0;
  let done = 0;
  let errors = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const url = paths[next++ % paths.length]!;
      const status = await new Promise<number>((resolve) => {
        get(url, { agent, headers: { 'accept-encoding': 'br' } }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        }).on('error', () => resolve(0));
      });
      done++;
      if (status !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
  return { rps: done / ((performance.now() - started) / 1000), errors, tool: 'node:http' };
}

export interface CatalogueSample {
  vehiclePath: string;
  brandIds: number[];
}

/** The figures of the serving path, the searches, the sitemap and memory. */
export async function measureServing(
  server: ServerProcess,
  sample: CatalogueSample,
  options: { seconds: number; vehicleCount: number; port: number },
) {
  const { origin } = server;
  const { vehiclePath } = sample;

  log('\nThe cached path (wrk, 32 connections, same machine):');
  // Twice: the first may render (MISS); the second is what the cache keeps.
  await fetch(origin + vehiclePath);
  const bodies: Record<'br' | 'gzip' | 'plain', Buffer> = {
    br: Buffer.alloc(0),
    gzip: Buffer.alloc(0),
    plain: Buffer.alloc(0),
  };
  let headers: Record<string, string> = {};
  const plainPage = (await rawGet(origin + vehiclePath, { 'accept-encoding': 'identity' })).body;
  for (const [encoding, accept] of [
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['plain', 'identity'],
  ] as const) {
    const response = await rawGet(origin + vehiclePath, { 'accept-encoding': accept });
    const sent = response.headers['content-encoding'] || 'plain';
    bodies[encoding] = response.body;
    if (sent !== encoding) {
      // Not stored in this encoding: compare with what a server storing it would send.
      bodies[encoding] =
        encoding === 'br'
          ? brotliCompressSync(plainPage, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzipSync(plainPage, { level: 9 });
      log(`  (the server sent ${sent} when asked for ${encoding})`);
    }
    headers = Object.fromEntries(
      Object.entries(response.headers).filter(
        ([name]) =>
          ![
            'content-encoding',
            'content-length',
            'date',
            'connection',
            'keep-alive',
            'transfer-encoding',
          ].includes(name),
      ),
    );
  }
  log(
    `  page: ${(bodies.plain.length / 1024).toFixed(1)} KB plain, ${(bodies.gzip.length / 1024).toFixed(1)} KB gzip, ${(bodies.br.length / 1024).toFixed(1)} KB brotli`,
  );
  const bare = await startBare({ headers, ...bodies }, options.port + 10);
  const nginx = hasNginx() ? await startNginx({ headers, ...bodies }, options.port + 11) : null;
  let peak = treeResidentBytes(server.child.pid!);
  let peakProportional = treeProportionalBytes(server.child.pid!);
  const sampleMemory = () => {
    peak = Math.max(peak, treeResidentBytes(server.child.pid!));
    peakProportional = Math.max(peakProportional, treeProportionalBytes(server.child.pid!));
  };
  for (const [encoding, accept] of [
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['plain', 'identity'],
  ] as const) {
    const run = {
      connections: 32,
      seconds: options.seconds,
      headers: { 'accept-encoding': accept },
    };
    const ours = await load(origin + vehiclePath, run);
    sampleMemory();
    const limit = await load(bare.url, run);
    const edge = nginx ? await load(nginx.url, run) : null;
    figure(
      `cached vehicle page, ${encoding} (req/s, p99 ${ms(ours.p99)})`,
      ours.rps,
      ours.rps.toFixed(0),
    );
    figure(`  bare node:http, same bytes (req/s)`, limit.rps, limit.rps.toFixed(0));
    if (edge) figure(`  nginx from disk, same bytes (req/s)`, edge.rps, edge.rps.toFixed(0));
    figure(
      `  cached page / bare node, ${encoding}`,
      ours.rps / limit.rps,
      (ours.rps / limit.rps).toFixed(2),
      { min: 0.8 },
    );
    figure(`  errors under load, ${encoding}`, ours.errors, String(ours.errors), { max: 0 });
  }
  bare.stop();
  nginx?.stop();

  log('\nPre-rendering:');
  // Distinct vehicles in both languages, each a miss of the page cache: rendered, compressed at
  // the cache's quality and stored (in Redis when the server has it), as a pre-render does. So
  // that no path comes round twice within the run (a hit), there are more vehicles than the
  // fastest render rate could reach; drawn at random from the catalogue, all but a few are
  // outside what the warm-up has rendered (the memory budget's first pages by visits). Nothing a
  // render of the same page leaves behind (the database's cache of its rows, say) helps the next.
  const perListPage = 100;
  /** Far above what two cores render: each vehicle is two pages. */
  const mostRendersASecond = 500;
  const slugs: string[] = [];
  const wanted = Math.min(options.vehicleCount, (options.seconds * mostRendersASecond) / 2);
  for (let page = 1; slugs.length < wanted; page++) {
    const answer = (await fetch(
      `${origin}/api/Vehicle/GetVehiclesRandomly?pageSize=${perListPage}&seed=11&page=${page}`,
    ).then((response) => response.json())) as { data: { vehicles: { data: { slug: string }[] } } };
    const cards = answer.data.vehicles.data;
    slugs.push(...cards.map((card) => card.slug));
    if (cards.length < perListPage) break;
  }
  const cpuBefore = cpuSample(server.child.pid!);
  const rendersStarted = performance.now();
  const renders = await distinctRenders(
    origin,
    slugs.flatMap((slug) => [`/vehicle/${slug}`, `/en/vehicle/${slug}`]),
    4,
    options.seconds,
  );
  sampleMemory();
  figure(
    `renders of distinct vehicle pages, each a miss of the cache (req/s, 4 clients, ${renders.tool})`,
    renders.rps,
    renders.rps.toFixed(0),
  );
  figure('  answers other than 200', renders.errors, String(renders.errors), { max: 0 });
  // Where a render's CPU goes, read from /proc over the renders above (no target: a reading).
  const cpuAfter = cpuSample(server.child.pid!);
  const rendered = renders.rps * ((performance.now() - rendersStarted) / 1000);
  if (rendered > 2 * slugs.length) log('  (a catalogue this small gave some paths twice: hits)');
  const perPage = (seconds: number) => (seconds * 1000) / Math.max(1, rendered);
  const cpu = {
    main: perPage(cpuAfter.main - cpuBefore.main),
    other: perPage(cpuAfter.other - cpuBefore.other),
    database: perPage(cpuAfter.database - cpuBefore.database),
  };
  figure("  CPU a render: the server's main threads (ms)", cpu.main, ms(cpu.main));
  figure(
    '  CPU a render: its other threads, mostly garbage collection (ms)',
    cpu.other,
    ms(cpu.other),
  );
  if (cpu.database > 0) {
    figure('  CPU a render: PostgreSQL (ms)', cpu.database, ms(cpu.database));
  }
  const prerender = (2 * 10_000) / renders.rps;
  figure(
    'pre-render 10,000 vehicles × 2 languages at that rate (s)',
    prerender,
    `${prerender.toFixed(0)} s`,
    { max: 60 },
  );

  // What no render can go below: a pre-rendered page is a string made into UTF-8 and compressed
  // as the cache keeps it. Timed here on the vehicle page above, in this process's CPU time.
  const floor = bytesOfPage(plainPage.toString('utf8'));
  figure(
    `  floor: the page made into bytes, UTF-8 and brotli ${CACHED_BROTLI_QUALITY} (ms a page)`,
    floor,
    ms(floor),
  );
  // 20,000 pages, two cores.
  const floorSeconds = (2 * 10_000 * floor) / 2 / 1000;
  figure(
    '  pre-render at that floor alone, 2 cores (s)',
    floorSeconds,
    `${floorSeconds.toFixed(0)} s`,
  );

  log(`\nSearch and list (${options.vehicleCount} vehicles):`);
  const api = `${origin}/api/Vehicle/GetVehiclesRandomly`;
  const filtered = sample.brandIds.map(
    (brand, i) =>
      `${api}?vehicleBrandId=${brand}&yearFrom=${2008 + (i % 8)}&yearTo=2025&priceFrom=0&priceTo=${50_000 + (i % 5) * 40_000}&page=${1 + (i % 3)}`,
  );
  const unfiltered = Array.from({ length: 20 }, (_, i) => `${api}?page=${1 + (i % 3)}`);
  const searchPlain = await latencies(unfiltered, 200);
  const searchFiltered = await latencies(filtered, 200);
  figure('GetVehiclesRandomly, no filter: p95', searchPlain.p95, ms(searchPlain.p95), { max: 30 });
  figure('  p50', searchPlain.p50, ms(searchPlain.p50));
  figure(
    'GetVehiclesRandomly, make + years + price: p95',
    searchFiltered.p95,
    ms(searchFiltered.p95),
    { max: 30 },
  );
  figure('  p50', searchFiltered.p50, ms(searchFiltered.p50));
  const searchLoad = await load(`${api}?page=1`, { connections: 8, seconds: options.seconds });
  figure(
    'GetVehiclesRandomly, no filter, 8 clients (req/s)',
    searchLoad.rps,
    searchLoad.rps.toFixed(0),
    { min: 300 },
  );
  const listPlain = await latencies(
    Array.from({ length: 10 }, (_, i) => `${origin}/vehicles?page=${1 + (i % 3)}`),
    100,
  );
  const listFiltered = await latencies(
    sample.brandIds.map(
      (brand, i) =>
        `${origin}/vehicles?vehicleBrandId=${brand}&yearFrom=${2008 + (i % 8)}&yearTo=2025`,
    ),
    100,
  );
  figure('/vehicles page (uncached), no filter: p95', listPlain.p95, ms(listPlain.p95), {
    max: 60,
  });
  figure('/vehicles page (uncached), make + years: p95', listFiltered.p95, ms(listFiltered.p95), {
    max: 60,
  });

  const index = await timed(`${origin}/sitemap.xml`);
  figure('sitemap index', index.elapsed, ms(index.elapsed), { max: 1000 });
  const firstFile = await rawGet(`${origin}/sitemap-1.xml`, { 'accept-encoding': 'br, gzip' });
  const fileBytes = firstFile.body.length;
  const fileEncoding = firstFile.headers['content-encoding'];
  figure(
    `sitemap file sent compressed (${firstFile.status}, ${fileEncoding ?? 'plain'}, ${(fileBytes / 1024).toFixed(0)} KB)`,
    fileEncoding || firstFile.status === 404 ? 1 : 0,
    fileEncoding ? 'yes' : firstFile.status === 404 ? 'one file' : 'no',
    { min: 1 },
  );
  return { peakResident: peak, peakProportional };
}

export { mb };
