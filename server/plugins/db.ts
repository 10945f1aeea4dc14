import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';
import type { Bus } from '../lib/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    /** Events every instance sees (page-cache purges, notifications). */
    bus: Bus;
  }
}

/** Makes the opened database and the event bus available to routes; whoever opened them closes them. */
export default fp(
  async function db(app: FastifyInstance, options: { database: Database; bus: Bus }) {
    app.decorate('database', options.database);
    app.decorate('bus', options.bus);
    app.decorate('db', options.database.db);
  },
  { name: 'db' },
);
