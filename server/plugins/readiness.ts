import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether this instance should take traffic: after start-up (the database migrated, plugins
 * loaded, any work that holds readiness done, such as the page-cache warm-up) and until
 * shutdown begins.
 */
export class Readiness {
  private started = false;
  private shuttingDown = false;
  private readonly holds = new Map<symbol, string>();

  /** Shutdown has begun: answers end their connections. */
  get closing(): boolean {
    return this.shuttingDown;
  }

  get ready(): boolean {
    return this.started && !this.shuttingDown && this.holds.size === 0;
  }

  /** What keeps the instance from being ready, for the logs; null when it is ready. */
  get waitingFor(): string | null {
    if (this.shuttingDown) return 'shutdown';
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
    this.shuttingDown = true;
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
    // Draining: the port stops taking connections, but a client holding a keep-alive
    // connection open (a proxy's upstream pool) would keep the process waiting. Answers from
    // now on close their connection, and connections left idle are closed as they become so.
    let closeIdle: NodeJS.Timeout | undefined;
    app.addHook('preClose', async () => {
      state.markClosing();
      app.server.closeIdleConnections();
      closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
      closeIdle.unref();
    });
    app.addHook('onClose', async () => clearInterval(closeIdle));
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (state.closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'readiness' },
);
