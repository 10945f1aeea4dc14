import { HtmlValidate, type Message } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../../.htmlvalidate.mjs';
import { ACCOUNT_PAGES, inLanguage, publicPages } from '../support/public-pages.ts';
import { startSite, type Site } from './harness.ts';

/*
 * Every public page type, and the shells of the account, payment and ticket pages, in both
 * languages, checked by html-validate against the project's rules (.htmlvalidate.mjs: the
 * recommended and document sets, content model and accessibility all on). The pages come from
 * the built site on the demo catalogue, so that the home page has its sliders and featured row,
 * and there are vehicles, galleries and events to open. Run after `npm run build`.
 */

const validator = new HtmlValidate(config);

/** One line per problem, readable in a failed test's output. */
const describeMessage = (message: Message) =>
  `${message.ruleId} ${message.line}:${message.column} ${message.message} (${message.selector ?? ''})`;

/** html-validate's findings on the page at `path`, one line each. */
async function problemsOf(path: string, html: string) {
  const report = await validator.validateString(html, path);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${path}: ${describeMessage(message)}`),
  );
}

describe('the pages are valid HTML', () => {
  let site: Site;
  const paths: string[] = [];

  const data = async <T>(pathname: string) => {
    const response = await site.fetch(pathname);
    expect(response.status, pathname).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };

  beforeAll(async () => {
    site = await startSite('pglite', { demo: true });
    const { paths: arabic } = await publicPages(data);
    paths.push(...arabic, ...arabic.map((path) => inLanguage('en', path)));
  });

  afterAll(async () => {
    await site?.close();
  });

  it('finds no error on any public page, in Arabic or English', async () => {
    const problems: string[] = [];
    for (const path of paths) {
      const response = await site.fetch(path);
      expect(response.status, path).toBe(path.endsWith('/no-such-page') ? 404 : 200);
      problems.push(...(await problemsOf(path, await response.text())));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('finds no error on the account, payment and ticket pages either', async () => {
    // Their server HTML: the shell every visitor gets, filled in the browser once signed in.
    const shells = [
      ...ACCOUNT_PAGES,
      '/profile/update_vehicle',
      '/reset_password',
      '/teckitfail',
      '/teckitsuccess',
      '/admin',
    ].flatMap((path) => [path, inLanguage('en', path)]);
    const problems: string[] = [];
    for (const path of shells) {
      const response = await site.fetch(path);
      expect(response.status, path).toBe(200);
      problems.push(...(await problemsOf(path, await response.text())));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('has no link without a destination outside a template', async () => {
    // Links a script fills in live in <template>s; any other <a> without an href is debris (an
    // expression inside a template's link once made the compiler reopen it after the template).
    const bare: string[] = [];
    for (const path of paths) {
      const html = (await (await site.fetch(path)).text()).replace(
        /<template\b[\s\S]*?<\/template>/g,
        '',
      );
      for (const [tag] of html.matchAll(/<a\b(?![^>]*\shref=)[^>]*>/g))
        bare.push(`${path}: ${tag}`);
    }
    expect(bare, bare.join('\n')).toEqual([]);
  });

  it('has every part of a page back in its place', async () => {
    // The large sections reach the server as bytes of their own (server/lib/page-parts.ts),
    // each marked in the page's text; none may be left marked, and the ones every page has
    // (its footer, its main content) are where they belong.
    const wrong: string[] = [];
    for (const path of paths) {
      const html = await (await site.fetch(path)).text();
      if (html.includes('<!--part-')) wrong.push(`${path}: a part's marker is left`);
      if (!/<main\b[^>]*>\s*\S[\s\S]*<\/main>\s*<footer\b[\s\S]*<\/footer>/.test(html)) {
        wrong.push(`${path}: no main content or no footer after it`);
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('catches what it is there to catch', async () => {
    // The rules that found this markup's old faults still fire on them.
    const page = (body: string) =>
      `<!doctype html><html lang="ar"><head><title>t</title></head><body>${body}</body></html>`;
    const faults = {
      'element-required-ancestor': '<dl><div><div><dt>a</dt><dd>b</dd></div></div></dl>',
      'element-permitted-content': '<div><style>p{}</style></div>',
      'valid-autocomplete': '<label>a <input type="text" autocomplete="street-address"></label>',
      'unique-landmark': '<nav aria-label="x"></nav><nav aria-label="x"></nav>',
      'heading-level': '<h2>a</h2><h1>b</h1>',
    };
    for (const [rule, body] of Object.entries(faults)) {
      const report = await validator.validateString(page(body), rule);
      const rules = report.results.flatMap((result) => result.messages.map((m) => m.ruleId));
      expect(rules, rule).toContain(rule);
    }
  });
});
