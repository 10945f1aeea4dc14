import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const year = 365 * 24 * 3600;

/**
 * Uploaded images under /uploads. A missing file is a plain-text 404, the same for every method,
 * never the framework's "Route GET:/uploads/x not found".
 */
export default async function uploads(app: FastifyInstance, options: { root: string }) {
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).type('text/plain; charset=utf-8').send('Not found'),
  );
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/',
    decorateReply: false,
    // Uploaded files get a new random name on every change, so they never change in place.
    immutable: true,
    maxAge: year * 1000,
  });
}
