import { describe, expect, it } from 'vitest';
import { bootScript } from '../../src/lib/boot-script.ts';
import { localizePath, type Lang } from '../../src/lib/i18n.ts';
import { tokenStatus } from '../../src/lib/token.ts';
import { memoryStorage } from './storage.ts';

interface Run {
  redirectedTo: string | null;
  session: string | null;
}

/** Runs the inline script against a fake page and reports what it did. */
function run(pageLang: Lang, url: string, stored: Record<string, string>): Run {
  const parsed = new URL(url, 'http://site.test');
  const local = memoryStorage();
  for (const [key, value] of Object.entries(stored)) local.setItem(key, value);
  const attributes = new Map<string, string>();
  const result: Run = { redirectedTo: null, session: null };
  const documentElement = {
    lang: pageLang,
    setAttribute: (name: string, value: string) => attributes.set(name, value),
  };
  const document = { documentElement, addEventListener() {} };
  const location = {
    pathname: parsed.pathname,
    search: parsed.search,
    hash: parsed.hash,
    replace: (to: string) => {
      result.redirectedTo = to;
    },
  };
  const window = { localStorage: local };
  new Function('document', 'window', 'location', 'atob', bootScript)(
    document,
    window,
    location,
    atob,
  );
  result.session = attributes.get('data-session') ?? null;
  return result;
}

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${part({ alg: 'HS256' })}.${part(payload)}.sig`;

describe('language choice', () => {
  it('stays on the page without a stored choice or when it matches', () => {
    expect(run('ar', '/vehicles', {}).redirectedTo).toBeNull();
    expect(run('ar', '/vehicles', { lang: 'ar' }).redirectedTo).toBeNull();
    expect(run('en', '/en/vehicles', { lang: 'en' }).redirectedTo).toBeNull();
    expect(run('ar', '/', { lang: 'fr' }).redirectedTo).toBeNull();
  });

  it('goes to the stored language the way localizePath does', () => {
    const cases: [Lang, string, Lang][] = [
      ['ar', '/', 'en'],
      ['ar', '/vehicles?brand=3#top', 'en'],
      ['ar', '/vehicle/12-kia-sportage', 'en'],
      ['en', '/en/', 'ar'],
      ['en', '/en', 'ar'],
      ['en', '/en/sellers?page=2', 'ar'],
    ];
    for (const [pageLang, url, stored] of cases) {
      expect(run(pageLang, url, { lang: stored }).redirectedTo, url).toBe(
        localizePath(url, stored),
      );
    }
  });
});

describe('session flag', () => {
  const now = Math.floor(Date.now() / 1000);
  const tokens = [
    jwt({ exp: now + 3600 }),
    jwt({ exp: now - 10 }),
    jwt({ sub: '1' }),
    jwt({ exp: String(now + 3600) }),
    'not-a-token',
    'a.b',
    'a.!!.c',
  ];

  it('is set exactly when tokenStatus says the token is valid', () => {
    for (const token of tokens) {
      const expected = tokenStatus(token) === 'valid' ? 'on' : null;
      expect(run('ar', '/', { token }).session, token).toBe(expected);
    }
    expect(run('ar', '/', {}).session).toBeNull();
  });
});
