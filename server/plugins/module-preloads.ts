import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';

/*
 * A page's module script imports shared chunks (the catalogue's script imports the small shared
 * modules' file), which the browser finds only once the script itself has arrived: one more round
 * trip before the script runs and the page settles, a fifth of the largest paint's time on a phone
 * over a mobile network (Lighthouse's simulation). Each rendered page lists them in its head as
 * `modulepreload` links, so they load beside the script. Computed from the built files, once per
 * script; only static imports, since a dynamic one loads on demand by design.
 */

const SCRIPT_START = '<script type="module" src="/_astro/';
const HEAD_END = '</head>';

/**
 * Adds the links for the static imports of the page's module scripts, read from `clientDir` (the
 * built site's public folder); `body` as it was when it has no such script.
 */
export function modulePreloader(clientDir: string) {
  const importsOf = new Map<string, Promise<string[]>>();

  /** The static imports of the built script at `url` (`/_astro/x.js`), as URLs, recursively. */
  function staticImports(url: string): Promise<string[]> {
    let found = importsOf.get(url);
    if (!found) {
      found = (async () => {
        const source = await readFile(path.join(clientDir, url), 'utf8').catch(() => null);
        if (source === null) return [];
        await init;
        const [imports] = parse(source);
        const direct = imports
          // d === -1: a static import; n: its specifier, here a sibling file in /_astro.
          .filter((entry) => entry.d === -1 && entry.n?.startsWith('./'))
          .map((entry) => path.posix.join(path.posix.dirname(url), entry.n!));
        const nested = await Promise.all(direct.map(staticImports));
        return [...new Set([...direct, ...nested.flat()])];
      })();
      importsOf.set(url, found);
    }
    return found;
  }

  return async function withModulePreloads(body: Buffer): Promise<Buffer> {
    const scripts: string[] = [];
    for (let at = body.indexOf(SCRIPT_START); at !== -1; at = body.indexOf(SCRIPT_START, at + 1)) {
      const start = at + SCRIPT_START.length - '/_astro/'.length;
      const end = body.indexOf('"', start);
      if (end !== -1) scripts.push(body.toString('utf8', start, end));
    }
    if (scripts.length === 0) return body;
    const head = body.indexOf(HEAD_END);
    if (head === -1) return body;
    const imported = new Set((await Promise.all(scripts.map(staticImports))).flat());
    // A chunk that is itself one of the page's scripts is already being fetched.
    for (const script of scripts) imported.delete(script);
    if (imported.size === 0) return body;
    const links = [...imported].map((url) => `<link rel="modulepreload" href="${url}">`).join('');
    return Buffer.concat([body.subarray(0, head), Buffer.from(links), body.subarray(head)]);
  };
}
