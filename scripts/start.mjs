// `npm start`: build the site when the build is missing or older than its sources, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist', 'server', 'entry.mjs');
const sources = ['src', 'public', 'messages', 'server', 'astro.config.mjs', 'package.json'];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(target)) {
    if (name === 'paraglide' || name === 'node_modules') continue;
    latest = Math.max(latest, newest(path.join(target, name)));
  }
  return latest;
}

const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
const changed = Math.max(...sources.map((name) => newest(path.join(root, name))));
const run = (args, env = process.env) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
if (changed > built) {
  console.log('Building the site ...');
  run([path.join(root, 'node_modules', 'astro', 'astro.js'), 'build']);
  run([path.join(root, 'scripts', 'precompress.mjs')]);
}
// Two malloc arenas: image processing on many threads otherwise keeps hundreds of MB it freed.
// NODE_ENV=production: server rendering uses the libraries' production builds (React's
// development build is slower and keeps more memory).
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', NODE_ENV: 'production', ...process.env },
});
// A process manager stops this process: the server must hear it too, to drain before it exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
