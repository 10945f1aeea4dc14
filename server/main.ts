import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedReference } from './db/seed/reference.ts';
import { isEmpty, seedDemo } from './db/seed/demo.ts';
import { createBus } from './lib/bus.ts';
import site from './plugins/site.ts';
import { siteServices } from './site-services.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the one marketplace process: database, API, hub and site. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedReference(database.db);
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db, { uploadsDir: config.uploadsDir });
  }

  const bus = await createBus(config.redisUrl);
  const app = await buildApp({ config, database, bus, logger: { level: config.logLevel } });
  await app.register(site, {
    distDir: path.join(root, 'dist'),
    uploadsDir: config.uploadsDir,
    services: siteServices(database.db, bus, config),
    bus,
    revalidateSeconds: config.pageRevalidateSeconds,
    warm: config.pageWarmup,
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `marketplace on ${config.siteUrl} (${database.driver}${config.redisUrl ? ', redis' : ''})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
