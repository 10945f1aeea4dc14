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
 * - The page's small stylesheets, inline. The build links every sheet (astro.config.mjs); a
 *   linked sheet under INLINE_SHEET_BYTES (the public pages' one, about 61 KB, 12 KB compressed)
 *   is put in the page in its link's place, so the first paint needs no request for it, while
 *   the account pages' full sheet stays a cached file. Read once per file and copied as bytes:
 *   written by Astro into the page it was a third of every page's text, joined, made into one
 *   string and encoded again on every render.
 */

const SCRIPT_START = '<script type="module" src="/_astro/';
const SHEET_START = '<link rel="stylesheet" href="/_astro/';
/** Sheets smaller than this go into the page; larger ones stay files the browser keeps. */
export const INLINE_SHEET_BYTES = 72 * 1024;
const STYLE_OPEN = Buffer.from('<style>');
const STYLE_CLOSE = Buffer.from('</style>');
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
  /** The static imports of the built script at `url` (`/_astro/x.js`), as URLs, recursively. */
  const staticImports: (url: string) => Promise<string[]> = oncePerFile(async (url) => {
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
  });

  async function preloadLinks(body: Buffer): Promise<string> {
    const scripts: string[] = [];
    for (let at = body.indexOf(SCRIPT_START); at !== -1; at = body.indexOf(SCRIPT_START, at + 1)) {
      const url = builtFileAt(body, at, SCRIPT_START);
      if (url) scripts.push(url);
    }
    if (scripts.length === 0) return '';
    const imported = new Set((await Promise.all(scripts.map(staticImports))).flat());
    // A chunk that is itself one of the page's scripts is already being fetched.
    for (const script of scripts) imported.delete(script);
    return [...imported].map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  }

  /** The built sheet at `url` when it is small enough to go into the page, else null. */
  const smallSheet = oncePerFile((url) =>
    readFile(path.join(clientDir, url)).then(
      (css) => (css.length < INLINE_SHEET_BYTES ? css : null),
      () => null,
    ),
  );

  /**
   * The links to small sheets in the page's head, each replaced by its `<style>`; links next to
   * each other (a line apart) become one `<style>` with their sheets in order, as the build
   * writes sheets it inlines.
   */
  async function sheetEdits(body: Buffer, head: number): Promise<Edit[]> {
    const runs: { from: number; to: number; sheets: Buffer[] }[] = [];
    for (let at = body.indexOf(SHEET_START); at !== -1 && at < head;) {
      const end = body.indexOf('>', at) + 1;
      const href = builtFileAt(body, at, SHEET_START);
      const css = href ? await smallSheet(href) : null;
      if (css) {
        const last = runs.at(-1);
        if (last && body.toString('latin1', last.to, at).trim() === '') {
          last.to = end;
          last.sheets.push(css);
        } else {
          runs.push({ from: at, to: end, sheets: [css] });
        }
      }
      at = body.indexOf(SHEET_START, end);
    }
    return runs.map(({ from, to, sheets }) => ({
      from,
      to,
      insert: [STYLE_OPEN, ...sheets, STYLE_CLOSE],
    }));
  }

  return async function finishHead(body: Buffer): Promise<Buffer> {
    const head = body.indexOf(HEAD_END);
    if (head === -1) return body;
    const edits = await sheetEdits(body, head);
    edits.push({
      from: head,
      to: head,
      insert: [Buffer.from((await preloadLinks(body)) + ISLAND_STYLE)],
    });
    const style = body.indexOf(ISLAND_STYLE, head);
    if (style !== -1) {
      edits.push({ from: style, to: style + ISLAND_STYLE.length, insert: [] });
    }
    const picture = picturePreload(body, head);
    const viewport = body.indexOf(VIEWPORT);
    const afterViewport = viewport === -1 || viewport > head ? -1 : body.indexOf('>', viewport) + 1;
    if (picture && afterViewport > 0) {
      edits.push({ from: afterViewport, to: afterViewport, insert: [picture] });
    }
    return applyEdits(body, edits);
  };
}

/** Bytes of a page replaced: `from` to `to` (equal for an insertion) by `insert`. */
interface Edit {
  from: number;
  to: number;
  insert: Buffer[];
}

/** `body` with `edits` (none overlapping another) made, in one copy. */
function applyEdits(body: Buffer, edits: Edit[]): Buffer {
  // An insertion goes before a replacement that starts where it does.
  edits.sort((a, b) => a.from - b.from || a.to - b.to);
  const parts: Buffer[] = [];
  let at = 0;
  for (const edit of edits) {
    parts.push(body.subarray(at, edit.from));
    parts.push(...edit.insert);
    at = edit.to;
  }
  parts.push(body.subarray(at));
  return Buffer.concat(parts);
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

/** `make`'s answer for each file, made once: the built files do not change while serving. */
function oncePerFile<T>(make: (url: string) => Promise<T>): (url: string) => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return (url) => {
    let answer = made.get(url);
    if (!answer) made.set(url, (answer = make(url)));
    return answer;
  };
}

/** The `/_astro/...` URL quoted in the tag that starts with `start` at `at`, or null. */
function builtFileAt(body: Buffer, at: number, start: string): string | null {
  const from = at + start.length - '/_astro/'.length;
  const end = body.indexOf('"', from);
  return end === -1 ? null : body.toString('utf8', from, end);
}
