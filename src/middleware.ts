import { defineMiddleware } from 'astro:middleware';
import { islandStyleToHead } from './lib/server/island-styles.ts';

// Every rendered page goes out with Astro's island style moved into its head (see island-styles.ts).
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(response.body.pipeThrough(islandStyleToHead()), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});
