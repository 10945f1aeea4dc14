import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INLINE_SHEET_BYTES,
  ISLAND_STYLE,
  pageHeadFinisher,
} from '../../server/plugins/page-head.ts';

const page = (head: string, body: string) =>
  `<!doctype html><html lang="ar"><head><title>سوق</title>${head}</head><body>${body}</body></html>`;
const script = (name: string) => `<script type="module" src="/_astro/${name}"></script>`;
const sheet = (name: string) => `<link rel="stylesheet" href="/_astro/${name}">`;
const bigSheet = `.wide{color:red}\n${'/* the account pages */'.repeat(INLINE_SHEET_BYTES / 16)}`;

describe("a rendered page's head", () => {
  let client: string;
  let finish: (body: Buffer) => Promise<Buffer>;
  const finished = async (html: string) => (await finish(Buffer.from(html))).toString('utf8');

  beforeAll(() => {
    client = mkdtempSync(path.join(tmpdir(), 'page-head-'));
    mkdirSync(path.join(client, '_astro'));
    const files: Record<string, string> = {
      // The page's script imports a shared chunk, which imports another; a dynamic import and a
      // package specifier are not the page's to preload.
      'page.js': `import{a}from"./shared.js";import"./other.js";const later=()=>import("./later.js");a()`,
      'shared.js': `import{b}from"./deep.js";export const a=()=>b()`,
      'deep.js': `export const b=()=>1`,
      'other.js': `import"./shared.js";`,
      'later.js': `export default 1`,
      'public.css': `.card{color:#116350}\n`,
      'page.css': `.strip{gap:1rem}\n`,
      'account.css': bigSheet,
    };
    for (const [name, source] of Object.entries(files)) {
      writeFileSync(path.join(client, '_astro', name), source);
    }
    finish = pageHeadFinisher(client);
  });

  afterAll(() => rmSync(client, { recursive: true, force: true }));

  it("moves Astro's island rule from the body into the head, keeping the Arabic text", async () => {
    const body = `<header><div>${ISLAND_STYLE}<astro-island>حسابي</astro-island></div></header>`;
    expect(await finished(page('', body))).toBe(
      page(ISLAND_STYLE, '<header><div><astro-island>حسابي</astro-island></div></header>'),
    );
  });

  it('adds the rule to a page without islands, and changes nothing else', async () => {
    const plain = page('', '<main><p>لا جزر هنا</p></main>');
    expect(await finished(plain)).toBe(page(ISLAND_STYLE, '<main><p>لا جزر هنا</p></main>'));
  });

  it('moves only the first copy, and only one written after the head', async () => {
    const html = page(ISLAND_STYLE, `<p>${ISLAND_STYLE}</p><p>${ISLAND_STYLE}</p>`);
    expect(await finished(html)).toBe(
      page(ISLAND_STYLE + ISLAND_STYLE, `<p></p><p>${ISLAND_STYLE}</p>`),
    );
  });

  it("links each static import of the page's scripts once, nested ones too", async () => {
    const html = await finished(page(script('page.js'), '<main></main>'));
    const links = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(
      (match) => match[1],
    );
    expect(links.sort()).toEqual(['/_astro/deep.js', '/_astro/other.js', '/_astro/shared.js']);
    // The links and the rule sit together, just before the head ends.
    expect(html).toContain(`href="/_astro/deep.js">${ISLAND_STYLE}</head>`);
  });

  it("leaves out a chunk that is itself one of the page's scripts", async () => {
    const html = await finished(page(script('page.js') + script('shared.js'), ''));
    expect(html).not.toContain('<link rel="modulepreload" href="/_astro/shared.js">');
    expect(html).toContain('<link rel="modulepreload" href="/_astro/deep.js">');
  });

  it('adds no link for a script missing from the build, and leaves a page without a head', async () => {
    const html = await finished(page(script('gone.js'), ''));
    expect(html).not.toContain('modulepreload');
    const fragment = `<p>${ISLAND_STYLE}</p>`;
    expect(await finished(fragment)).toBe(fragment);
  });

  it('puts a small linked sheet into the head in its place, and sheets next to each other in one style', async () => {
    const html = await finished(
      page(
        `<meta charset="utf-8">${sheet('public.css')}\n${sheet('page.css')}<script>1</script>`,
        '',
      ),
    );
    expect(html).toContain(
      '<meta charset="utf-8"><style>.card{color:#116350}\n.strip{gap:1rem}\n</style><script>1</script>',
    );
    expect(html).not.toContain('rel="stylesheet"');
    // Sheets apart are inlined apart, each where its link was.
    const apart = await finished(
      page(`${sheet('public.css')}<title>x</title>${sheet('page.css')}`, ''),
    );
    expect(apart).toContain(
      '<style>.card{color:#116350}\n</style><title>x</title><style>.strip{gap:1rem}\n</style>',
    );
  });

  it('leaves a large sheet, a missing one and a link in the body as links', async () => {
    const links = sheet('account.css') + sheet('gone.css');
    const html = await finished(page(links, sheet('public.css')));
    expect(html).toContain(`<title>سوق</title>${links}`);
    expect(html).toContain(`<body>${sheet('public.css')}</body>`);
    expect(html).not.toContain('.wide{color:red}');
    // A large sheet beside a small one: the small one alone goes in.
    const mixed = await finished(page(sheet('public.css') + sheet('account.css'), ''));
    expect(mixed).toContain(`<style>.card{color:#116350}\n</style>${sheet('account.css')}`);
  });

  const viewport = '<meta name="viewport" content="width=device-width, initial-scale=1">';
  const photo =
    '<img src="/uploads/a-640.webp" srcset="/uploads/a-320.webp 320w, /uploads/a-640.webp 640w"' +
    ' sizes="(min-width: 640px) 50vw, 100vw" width="640" height="366" alt="سيارة &amp; أخرى"' +
    ' loading="eager" fetchpriority="high">';

  it("preloads the page's high-priority picture right after the viewport, asking for what the <img> asks", async () => {
    const html = await finished(
      page(viewport + '<style>main{}</style>', `<main><img src="/logo.svg" alt="">${photo}</main>`),
    );
    expect(html).toContain(
      `${viewport}<link rel="preload" as="image" href="/uploads/a-640.webp"` +
        ' imagesrcset="/uploads/a-320.webp 320w, /uploads/a-640.webp 640w"' +
        ' imagesizes="(min-width: 640px) 50vw, 100vw" fetchpriority="high"><style>',
    );
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
    // The picture itself is left as it was.
    expect(html).toContain(`<main><img src="/logo.svg" alt="">${photo}</main>`);
  });

  it('preloads nothing without a high-priority picture, or without a viewport tag to place it after', async () => {
    const lazy = photo.replace('loading="eager" fetchpriority="high"', 'loading="lazy"');
    expect(await finished(page(viewport, `<main>${lazy}</main>`))).not.toContain('preload');
    expect(await finished(page('', `<main>${photo}</main>`))).not.toContain('preload');
    // An element other than a picture with that priority is not one.
    const link = '<link rel="next" href="/x" fetchpriority="high">';
    expect(await finished(page(viewport, `<main>${link}</main>`))).not.toContain('preload');
  });
});
