import { describe, expect, it } from 'vitest';
import {
  accountKindOf,
  accountPayload,
  afterSignInPath,
  clearSessionScript,
  loginPathFor,
  profileGuardScript,
  profileSections,
  safeNextPath,
  userTypeOf,
} from '../../src/lib/account.ts';
import type { Lang } from '../../src/lib/i18n.ts';
import { memoryStorage } from './storage.ts';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (exp: number) => `${part({ alg: 'HS256' })}.${part({ sub: '7', exp })}.sig`;
const now = () => Math.floor(Date.now() / 1000);

describe('safeNextPath', () => {
  it('keeps a path on this site with its query and hash, in the page language', () => {
    expect(safeNextPath('/profile/favorit', 'ar')).toBe('/profile/favorit');
    expect(safeNextPath('/vehicle/12-kia?x=1#top', 'ar')).toBe('/vehicle/12-kia?x=1#top');
    expect(safeNextPath('/profile', 'en')).toBe('/en/profile');
    expect(safeNextPath('/en/profile/change_password', 'ar')).toBe('/profile/change_password');
  });

  it('refuses other origins and anything that is not a plain path', () => {
    for (const next of [
      'https://evil.example/profile',
      '//evil.example/profile',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'profile',
      '/\tevil',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next, 'ar'), String(next)).toBeNull();
    }
  });

  it('never returns to the login or sign-up page', () => {
    expect(safeNextPath('/login', 'ar')).toBeNull();
    expect(safeNextPath('/en/login?next=/profile', 'en')).toBeNull();
    expect(safeNextPath('/signUp', 'ar')).toBeNull();
    expect(safeNextPath('/loginhelp', 'ar')).toBe('/loginhelp');
  });
});

describe('after signing in', () => {
  it('goes back to a safe next page, else to the profile', () => {
    expect(afterSignInPath('/profile/favorit', 'ar')).toBe('/profile/favorit');
    expect(afterSignInPath('//evil.example', 'ar')).toBe('/profile');
    expect(afterSignInPath(null, 'en')).toBe('/en/profile');
  });

  it('builds the login link that comes back', () => {
    expect(loginPathFor('/profile/favorit?x=1', 'ar')).toBe(
      '/login?next=%2Fprofile%2Ffavorit%3Fx%3D1',
    );
    expect(loginPathFor('/en/profile', 'en')).toBe('/en/login?next=%2Fen%2Fprofile');
  });
});

describe('accountKindOf (spec §6)', () => {
  it('maps Normal to individual and Company to dealership; others have no profile', () => {
    expect(accountKindOf(71)).toBe('individual');
    expect(accountKindOf(72)).toBe('dealership');
    expect(accountKindOf(70)).toBeNull();
    expect(accountKindOf(undefined)).toBeNull();
  });
});

describe('profile sections (spec §2)', () => {
  it('lists the side menu in order under /profile, with both orders in one group', () => {
    expect(profileSections.map((section) => section.path)).toEqual([
      '/profile',
      '/profile/my_vehicles',
      '/profile/favorit',
      '/profile/saved_searches',
      '/profile/ads_orders',
      '/profile/star_orders',
      '/profile/payment_operation',
      '/profile/change_password',
    ]);
    expect(profileSections.filter((section) => section.group === 'orders')).toHaveLength(2);
  });
});

interface Page {
  redirectedTo: string | null;
  removed: string[];
  storage: Storage & Record<string, string>;
}

function runScript(script: string, pageLang: Lang, url: string, stored: Record<string, string>) {
  const parsed = new URL(url, 'http://site.test');
  const storage = memoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  const page: Page = { redirectedTo: null, removed: [], storage };
  const document = {
    documentElement: {
      lang: pageLang,
      removeAttribute: (name: string) => page.removed.push(name),
    },
  };
  const location = {
    pathname: parsed.pathname,
    search: parsed.search,
    replace: (to: string) => {
      page.redirectedTo = to;
    },
  };
  new Function('document', 'window', 'location', 'atob', script)(
    document,
    { localStorage: storage },
    location,
    atob,
  );
  return page;
}

describe('the profile guard script', () => {
  it('lets a valid session stay', () => {
    const page = runScript(profileGuardScript('ar'), 'ar', '/profile', {
      token: jwt(now() + 3600),
    });
    expect(page.redirectedTo).toBeNull();
  });

  it('sends a missing, malformed or expired session to login with the way back', () => {
    const sessions: Record<string, string>[] = [
      {},
      { token: 'not-a-token' },
      { token: 'a.b.c' },
      { token: jwt(now() - 10) },
    ];
    for (const stored of sessions) {
      const page = runScript(profileGuardScript('ar'), 'ar', '/profile/favorit?x=1', stored);
      expect(page.redirectedTo).toBe('/login?next=%2Fprofile%2Ffavorit%3Fx%3D1');
      expect(page.removed).toContain('data-session');
    }
    const english = runScript(profileGuardScript('en'), 'en', '/en/profile', {});
    expect(english.redirectedTo).toBe('/en/login?next=%2Fen%2Fprofile');
  });

  it('stands aside while the boot script moves the visitor to their language', () => {
    const page = runScript(profileGuardScript('ar'), 'ar', '/profile', { lang: 'en' });
    expect(page.redirectedTo).toBeNull();
  });
});

describe('the login page script (spec §4)', () => {
  it('clears local storage but keeps the language choice', () => {
    const page = runScript(clearSessionScript, 'en', '/en/login', {
      token: jwt(now() + 3600),
      id: '7',
      userName: 'x',
      lang: 'en',
    });
    expect({ ...page.storage }).toEqual({ lang: 'en' });
    expect(page.removed).toContain('data-session');
  });
});

describe('accountPayload', () => {
  const form = {
    name: ' سامي ',
    email: ' sami@example.ps ',
    mobile: '0599123456 ',
    ssn: '123456782',
    licenseNumber: 'LIC-1 ',
    addressState: 2,
    addressCity: 5,
    addressInfo: ' شارع القدس ',
  };

  it("sends an individual's identity number and no licence number, trimmed", () => {
    expect(accountPayload(form, 'individual')).toEqual({
      name: 'سامي',
      email: 'sami@example.ps',
      mobile: '0599123456',
      ssn: '123456782',
      addressState: 2,
      addressCity: 5,
      addressInfo: 'شارع القدس',
    });
  });

  it("sends a dealership's licence number and no identity number", () => {
    const payload = accountPayload(form, 'dealership');
    expect(payload).toMatchObject({ licenseNumber: 'LIC-1' });
    expect(payload).not.toHaveProperty('ssn');
  });

  it('maps each kind to its user type and back', () => {
    expect(accountKindOf(userTypeOf('individual'))).toBe('individual');
    expect(accountKindOf(userTypeOf('dealership'))).toBe('dealership');
  });
});
