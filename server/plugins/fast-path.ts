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

  const keyOf = requestKeys();

  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || !req.url) return false;
    const key = keyOf(req.url);
    if (key === null) return false;
    const page = cache.fresh(key);
    if (!page) return false;
    const variant = variantOf(req);
    if (variant === null) return false;
    const headers = headersOf.get(page)?.get(variant);
    if (!headers) return false;
    res.writeHead(200, headers);
    res.end(cache.bodyFor(key, page, req.headers['accept-encoding']).body);
    traffic.answered();
    return true;
  };

  /** Called by the page route when it sends a fresh hit: its final headers are kept. */
  const remember = (request: FastifyRequest, page: CachedPage) => {
    const variant = variantOf(request.raw);
    if (variant !== null) pending.set(request, { page, variant });
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

/**
 * What a proxy in front may say of the visitor's connection; a request with any other value is
 * answered by the framework, as a hit all the same.
 */
const FORWARDED_PROTOS = new Set(['', 'http', 'https']);

/**
 * What the headers of an answer may depend on besides the page (its encoding, and whether the
 * visitor came over HTTPS), or null for a request whose headers are not to be remembered: a
 * page keeps one set of headers per variant, so a variant is one of a few values, never text a
 * visitor chose (a new `X-Forwarded-Proto` on each request would otherwise grow the page's set
 * without end).
 */
export function variantOf(req: IncomingMessage): string | null {
  const proto = req.headers['x-forwarded-proto'] ?? '';
  if (typeof proto !== 'string' || !FORWARDED_PROTOS.has(proto)) return null;
  return `${preferredEncoding(req.headers['accept-encoding'])}|${proto}|${(req.socket as TLSSocket).encrypted === true}`;
}

/** Request lines longer than this are not remembered: every catalogue page's is far shorter. */
export const REMEMBERED_URL_CHARS = 512;
/** Request lines remembered at most; the memory is emptied when it is full. */
export const REMEMBERED_URLS = 10_000;

/**
 * The cache key of a request line (`cacheKey`), remembered for the lines seen, so that a hit
 * parses no URL. Bounded in characters as well as in lines: a line may be as long as the
 * server's header limit (16 KB), and distinct long lines would otherwise hold 160 MB.
 */
export function requestKeys(): ((url: string) => string | null) & { readonly size: number } {
  const keys = new Map<string, string | null>();
  const keyOf = (url: string) => {
    if (url.length > REMEMBERED_URL_CHARS) return cacheKey(url);
    let key = keys.get(url);
    if (key === undefined) {
      if (keys.size >= REMEMBERED_URLS) keys.clear();
      key = cacheKey(url);
      keys.set(url, key);
    }
    return key;
  };
  return Object.defineProperty(keyOf, 'size', { get: () => keys.size }) as typeof keyOf & {
    readonly size: number;
  };
}
