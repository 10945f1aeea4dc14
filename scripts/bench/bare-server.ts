// The limit of one Node process for the cached path: a bare node:http server that answers with
// the very bytes and headers the marketplace sends for one page, in each encoding (brotli, gzip,
// plain), chosen by Accept-Encoding as the page cache chooses. The bench compares the two.
//
//   node --import tsx scripts/bench/bare-server.ts http://127.0.0.1:4321/vehicle/1 4399
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { preferredEncoding } from '../../server/plugins/page-cache.ts';

interface Copy {
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Headers that belong to one exchange, not to the page. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function get(url: string, acceptEncoding: string | null): Promise<Copy> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
        resolve({ headers: keep(res.headers), body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function keep(headers: IncomingHttpHeaders) {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !PER_RESPONSE.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * Copies the page at `url` in its three encodings (fetched once each, so it should be cached
 * already) and serves them on `port` (0: any free port). Answers the server and its origin.
 */
export async function startBareServer(url: string, port = 0) {
  const [br, gzip, plain] = await Promise.all([get(url, 'br'), get(url, 'gzip'), get(url, null)]);
  const server: Server = createServer((req, res) => {
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const copy = encoding === 'br' ? br : encoding === 'gzip' ? gzip : plain;
    res.writeHead(200, copy.headers);
    res.end(copy.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    origin,
    sizes: { br: br.body.length, gzip: gzip.body.length, plain: plain.body.length },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, port] = process.argv.slice(2);
  if (!url) {
    console.error('usage: bare-server.ts <page url> [port]');
    process.exit(1);
  }
  const bare = await startBareServer(url, Number(port ?? 0));
  console.log(`bare server on ${bare.origin}, bytes ${JSON.stringify(bare.sizes)}`);
}
