// Run by `npm run build` after `astro build`: writes a brotli (.br) and a gzip (.gz) copy beside
// every text file of the client build, at the highest levels, once, so the server sends them
// as they are (@fastify/static `preCompressed`) instead of compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'client'));

/** Text types only: images and woff2 fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|xml|html|txt|webmanifest)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

let count = 0;
let before = 0;
let afterBrotli = 0;
for (const file of files(clientDir)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  // A copy that is not smaller is not worth sending; the plain file is served instead.
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  count++;
  before += body.length;
  afterBrotli += Math.min(brotli.length, body.length);
}
console.log(
  `precompressed ${count} files: ${Math.round(before / 1024)} KB, ${Math.round(afterBrotli / 1024)} KB as brotli`,
);
