import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Traffic } from './page-warmup.ts';
import { cacheKey } from './page-cache-key.ts';
import { preferredEncoding } from '../lib/content-encoding.ts';
import type { PageCache } from './page-cache.ts';
import type { CachedPage } from './page-encodings.ts';

/**
 * The cached path at the runtime's limit: a GET for a page that is fresh in memory is answered
 * straight from the HTTP server's request event, with the complete headers the framework sent
 * the first time it served that page as a hit to the same kind of request (every plugin's
 * headers included), so the two answers are the same bytes. Anything else (a miss, a stale page,
 * HEAD, a kind of request not seen yet) goes through Fastify as before. These answers skip
 * the framework's request log and hooks, like a proxy's cache would.
 */
export function attachFastPath(app: FastifyInstance, cache: PageCache, traffic: Traffic) {
  const headersOf = new WeakMap<CachedPage, Map<string, OutgoingHttpHeaders>>();
  const pending = new WeakMap<FastifyRequest, { page: CachedPage; variant: string }>();

  /** What the headers of an answer may depend on besides the page. */
  const variantOf = (req: IncomingMessage) =>
    `${preferredEncoding(req.headers['accept-encoding'])}|${req.headers['x-forwarded-proto'] ?? ''}|${(req.socket as TLSSocket).encrypted === true}`;

  // Cache keys of the request lines seen, so a hit parses no URL (bounded: cleared when full).
  const keys = new Map<string, string | null>();
  const keyOf = (url: string) => {
    let key = keys.get(url);
    if (key === undefined) {
      if (keys.size >= 10_000) keys.clear();
      key = cacheKey(url);
      keys.set(url, key);
    }
    return key;
  };

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !req.url) return false;
    const key = keyOf(req.url);
    if (key === null) return false;
    const page = cache.fresh(key);
    if (!page) return false;
    const headers = headersOf.get(page)?.get(variantOf(req));
    if (!headers) return false;
    res.writeHead(200, headers);
    res.end(cache.bodyFor(key, page, req.headers['accept-encoding']).body);
    traffic.answered();
    return true;
  };

  /** Called by the page route when it sends a fresh hit: its final headers are kept. */
  const remember = (request: FastifyRequest, page: CachedPage) => {
    pending.set(request, { page, variant: variantOf(request.raw) });
  };

  // After every other onSend hook (this one is added last), the headers are final.
  app.addHook('onSend', async (request, reply, payload) => {
    const seen = pending.get(request);
    if (seen && reply.statusCode === 200 && Buffer.isBuffer(payload)) {
      pending.delete(request);
      let variants = headersOf.get(seen.page);
      if (!variants) headersOf.set(seen.page, (variants = new Map()));
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = typeof value === 'number' ? String(value) : value;
      }
      headers['content-length'] = payload.length;
      variants.set(seen.variant, headers);
    }
    return payload;
  });

  // In front of the framework's own request listener.
  const server: Server = app.server;
  const listeners = server.listeners('request') as ((...args: unknown[]) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let served = false;
    try {
      served = serve(req, res);
    } catch (error) {
      // Never a crash from here: the framework answers instead, or the connection is dropped
      // when part of an answer went out.
      app.log.error({ err: error }, 'cached answer failed');
      if (res.headersSent) return void res.destroy();
    }
    if (served) return;
    for (const listener of listeners) listener.call(server, req, res);
  });

  return { remember };
}
