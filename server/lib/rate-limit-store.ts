import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Where @fastify/rate-limit counts. With Redis, in Redis: every instance behind the caching tier
 * counts against one budget per client address and per user, instead of each allowing the full
 * limit. The keys are namespaced by database, like the page store, so instances of different
 * marketplaces (or test runs) sharing a Redis do not count each other's requests. Without Redis,
 * in each process's memory. If Redis stops answering, requests are let through rather than
 * failed.
 */
export async function rateLimitStore(app: FastifyInstance, config: Config) {
  if (!config.redisUrl) return {};
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, {
    connectTimeout: 500,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  // Connection errors are retried by ioredis; meanwhile requests are not limited (skipOnError).
  redis.on('error', () => {});
  await redis.connect();
  app.addHook('onClose', async () => void redis.disconnect());
  const database = createHash('sha256')
    .update(config.databaseUrl ?? config.dataDir)
    .digest('hex')
    .slice(0, 16);
  return { redis, nameSpace: `rate:${database}:`, skipOnError: true };
}
