import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A fingerprint of the built site: the server's render code (dist/server) and the names of the
 * hashed browser assets (dist/client/_astro). Rendered pages are kept per build, on disk or in
 * Redis, so that a new build never serves a page of the one before, whose scripts and styles it
 * no longer has. Read once per process (a few milliseconds at start).
 */
export function siteBuildId(distDir: string): string {
  const known = builds.get(distDir);
  if (known) return known;
  const digest = createHash('sha256');
  const serverDir = path.join(distDir, 'server');
  const files = existsSync(serverDir)
    ? readdirSync(serverDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
        .sort()
    : [];
  for (const file of files) {
    digest.update(path.relative(serverDir, file)).update('\0').update(readFileSync(file));
  }
  const assetsDir = path.join(distDir, 'client', '_astro');
  if (existsSync(assetsDir)) digest.update(readdirSync(assetsDir).sort().join('\0'));
  const id = digest.digest('hex').slice(0, 16);
  builds.set(distDir, id);
  return id;
}

const builds = new Map<string, string>();
