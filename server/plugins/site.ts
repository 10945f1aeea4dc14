import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../lib/bus.ts';
import { clusterTrafficLink } from '../lib/cluster-traffic.ts';
import type { WorkerShare } from '../lib/worker-slot.ts';
import type { SiteServices } from '../site-services.ts';
import { preferredEncoding } from '../lib/content-encoding.ts';
import { PageParts } from '../lib/page-parts.ts';
import { PageCache } from './page-cache.ts';
import { brotli, gzip, replayHeaders, type RenderedPage } from './page-encodings.ts';
import { cacheKey } from './page-cache-key.ts';
import { pageHeadFinisher } from './page-head.ts';
import type { PageStore } from './page-store.ts';
import { attachFastPath } from './fast-path.ts';
import { Traffic, warmUp } from './page-warmup.ts';
import { pagePolicy, UNAVAILABLE_PAGE_POLICY } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pageCache: PageCache;
    /**
     * The background warm-up (started once the server listens, when enabled): resolves with the
     * number of pages it put in memory. Calling it starts it when it has not started.
     */
    warmPageCache: () => Promise<number>;
  }
}

export interface SiteOptions {
  /** The built site (`astro build` output). */
  distDir: string;
  services: SiteServices;
  bus: Bus;
  revalidateSeconds: number;
  /** Where rendered pages outlive the process (disk, or Redis shared by every instance). */
  store?: PageStore;
  /** Memory the cached pages may take, all encodings counted. */
  maxBytes?: number;
  /** Warm the cache in the background once listening; /api/ready waits for the home pages. */
  warmup?: boolean;
  /** This process's part of a cluster's warm-up; all of it when omitted. */
  warmupShare?: WorkerShare;
}

const year = 365 * 24 * 3600;

/** What the built site's entry exports (src/adapter): a page's render, whole. */
type SiteRender = (request: Request, locals: App.Locals) => Promise<Response>;

/** A response's body as one buffer; the body Astro makes of a whole page is one chunk, not copied. */
async function bodyOf(response: Response): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of response.body) chunks.push(chunk);
  const [only] = chunks;
  return chunks.length === 1 && only
    ? Buffer.from(only.buffer, only.byteOffset, only.byteLength)
    : Buffer.concat(chunks);
}

/** The static files the build precompresses (scripts/precompress.mjs); their answer varies. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|xml|html|txt|webmanifest)$/i;

/**
 * Pages no browser or proxy may keep (issue §3): the account area shows the signed-in visitor's
 * data; the sign-in and sign-up forms hold typed passwords, and the login page clears the stored
 * session each time it opens, which a copy from the back-forward cache would skip.
 */
const PRIVATE_PAGE = /^\/(?:en\/)?(?:profile|login|signUp|admin)(?:[/?#]|$)/;
const PRIVATE = 'private, no-store';

/** Shown when a page cannot be rendered and no cached copy exists (the database is down). */
const unavailablePage = `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="15"><title>الخدمة غير متاحة مؤقتاً | Temporarily unavailable</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.7;color:#1f2937}</style></head>
<body><h1>الخدمة غير متاحة مؤقتاً</h1><p>نعمل على إعادة الموقع بأسرع وقت. ستُحدَّث الصفحة تلقائياً بعد قليل.</p>
<hr><h2 lang="en" dir="ltr">Temporarily unavailable</h2><p lang="en" dir="ltr">We are bringing the site back. This page will reload by itself shortly.</p></body></html>`;

/**
 * Serves the site's static files and, for every other GET, the server-rendered pages;
 * catalogue pages go through the page cache.
 */
export default fp(
  async function site(app: FastifyInstance, options: SiteOptions) {
    const entry = path.join(options.distDir, 'server', 'entry.mjs');
    if (!existsSync(entry)) {
      throw new Error(`The site is not built (${entry} is missing): run "npm run build" first.`);
    }
    const { render: renderSite } = (await import(pathToFileURL(entry).href)) as {
      render: SiteRender;
    };
    const locals: App.Locals = { services: options.services };

    await app.register(fastifyStatic, {
      root: path.join(options.distDir, 'client'),
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      // The build writes .br and .gz copies of text files (scripts/precompress.mjs): sent as they
      // are to clients that accept them, never compressed per request, never routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Off, or the send library's own `public, max-age=0` replaces the one set below (the
      // reply's headers are written over the raw response's).
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed build assets never change; other public files may.
        const hashed = filePath.includes(`${path.sep}_astro${path.sep}`);
        res.setHeader(
          'Cache-Control',
          hashed ? `public, max-age=${year}, immutable` : 'public, max-age=3600',
        );
        if (COMPRESSIBLE.test(filePath.replace(/\.(?:br|gz)$/, ''))) {
          res.setHeader('Vary', 'Accept-Encoding');
        }
      },
    });

    const finishHead = pageHeadFinisher(path.join(options.distDir, 'client'));
    // Every page is rendered here, in memory: the page cache's misses, warm-up and revalidations,
    // and the pages outside the cache. The request carries no cookie: pages are the same for
    // every visitor, and the signed-in parts are drawn in the browser.
    const render = async (pagePath: string): Promise<RenderedPage> => {
      const parts = new PageParts();
      const response = await renderSite(
        new Request(`http://localhost${pagePath}`, { headers: { 'accept-encoding': 'identity' } }),
        { ...locals, pageParts: parts },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of response.headers) headers[name] = value;
      // Finished here, so the page cache keeps the policy with the bytes it was rendered for.
      const policy = headers['content-security-policy'];
      if (policy) headers['content-security-policy'] = pagePolicy(policy);
      const html = headers['content-type']?.startsWith('text/html');
      const body = await bodyOf(response);
      return {
        status: response.status,
        headers,
        body: html ? await finishHead(parts.join(body)) : body,
      };
    };

    const cache = new PageCache({
      render,
      bus: options.bus,
      revalidateSeconds: options.revalidateSeconds,
      store: options.store,
      maxBytes: options.maxBytes,
      onStoreError: (error, what) => app.log.warn({ err: error }, `page store ${what} failed`),
    });
    app.decorate('pageCache', cache);
    app.addHook('onClose', async () => cache.close());
    const traffic = new Traffic(clusterTrafficLink());
    traffic.attach(app);
    const fastPath = attachFastPath(app, cache, traffic);

    // Proxies and CDNs in front may keep a page as long as we do, and serve it stale while
    // they refresh it, or when we fail.
    const sharedCaching = `public, max-age=0, s-maxage=${options.revalidateSeconds}, stale-while-revalidate=${options.revalidateSeconds * 10}, stale-if-error=86400`;

    const sendUnavailable = (reply: FastifyReply) =>
      reply
        .status(503)
        .header('Retry-After', '15')
        .header('Cache-Control', PRIVATE)
        .header('Content-Security-Policy', UNAVAILABLE_PAGE_POLICY)
        .type('text/html; charset=utf-8')
        .send(unavailablePage);

    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const key = cacheKey(request.url);
        if (key === null) {
          // Pages outside the cache (the filtered list, account shells, 404s) render per request,
          // and are compressed like cached ones.
          let page: RenderedPage;
          try {
            page = await render(request.url);
          } catch (error) {
            request.log.error({ err: error }, 'page render failed');
            return sendUnavailable(reply);
          }
          if (page.status >= 500) return sendUnavailable(reply);
          reply
            .status(page.status)
            .headers(replayHeaders(page.headers))
            .header('Vary', 'Accept-Encoding');
          if (page.status >= 400 || PRIVATE_PAGE.test(request.url)) {
            reply.header('Cache-Control', PRIVATE);
          }
          if (page.body.length <= 1024) return reply.send(page.body);
          const encoding = preferredEncoding(request.headers['accept-encoding']);
          if (encoding === null) return reply.send(page.body);
          const body = encoding === 'br' ? brotli(page.body) : gzip(page.body);
          return reply.header('Content-Encoding', encoding).send(body);
        }
        let cached;
        try {
          cached = await cache.get(key);
        } catch (error) {
          request.log.warn({ err: error, key }, 'page unavailable');
          return sendUnavailable(reply);
        }
        const { page, result } = cached;
        if (result === 'HIT' && page.status === 200) fastPath.remember(request, page);
        const { body, encoding } = cache.bodyFor(key, page, request.headers['accept-encoding']);
        reply.status(page.status).headers(page.headers);
        reply.header('X-Cache', result);
        reply.header('Vary', 'Accept-Encoding');
        if (page.status === 200) reply.header('Cache-Control', sharedCaching);
        else if (page.status >= 400) reply.header('Cache-Control', PRIVATE);
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply.send(body);
      },
    });

    // Any other method on a page path: a plain 404, never the framework's wording.
    app.setNotFoundHandler((_request, reply) =>
      reply
        .status(404)
        .header('Cache-Control', PRIVATE)
        .type('text/plain; charset=utf-8')
        .send('Not found'),
    );

    // The warm-up runs after the server listens, so that it answers at once whatever the
    // catalogue's size; until the home pages are in, /api/ready answers 503.
    let closing = false;
    let warming: Promise<number> | null = null;
    const releaseReady = options.warmup ? app.readiness.hold('home pages warm-up') : () => {};
    app.decorate('warmPageCache', () => {
      warming ??= warmUp({
        cache,
        db: app.db,
        services: options.services,
        traffic,
        log: app.log,
        concurrency: options.services.driver === 'pglite' ? 1 : 2,
        share: options.warmupShare,
        onHomeWarm: releaseReady,
        stopped: () => closing,
      }).catch((error: unknown) => {
        app.log.error({ err: error }, 'page cache warm-up failed');
        return 0;
      });
      return warming;
    });
    if (options.warmup) {
      app.addHook('onListen', async () => void app.warmPageCache());
    }
    app.addHook('preClose', async () => {
      closing = true;
      await warming;
      // Renders under way finish and are kept while the database is still open.
      await cache.flush();
    });
  },
  { name: 'site', dependencies: ['db', 'readiness'] },
);
