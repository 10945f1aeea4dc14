import { ConfigError, loadConfig, loadEnvFile } from './config.ts';
import { createServer } from './server.ts';

/** Starts the one marketplace process: database, API, hub and site. */
async function main() {
  loadEnvFile();
  const config = loadConfig();
  const { app, database } = await createServer(config);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Marketplace ready on ${config.siteUrl} (${database.driver}${config.redisUrl ? ', redis' : ''})`,
  );
}

main().catch((error: unknown) => {
  // A wrong setting needs its sentence, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
