// Run by `npm run build` after the site: compiles the server (server/main.ts and everything it
// imports from server/, domain/ and src/) into ES modules, dist/app/main.mjs and the chunks it
// imports, with the packages left as imports of node_modules. Production starts it with plain
// `node`: no TypeScript loader at start (a quicker start) and none kept in memory (about 140 MB
// less). The chunks keep what main.ts imports only when needed out of a cluster's primary.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { projectRoot, serverEntry } from './server-entry.mjs';

const outdir = path.dirname(serverEntry);
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    [path.basename(serverEntry, '.mjs')]: path.join(projectRoot, 'server', 'main.ts'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  // Stack traces keep the sources' function names.
  keepNames: true,
});
console.log(`server compiled: ${path.relative(projectRoot, serverEntry)}`);
