import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Makes the opened database available to routes; whoever opened it closes it. */
export default fp(
  async function db(app: FastifyInstance, options: { database: Database }) {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
  },
  { name: 'db' },
);
