import { describe, expect, it } from 'vitest';
import { createBus, type BusEvents } from '../../server/lib/bus.ts';

const until = async (check: () => boolean, timeoutMs = 2000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('event bus', () => {
  it('delivers in process at once', async () => {
    const bus = await createBus(null);
    const seen: BusEvents['purge'][] = [];
    bus.subscribe('purge', (event) => seen.push(event));
    await bus.publish('purge', { tags: ['vehicle:1'] });
    expect(seen).toEqual([{ tags: ['vehicle:1'] }]);
    await bus.close();
  });

  // The production path: two server instances sharing Redis.
  it.runIf(process.env.REDIS_URL)(
    'reaches every instance through Redis, and the publisher exactly once',
    async () => {
      const first = await createBus(process.env.REDIS_URL!);
      const second = await createBus(process.env.REDIS_URL!);
      const onFirst: string[][] = [];
      const onSecond: string[][] = [];
      first.subscribe('purge', ({ tags }) => onFirst.push(tags));
      second.subscribe('purge', ({ tags }) => onSecond.push(tags));
      const tag = `vehicle:${Date.now()}`;
      await first.publish('purge', { tags: [tag] });
      expect(onFirst).toEqual([[tag]]);
      await until(() => onSecond.length > 0);
      expect(onSecond).toEqual([[tag]]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(onFirst).toHaveLength(1);
      await first.close();
      await second.close();
    },
  );
});
