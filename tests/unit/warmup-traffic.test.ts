import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrafficLink } from '../../server/lib/cluster-traffic.ts';
import { Traffic } from '../../server/plugins/page-warmup.ts';

/** A link to a pretend other worker: what this one told it, and a way to hear from it. */
function fakeLink() {
  let heard = () => {};
  const link: TrafficLink & { told: number; otherAnswers: () => void } = {
    told: 0,
    tell: () => void link.told++,
    listen: (onHeard) => void (heard = onHeard),
    otherAnswers: () => heard(),
  };
  return link;
}

/** A server answering one slow request, under way until `finish()`: steady traffic. */
async function requestInFlight() {
  const app = Fastify();
  const traffic = new Traffic();
  traffic.attach(app);
  let release = () => {};
  app.get('/slow', () => new Promise<string>((resolve) => (release = () => resolve('done'))));
  await app.ready();
  const answer = app.inject('/slow');
  await vi.advanceTimersByTimeAsync(0);
  return {
    traffic,
    async finish() {
      release();
      await answer;
      await app.close();
    },
  };
}

/** Whether `traffic.idle(maxMs)` has resolved after `ms` of (fake) time. */
async function idleAfter(traffic: Traffic, maxMs: number, ms: number) {
  let done = false;
  void traffic.idle(maxMs).then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

describe('the warm-up gives way to visitors', () => {
  beforeEach(
    () => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }),
  );
  afterEach(() => void vi.useRealTimers());

  it('renders at once on a quiet server, and waits a moment after an answer', async () => {
    const traffic = new Traffic();
    expect(await idleAfter(traffic, 1000, 0)).toBe(true);
    traffic.answered();
    expect(await idleAfter(traffic, 1000, 100)).toBe(false);
    expect(await idleAfter(traffic, 1000, 250)).toBe(true);
  });

  it('waits while a request is in flight, and no longer than asked under steady traffic', async () => {
    const { traffic, finish } = await requestInFlight();
    expect(await idleAfter(traffic, 1000, 500)).toBe(false);
    expect(await idleAfter(traffic, 300, 301)).toBe(true);
    await finish();
  });

  it('under steady traffic lets one render go ahead at a time, not one per caller', async () => {
    const { traffic, finish } = await requestInFlight();
    const turns: number[] = [];
    for (const caller of [1, 2, 3]) void traffic.turn(1000).then(() => turns.push(caller));
    await vi.advanceTimersByTimeAsync(1001);
    expect(turns).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(turns).toHaveLength(2);
    // Once the server is quiet, every caller goes ahead.
    await finish();
    await vi.advanceTimersByTimeAsync(250);
    expect(turns).toHaveLength(3);
  });

  it("waits while another worker of the cluster answers, and tells the others of this one's answers", async () => {
    const link = fakeLink();
    const traffic = new Traffic(link);
    link.otherAnswers();
    expect(await idleAfter(traffic, 1000, 100)).toBe(false);
    expect(await idleAfter(traffic, 1000, 250)).toBe(true);

    for (let i = 0; i < 10; i++) traffic.answered();
    expect(link.told).toBe(1);
    await vi.advanceTimersByTimeAsync(150);
    traffic.answered();
    expect(link.told).toBe(2);
  });
});
