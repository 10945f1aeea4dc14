import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../server/db/fresh-database.ts';
import { serverPerTest, until, type ServerProcess } from './processes.ts';

/** The processes that have logged that they listen, in order. */
function listeningWorkers(server: ServerProcess): number[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"msg":"Server listening'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('a cluster of workers', () => {
  const run = serverPerTest('market-cluster-');

  it('replaces a worker that dies, and the new one serves once told the data is ready', async () => {
    const fresh = await freshDatabase(process.env.DATABASE_URL!, 'cluster');
    try {
      const running = await run.spawn({
        DATABASE_URL: fresh.databaseUrl!,
        REDIS_URL: process.env.REDIS_URL!,
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
      });
      await until(() => listeningWorkers(running).length === 2, 60_000, 'both workers to listen');
      const [first, second] = listeningWorkers(running) as [number, number];

      // Each worker that dies is replaced by one that asks for the data after it was prepared.
      process.kill(first, 'SIGKILL');
      await until(() => listeningWorkers(running).length === 3, 60_000, 'a first replacement');
      process.kill(second, 'SIGKILL');
      await until(() => listeningWorkers(running).length === 4, 60_000, 'a second replacement');

      // Only replacements are left, and they answer.
      const health = await fetch(`${running.origin}/api/health`);
      expect(health.status).toBe(200);
      const page = await fetch(`${running.origin}/en/vehicles`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1');
      expect(running.child.exitCode).toBeNull();
      expect(running.stderr()).toContain(`worker 1 exited (SIGKILL)`);
    } finally {
      await run.stop();
      await fresh.drop();
    }
  }, 180_000);
});
