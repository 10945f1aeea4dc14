import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createBus, type Bus } from './lib/bus.ts';
import { logFormat, prettyLogStream } from './lib/log-format.ts';
import { siteBuildId } from './lib/site-build.ts';
import { workerShare } from './lib/worker-slot.ts';
import { openObjectStore } from './lib/storage/from-config.ts';
import { projectRoot } from './paths.ts';
import { prepareData } from './prepare.ts';
import seo from './plugins/seo.ts';
import { DiskPageStore, RedisPageStore, type PageStore } from './plugins/page-store.ts';
import site from './plugins/site.ts';
import { siteServices } from './site-services.ts';

export interface ServerParts {
  database?: Database;
  /** Seed the demo catalogue when the database is empty (config.seedDemo by default). */
  seedDemo?: boolean;
  /** The data is prepared already (a cluster worker: the primary did it once for all). */
  prepared?: boolean;
}

/**
 * The folder of the pages kept on disk for this build: DATA_DIR/page-cache/{build}. The pages of
 * other builds (and of versions that kept them in page-cache itself) are never served again, so
 * they are removed, in the background: a large folder takes a while.
 */
function keptPagesDir(dataDir: string, build: string): string {
  const root = path.join(dataDir, 'page-cache');
  void readdir(root)
    .then((names) =>
      Promise.all(
        names
          .filter((name) => name !== build)
          .map((name) => rm(path.join(root, name), { recursive: true, force: true })),
      ),
    )
    // Only disk is lost when it fails (a folder without permission, removed meanwhile).
    .catch(() => {});
  return path.join(root, build);
}

/**
 * The whole marketplace in one Fastify instance: the database (migrated, reference data in
 * place), the API, the SEO files and the site behind its page cache. Not yet listening.
 */
export async function createServer(config: Config, parts: ServerParts = {}) {
  const database =
    parts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  // One store for the whole process: the API, the seed, the QR codes and the pages' reads.
  const storage = await openObjectStore(config);
  if (!parts.prepared) {
    await prepareData(database, config, parts.seedDemo ?? config.seedDemo, storage);
  }
  const bus: Bus = await createBus(config.redisUrl);
  const app = await buildApp({
    config,
    database,
    bus,
    storage,
    logger:
      config.logLevel === 'silent'
        ? false
        : logFormat(config.logFormat, process.stdout.isTTY) === 'pretty'
          ? { level: config.logLevel, stream: prettyLogStream() }
          : { level: config.logLevel },
  });
  const services = siteServices(database.db, bus, config, database.driver, storage);
  // Rendered pages outlive the process: in Redis, shared by every instance on this database,
  // or in files under DATA_DIR; in both, only for the build that rendered them.
  const distDir = path.join(projectRoot, 'dist');
  const build = siteBuildId(distDir);
  const store: PageStore = config.redisUrl
    ? await RedisPageStore.connect(
        config.redisUrl,
        `${config.databaseUrl ?? config.dataDir} ${build}`,
      )
    : new DiskPageStore(keptPagesDir(config.dataDir, build), config.pageStoreBytes);
  await app.register(seo, { services });
  await app.register(site, {
    distDir,
    services,
    bus,
    revalidateSeconds: config.pageRevalidateSeconds,
    store,
    // The budget of the whole server: with several processes each keeps its share in memory,
    // and the copies in Redis, shared by all, serve a page another process rendered.
    maxBytes: Math.floor(config.pageCacheBytes / config.webConcurrency),
    warmup: config.pageWarmup,
    // The processes of a cluster split the warm-up's renders between them.
    warmupShare: workerShare(config.webConcurrency),
  });
  app.addHook('onClose', async () => {
    await bus.close();
    storage.close();
    if (!parts.database) await database.close();
  });
  await app.ready();
  return { app, database, bus, services };
}
