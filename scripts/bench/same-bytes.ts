// The limits a cached page is measured against: the same bytes with the same headers, sent by a
// bare node:http server (one process, nothing else to do: the limit for one Node process) and by
// nginx from disk.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';

export interface SameBytes {
  /** Headers of the cached answer (without Content-Encoding and Content-Length). */
  headers: Record<string, string>;
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Run as a child process: `node same-bytes.ts bare PORT DIR` serves DIR's page.{html,gz,br}. */
async function serveBare(port: number, dir: string) {
  const { readFileSync } = await import('node:fs');
  const headers = JSON.parse(readFileSync(path.join(dir, 'headers.json'), 'utf8'));
  const bodies = {
    br: readFileSync(path.join(dir, 'page.br')),
    gzip: readFileSync(path.join(dir, 'page.gz')),
    plain: readFileSync(path.join(dir, 'page.html')),
  };
  createServer((request, response) => {
    const accept = request.headers['accept-encoding'] ?? '';
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    const body = bodies[encoding ?? 'plain'];
    response.writeHead(200, {
      ...headers,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': body.length,
    });
    response.end(body);
  }).listen(port, '127.0.0.1');
}

function write(page: SameBytes) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'market-bench-bytes-'));
  writeFileSync(path.join(dir, 'page.html'), page.plain);
  writeFileSync(path.join(dir, 'page.gz'), page.gzip);
  writeFileSync(path.join(dir, 'page.br'), page.br);
  writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(page.headers));
  return dir;
}

async function waitFor(url: string) {
  for (let tries = 0; tries < 100; tries++) {
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

export async function startBare(page: SameBytes, port: number) {
  const dir = write(page);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, 'bare', String(port), dir],
    {
      stdio: 'ignore',
    },
  );
  await waitFor(`http://127.0.0.1:${port}/`);
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

export const hasNginx = () => spawnSync('nginx', ['-v']).error === undefined;

/** nginx (two workers, one per core) sending the stored encodings from disk, as they are. */
export async function startNginx(page: SameBytes, port: number) {
  const dir = write(page);
  const headers = Object.entries(page.headers)
    .filter(([name]) => !['content-type', 'date', 'connection', 'keep-alive'].includes(name))
    .map(([name, value]) => `add_header ${name} ${JSON.stringify(value)} always;`)
    .join('\n      ');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  map $http_accept_encoding $stored {
    ~*\\bbr\\b page.br;
    ~*\\bgzip\\b page.gz;
    default page.html;
  }
  map $stored $encoding { page.br br; page.gz gzip; default ""; }
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location = / {
      default_type "${page.headers['content-type'] ?? 'text/html; charset=utf-8'}";
      ${headers}
      add_header Content-Encoding $encoding always;
      try_files /$stored =404;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn('nginx', ['-c', conf, '-p', dir], { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/`);
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGQUIT') };
}

if (process.argv[2] === 'bare') await serveBare(Number(process.argv[3]), process.argv[4]!);
