import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';

/*
 * What a rendered page's head still lacks when the site answers it, added in one copy of the
 * page:
 * - `modulepreload` links. A page's module script imports shared chunks (the catalogue's script
 *   imports the small shared modules' file), which the browser finds only once the script itself
 *   has arrived: one more round trip before the script runs and the page settles, a fifth of the
 *   largest paint's time on a phone over a mobile network (Lighthouse's simulation). Computed
 *   from the built files, once per script; only static imports, since a dynamic one loads on
 *   demand by design.
 * - A `preload` of the page's high-priority picture (its largest paint), right after the viewport
 *   tag so that the preload scanner chooses the candidate the `<img>` will. Below the head's
 *   inline CSS and the header the `<img>` is some way into the page: on a phone over a mobile
 *   network, a round trip later than the head (Lighthouse: 60–80 ms of the list's largest
 *   paint). Its `src`, `srcset` and `sizes` are copied as rendered, so both ask for one file.
 * - Astro's island rule. Astro writes it as a `<style>` just before the first island, which on
 *   every page sits inside the header's `<div>`s, and `<style>` belongs in the head (HTML's
 *   content model). It goes before `</head>`, and the copy in the body is dropped.
 */

const SCRIPT_START = '<script type="module" src="/_astro/';
const HEAD_END = '</head>';
const VIEWPORT = '<meta name="viewport"';
const FIRST_PICTURE = /<img\b[^>]*\sfetchpriority="high"[^>]*>/;

/** Astro's own text (astro/dist/runtime/server/astro-island-styles.js), matched exactly. */
export const ISLAND_STYLE =
  '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * The finisher of pages whose scripts are read from `clientDir` (the built site's public folder):
 * it answers `body` with the links and the island rule in its head (the rule also in a page
 * without islands, so every page carries it), or `body` itself when it has no head.
 */
export function pageHeadFinisher(clientDir: string) {
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

  async function preloadLinks(body: Buffer): Promise<string> {
    const scripts: string[] = [];
    for (let at = body.indexOf(SCRIPT_START); at !== -1; at = body.indexOf(SCRIPT_START, at + 1)) {
      const start = at + SCRIPT_START.length - '/_astro/'.length;
      const end = body.indexOf('"', start);
      if (end !== -1) scripts.push(body.toString('utf8', start, end));
    }
    if (scripts.length === 0) return '';
    const imported = new Set((await Promise.all(scripts.map(staticImports))).flat());
    // A chunk that is itself one of the page's scripts is already being fetched.
    for (const script of scripts) imported.delete(script);
    return [...imported].map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  }

  return async function finishHead(body: Buffer): Promise<Buffer> {
    const head = body.indexOf(HEAD_END);
    if (head === -1) return body;
    const added = Buffer.from((await preloadLinks(body)) + ISLAND_STYLE);
    const style = body.indexOf(ISLAND_STYLE, head);
    const rest =
      style === -1
        ? [body.subarray(head)]
        : [body.subarray(head, style), body.subarray(style + ISLAND_STYLE.length)];
    const picture = picturePreload(body, head);
    const viewport = body.indexOf(VIEWPORT);
    const afterViewport = viewport === -1 || viewport > head ? -1 : body.indexOf('>', viewport) + 1;
    const start =
      picture && afterViewport > 0
        ? [body.subarray(0, afterViewport), picture, body.subarray(afterViewport, head)]
        : [body.subarray(0, head)];
    return Buffer.concat([...start, added, ...rest]);
  };
}

/** The `preload` link of the page's high-priority `<img>` past `from`, or null without one. */
function picturePreload(body: Buffer, from: number): Buffer | null {
  const at = body.indexOf(' fetchpriority="high"', from);
  if (at === -1) return null;
  const open = body.lastIndexOf('<img', at);
  const close = body.indexOf('>', at);
  if (open === -1 || open < from || close === -1) return null;
  const tag = FIRST_PICTURE.exec(body.toString('utf8', open, close + 1))?.[0];
  if (!tag) return null;
  const value = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const src = value('src');
  if (!src) return null;
  const srcset = value('srcset');
  const sizes = value('sizes');
  return Buffer.from(
    `<link rel="preload" as="image" href="${src}"` +
      (srcset ? ` imagesrcset="${srcset}"` : '') +
      (srcset && sizes ? ` imagesizes="${sizes}"` : '') +
      ' fetchpriority="high">',
  );
}
