import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PageTag } from '../../domain/page-tags.ts';
import { orderReviewRepository } from '../db/repositories/order-review.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Re-reads when the next featured vehicle or ad starts or ends (after a review). */
    orderSchedule: { plan: () => Promise<void> };
  }
}

/** The longest a timer waits before looking again (a changed clock, a missed review). */
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** After a failed look (the database down), the next one. */
const RETRY_MS = 60 * 1000;

/**
 * Featured vehicles and ads appear on the public pages exactly from their start to their end:
 * a timer fires at the next start or end of an accepted order and purges the pages that show
 * them (on every instance, through the bus), instead of waiting for the cache's revalidation.
 * `now` and `setTimer` are injectable for tests.
 */
export default fp(
  async function orderSchedule(
    app: FastifyInstance,
    options: {
      now?: () => Date;
      setTimer?: (run: () => void, ms: number) => { cancel: () => void };
    },
  ) {
    const orders = orderReviewRepository(app.db);
    const now = options.now ?? (() => new Date());
    const setTimer =
      options.setTimer ??
      ((run: () => void, ms: number) => {
        const handle = setTimeout(run, ms);
        handle.unref();
        return { cancel: () => clearTimeout(handle) };
      });
    let pending: { cancel: () => void } | null = null;
    let closed = false;

    async function plan() {
      pending?.cancel();
      if (closed) return;
      let next: Date | null;
      try {
        next = await orders.nextChange(now());
      } catch (error) {
        app.log.warn({ err: error }, 'order schedule: next change not read');
        pending = setTimer(() => void plan(), RETRY_MS);
        return;
      }
      const wait = next ? next.getTime() - now().getTime() : Infinity;
      if (wait > LONGEST_WAIT_MS) {
        pending = setTimer(() => void plan(), LONGEST_WAIT_MS);
        return;
      }
      pending = setTimer(() => void fire(), Math.max(0, wait) + 20);
    }

    async function fire() {
      try {
        await app.bus.publish('purge', { tags: [PageTag.home, PageTag.vehicles] });
      } catch (error) {
        app.log.warn({ err: error }, 'order schedule: purge not published');
      }
      await plan();
    }

    app.decorate('orderSchedule', { plan });
    app.addHook('onReady', plan);
    app.addHook('onClose', async () => {
      closed = true;
      pending?.cancel();
    });
  },
  { name: 'order-schedule', dependencies: ['db'] },
);
