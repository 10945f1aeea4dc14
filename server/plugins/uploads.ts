import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AddedVariants } from '../images/added-variants.ts';
import {
  IMMUTABLE_CACHE,
  isObjectKey,
  type ObjectInfo,
  type ObjectStore,
} from '../lib/storage/object-store.ts';

// A redirect names where the bucket is today: browsers may keep it an hour, not forever, so a
// changed S3_PUBLIC_URL takes over soon.
const REDIRECT_CACHE = 'public, max-age=3600';

const notFound = (reply: FastifyReply) =>
  reply.status(404).type('text/plain; charset=utf-8').send('Not found');

/** Whether the browser's copy is this one (If-None-Match lists its validator, or is `*`). */
function unchanged(request: FastifyRequest, info: ObjectInfo): boolean {
  const wanted = request.headers['if-none-match'];
  if (!wanted || !info.etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return wanted.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(info.etag!));
}

function describe(reply: FastifyReply, info: ObjectInfo) {
  reply.header('content-type', info.contentType);
  reply.header('cache-control', IMMUTABLE_CACHE);
  if (info.etag) reply.header('etag', info.etag);
  if (info.lastModified) reply.header('last-modified', info.lastModified.toUTCString());
}

/**
 * Stored images under /uploads, from whichever store holds them: streamed with the headers a
 * static file had (type, length, a year's immutable cache, ETag), or redirected to the bucket's
 * public address when S3_PUBLIC_URL is set. A variant of a width added since the image was
 * stored is made on its first request (AddedVariants). A missing file is a plain-text 404, the
 * same for every method, never the framework's "Route GET:/uploads/x not found".
 */
export default async function uploads(app: FastifyInstance, options: { storage: ObjectStore }) {
  const { storage } = options;
  const addedVariants = new AddedVariants(storage);
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  // The store out of reach (a bucket down, a disk error): said plainly, and logged with the key.
  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error, url: request.url }, 'image store read failed');
    return reply.status(503).type('text/plain; charset=utf-8').send('Image storage unavailable');
  });

  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = request.params['*'];
      // Refused keys (`..`, hidden names, odd characters) are simply not there.
      if (!isObjectKey(key)) return notFound(reply);
      // A variant of a width added since the image was stored is made on its first request.
      await addedVariants.ensure(key);
      const away = storage.publicUrl(key);
      if (away) return reply.header('cache-control', REDIRECT_CACHE).redirect(away, 302);

      // HEAD, and a browser asking whether its copy is current, need no bytes.
      if (request.method === 'HEAD' || request.headers['if-none-match']) {
        const info = await storage.head(key);
        if (!info) return notFound(reply);
        describe(reply, info);
        if (unchanged(request, info)) return reply.status(304).send();
        if (request.method === 'HEAD') return reply.header('content-length', info.length).send();
      }
      const object = await storage.stream(key);
      if (!object) return notFound(reply);
      describe(reply, object);
      return reply.header('content-length', object.length).send(object.body);
    },
  });
}
