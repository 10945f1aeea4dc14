import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether this instance should take traffic: after start-up (the database migrated, plugins
 * loaded, any work that holds readiness done, such as the page-cache warm-up) and until
 * shutdown begins.
 */
export class Readiness {
  private started = false;
  private closing = false;
  private readonly holds = new Map<symbol, string>();

  get ready(): boolean {
    return this.started && !this.closing && this.holds.size === 0;
  }

  /** What keeps the instance from being ready, for the logs; null when it is ready. */
  get waitingFor(): string | null {
    if (this.closing) return 'shutdown';
    if (!this.started) return 'start-up';
    const [first] = this.holds.values();
    return first ?? null;
  }

  /** Keeps the instance unready until the returned function is called. */
  hold(what: string): () => void {
    const key = Symbol(what);
    this.holds.set(key, what);
    return () => void this.holds.delete(key);
  }

  markStarted(): void {
    this.started = true;
  }

  markClosing(): void {
    this.closing = true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export default fp(
  async function readiness(app: FastifyInstance) {
    const state = new Readiness();
    app.decorate('readiness', state);
    app.addHook('onReady', async () => state.markStarted());
    app.addHook('preClose', async () => state.markClosing());
  },
  { name: 'readiness' },
);
