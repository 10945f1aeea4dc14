import { fork } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig, loadEnvFile, type Config } from './config.ts';
import { relayVisitors } from './lib/cluster-traffic.ts';
import { forkWorker } from './lib/worker-slot.ts';

// The server's own modules (and the packages they load) are imported where they are used: a
// cluster's primary only supervises, and it stays a small process without them.

/** The argument of the short-lived process that prepares the data for a cluster's workers. */
const PREPARE_ONLY = '--prepare-data';
/** A worker's message to the primary: it waits for the data to be prepared. */
const AWAITING_DATA = 'awaiting-data';
/** The primary's answer: the data is prepared, the worker may open its database. */
const PREPARED = 'data-prepared';

const seconds = () => (performance.now() / 1000).toFixed(2);

/**
 * Runs `stop` once on the first SIGINT or SIGTERM and ignores the ones after it: a terminal's
 * Ctrl-C reaches every process of the group and the cluster primary forwards a SIGTERM too, so
 * a worker sees two, and the second must not cut its drain short.
 */
function onStopSignal(stop: (signal: NodeJS.Signals) => void) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stop(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** One marketplace process: database, API, hub and site, listening. */
async function serve(config: Config) {
  // A stop asked for while the server starts (a cluster stopped right after it forked this
  // worker) waits until the port is open, then drains like any other: nothing is cut half-way.
  // Before that, while the modules load or the data is being prepared, there is nothing to cut.
  let starting = false;
  let listening = false;
  let stopAsked: NodeJS.Signals | null = null;
  let drain: (signal: NodeJS.Signals) => Promise<void> = async () => {};
  onStopSignal((signal) => {
    if (listening) void drain(signal);
    else if (starting) stopAsked = signal;
    else process.exit(0);
  });
  // A worker loads its modules while the primary prepares the data, and opens the database once
  // the primary answers that the data is ready. It asks once it listens for the answer: a message
  // that arrives with no listener is lost.
  const prepared = cluster.isWorker
    ? new Promise<void>((resolve) => {
        process.on('message', (message) => message === PREPARED && resolve());
        process.send!(AWAITING_DATA);
      })
    : Promise.resolve();

  const { createServer } = await import('./server.ts');
  await prepared;
  starting = true;
  const { app, database } = await createServer(config, { prepared: cluster.isWorker });
  // A promise rejected with no handler is logged and the process serves on, as it did while the
  // site's previous adapter kept such a listener: a failed background task must not stop the site.
  process.on('unhandledRejection', (reason) =>
    app.log.error({ err: reason }, 'unhandled rejection'),
  );

  // SIGTERM drains: readiness turns 503, hub clients are told to reconnect (elsewhere), the
  // port stops taking connections, requests in flight finish, then the process exits 0.
  drain = async (signal) => {
    app.log.info(`${signal}: draining`);
    const timeout = setTimeout(() => {
      app.log.error(`requests still running after ${config.shutdownTimeoutSeconds} s: exiting`);
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    timeout.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };

  // Workers share the port: the primary hands connections to them in turn.
  await app.listen({ port: config.port, host: config.host });
  listening = true;
  if (stopAsked) return void drain(stopAsked);
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  console.log(
    `Marketplace ready on ${config.siteUrl} (${database.driver}${config.redisUrl ? ', redis' : ''}${cluster.isWorker ? `, ${config.webConcurrency} processes` : ''}), listening ${seconds()} s after start`,
  );
}

/** Migrates and seeds the database, then ends: run once, before a cluster's workers open it. */
async function prepareOnly(config: Config) {
  const { openDatabase } = await import('./db/client.ts');
  const { prepareData } = await import('./prepare.ts');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareData(database, config, config.seedDemo);
  await database.close();
}

/**
 * Runs prepareOnly in a child process, so that its memory goes when it is done; answers whether
 * it succeeded (the child has printed its error otherwise).
 */
function prepareInChild() {
  return new Promise<boolean>((resolve) => {
    const child = fork(process.argv[1]!, [PREPARE_ONLY], { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(error);
      resolve(false);
    });
    child.on('exit', (code) => resolve(code === 0));
  });
}

/**
 * The primary of WEB_CONCURRENCY workers: prepares the database once (migrations, seeds, in a
 * child process) while the workers it forks at the same time load their modules, tells them when
 * the data is ready, replaces a worker that dies, and stops them all on SIGINT or SIGTERM. A
 * worker that dies before it ever listened stops everything, rather than being forked in a loop.
 */
function supervise(config: Config) {
  let stopping = false;
  let failed = false;
  let prepared = false;
  const awaiting = new Set<Worker>();
  const listened = new Set<number>();
  /** Each worker's slot, which its replacement takes. */
  const slots = new Map<number, number>();
  const fork = (slot: number) => slots.set(forkWorker(slot).id, slot);
  cluster.on('listening', (worker) => listened.add(worker.id));
  // A worker that asks after the preparation (one that replaces another) is answered at once.
  cluster.on('message', relayVisitors);
  cluster.on('message', (worker, message) => {
    if (message !== AWAITING_DATA) return;
    if (prepared) worker.send(PREPARED);
    else awaiting.add(worker);
  });
  cluster.on('exit', (worker, code, signal) => {
    awaiting.delete(worker);
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (code !== 0) failed = true;
      if (alive === 0) process.exit(failed ? 1 : 0);
      return;
    }
    console.error(`worker ${worker.id} exited (${signal ?? code})`);
    if (!listened.has(worker.id)) {
      console.error('a worker failed to start: stopping');
      stopping = true;
      failed = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (alive === 0) process.exit(1);
      return;
    }
    fork(slots.get(worker.id) ?? 0);
  });
  // Each worker drains itself (see serve); the primary waits for them all, and past the
  // workers' own limit, ends the ones still running.
  onStopSignal(() => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(
      () => {
        console.error('workers still running after the shutdown timeout: ending them');
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
        process.exit(1);
      },
      (config.shutdownTimeoutSeconds + 5) * 1000,
    ).unref();
  });
  for (let slot = 0; slot < config.webConcurrency; slot++) fork(slot);
  void prepareInChild().then((succeeded) => {
    if (succeeded) {
      prepared = true;
      for (const worker of awaiting) if (worker.isConnected()) worker.send(PREPARED);
      awaiting.clear();
      return;
    }
    console.error('preparing the data failed: stopping');
    stopping = true;
    failed = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(1);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  });
}

async function main() {
  loadEnvFile();
  const config = loadConfig();
  if (process.argv.includes(PREPARE_ONLY)) return prepareOnly(config);
  if (cluster.isPrimary && config.webConcurrency > 1) supervise(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  // A wrong setting needs its sentence, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
