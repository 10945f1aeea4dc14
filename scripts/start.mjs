// `npm start`: build the site when the build is missing or older than its sources, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot as root, serverCommand, serverEntry } from './server-entry.mjs';

const sources = [
  'src',
  'public',
  'messages',
  'server',
  'domain',
  'astro.config.mjs',
  'package.json',
];

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

const built = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
const changed = Math.max(...sources.map((name) => newest(path.join(root, name))));
const run = (args, env = process.env) => {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
if (changed > built) {
  console.log('Building the site ...');
  run([path.join(root, 'node_modules', 'astro', 'astro.js'), 'build']);
  run([path.join(root, 'scripts', 'precompress.mjs')]);
  run([path.join(root, 'scripts', 'build-server.mjs')]);
}
// The server reads .env itself; read here too, so that a setting the server's process needs
// from its start (malloc's, in serverCommand) may be set there as well.
const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
const command = serverCommand(process.env);
const server = spawn(process.execPath, command.args, {
  cwd: root,
  stdio: 'inherit',
  env: command.env,
});
// A process manager stops this process: the server must hear it too, to drain before it exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
