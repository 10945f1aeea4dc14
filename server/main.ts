import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { ConfigError, loadConfig, loadEnvFile, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createServer, prepareData } from './server.ts';

const seconds = () => (performance.now() / 1000).toFixed(2);

/** One marketplace process: database, API, hub and site, listening. */
async function serve(config: Config) {
  const { app, database } = await createServer(config, { prepared: cluster.isWorker });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Workers share the port: the primary hands connections to them in turn.
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  console.log(
    `Marketplace ready on ${config.siteUrl} (${database.driver}${config.redisUrl ? ', redis' : ''}${cluster.isWorker ? `, ${config.webConcurrency} processes` : ''}), listening ${seconds()} s after start`,
  );
}

/**
 * The primary of WEB_CONCURRENCY workers: prepares the database once (migrations, seeds), then
 * forks the workers, replaces one that dies, and stops them all on SIGINT or SIGTERM. A worker
 * that dies before it ever listened stops everything, rather than being forked in a loop.
 */
async function supervise(config: Config) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareData(database, config, config.seedDemo);
  await database.close();

  let stopping = false;
  const listened = new Set<number>();
  cluster.on('listening', (worker) => listened.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    const alive = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (alive === 0) process.exit();
      return;
    }
    console.error(`worker ${worker.id} exited (${signal ?? code})`);
    if (!listened.has(worker.id)) {
      console.error('a worker failed to start: stopping');
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (alive === 0) process.exit(1);
      return;
    }
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (let i = 0; i < config.webConcurrency; i++) cluster.fork();
}

async function main() {
  loadEnvFile();
  const config = loadConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) await supervise(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  // A wrong setting needs its sentence, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
