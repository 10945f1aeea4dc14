/*
 * Content negotiation for compressed answers: the page cache, pages rendered per request, the
 * fast path and the sitemap all choose the same way.
 */

/** The encoding to send: brotli, else gzip, else none (a q=0 refuses one). */
export function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}
