import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteServices } from '../site-services.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: App.Locals,
) => Promise<void>;

export interface SiteOptions {
  /** The built site (`astro build` output). */
  distDir: string;
  uploadsDir: string;
  services: SiteServices;
}

const year = 365 * 24 * 3600;

/** Serves uploads, the site's static files and, for every other GET, the server-rendered pages. */
export default fp(
  async function site(app: FastifyInstance, options: SiteOptions) {
    const entry = path.join(options.distDir, 'server', 'entry.mjs');
    if (!existsSync(entry)) {
      throw new Error(`The site is not built (${entry} is missing): run "npm run build" first.`);
    }
    const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };

    await app.register(fastifyStatic, {
      root: options.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      // Uploaded files get a new random name on every change, so they never change in place.
      immutable: true,
      maxAge: year * 1000,
    });

    await app.register(fastifyStatic, {
      root: path.join(options.distDir, 'client'),
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      setHeaders(res, filePath) {
        // Hashed build assets never change; other public files may.
        const hashed = filePath.includes(`${path.sep}_astro${path.sep}`);
        res.setHeader(
          'Cache-Control',
          hashed ? `public, max-age=${year}, immutable` : 'public, max-age=3600',
        );
      },
    });

    const locals: App.Locals = { services: options.services };
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        reply.hijack();
        await handler(request.raw, reply.raw, undefined, locals);
      },
    });
  },
  { name: 'site', dependencies: ['db'] },
);
