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

/** What a worker's warm-up did, from the line it logs when it ends (server/plugins/page-warmup.ts). */
interface WarmUp {
  pid: number;
  inMemory: number;
  rendered: number;
  ranked: number;
  share: number;
  sharePages: number;
}

function warmUps(server: ServerProcess): WarmUp[] {
  return server
    .stdout()
    .split('\n')
    .filter((line) => line.includes('page cache warm:'))
    .map((line) => {
      const { pid, msg } = JSON.parse(line) as { pid: number; msg: string };
      const found =
        /(\d+) pages in memory \((\d+) rendered, \d+ loaded\) of (\d+) \(share (\d+) of 2: (\d+) pages\)/.exec(
          msg,
        );
      if (!found) throw new Error(`not a cluster's warm-up: ${msg}`);
      const [inMemory, rendered, ranked, share, sharePages] = found.slice(1).map(Number) as [
        number,
        number,
        number,
        number,
        number,
      ];
      return { pid, inMemory, rendered, ranked, share, sharePages };
    });
}

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('a cluster of workers', () => {
  const run = serverPerTest('market-cluster-');

  /** A cluster of two workers on a fresh database (with `env` on top), ended after `test`. */
  async function withCluster(
    env: Record<string, string>,
    test: (running: ServerProcess) => Promise<void>,
  ) {
    const fresh = await freshDatabase(process.env.DATABASE_URL!, 'cluster');
    try {
      const running = await run.spawn({
        DATABASE_URL: fresh.databaseUrl!,
        REDIS_URL: process.env.REDIS_URL!,
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
        ...env,
      });
      await test(running);
    } finally {
      await run.stop();
      await fresh.drop();
    }
  }

  it('splits the warm-up: each page is rendered by one worker, and a replacement takes over its share', async () => {
    await withCluster({ SEED_DEMO: 'true', PAGE_WARMUP: 'true' }, async (running) => {
      await until(() => warmUps(running).length === 2, 180_000, 'both workers to warm up');
      const [first, second] = warmUps(running) as [WarmUp, WarmUp];
      expect(first.ranked).toBe(second.ranked);
      expect(first.ranked).toBeGreaterThan(100);
      expect(new Set([first.share, second.share])).toEqual(new Set([1, 2]));
      expect(first.sharePages + second.sharePages).toBe(first.ranked);
      // Every page rendered once (the two home pages, which each worker needs before it is
      // ready, by both): before, each worker rendered every page.
      expect(first.rendered).toBeGreaterThan(first.sharePages / 2);
      expect(second.rendered).toBeGreaterThan(second.sharePages / 2);
      expect(first.rendered + second.rendered).toBeLessThanOrEqual(first.ranked + 2);
      // The worker that finished last found the other's pages in Redis and holds them too.
      expect(Math.max(first.inMemory, second.inMemory)).toBeGreaterThan(
        Math.max(first.rendered, second.rendered),
      );

      // The replacement of a worker that died takes its share, and finds it rendered already.
      process.kill(second.pid, 'SIGKILL');
      await until(() => warmUps(running).length === 3, 180_000, 'the replacement to warm up');
      const replacement = warmUps(running)[2]!;
      expect(replacement.pid).not.toBe(second.pid);
      expect(replacement.share).toBe(second.share);
      expect(replacement.rendered).toBe(0);
      expect(replacement.inMemory).toBeGreaterThanOrEqual(second.sharePages);
    });
  }, 300_000);

  it('replaces a worker that dies, and the new one serves once told the data is ready', async () => {
    await withCluster({}, async (running) => {
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
    });
  }, 180_000);
});
