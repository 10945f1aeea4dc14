import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, createVehicle } from '../api/fixtures.ts';
import { startSite, type Site } from './harness.ts';

/*
 * Issue §3 over HTTP: every page carries a Content-Security-Policy that allows exactly the inline
 * scripts it has (cached pages included), a Permissions-Policy and a charset; HSTS only over
 * HTTPS; account and error pages are never kept, catalogue pages keep their shared caching.
 */

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const directive of policy.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

/** The text of every inline script a browser would run (no src, a JavaScript type). */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !type.includes('javascript')) continue;
    scripts.push(body);
  }
  return scripts;
}

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

describe('headers a browser can enforce', () => {
  let site: Site;
  let cachedPages: string[];
  let otherPages: string[];

  beforeAll(async () => {
    site = await startSite('pglite', { env: { TRUST_PROXY: 'true' } });
    const { db } = site.database;
    const seller = await createSeller(db, { name: 'Header Motors' });
    const vehicle = await createVehicle(db, site.bus, { ownerId: seller.id });
    cachedPages = [
      '/',
      '/en/',
      '/aboutus',
      '/en/aboutus',
      '/sellers',
      `/vehicle/${vehicle.slug}`,
      `/en/vehicle/${vehicle.slug}`,
      `/gallary/${seller.slug}`,
    ];
    otherPages = [
      `/vehicles?ownerId=${seller.id}`,
      '/login',
      '/en/login',
      '/signUp',
      '/profile',
      '/en/profile',
      '/profile/favorit',
      '/profile/change_password',
      '/no-such-page',
      '/vehicle/999999',
    ];
  });
  afterAll(async () => {
    await site?.close();
  });

  it('sends every page, cached or not, a policy that allows exactly its inline scripts', async () => {
    for (const pathname of [...cachedPages, ...otherPages]) {
      const response = await site.fetch(pathname);
      const policy = response.headers.get('content-security-policy');
      expect(policy, pathname).toBeTruthy();
      const parsed = directives(policy!);
      const scriptSrc = parsed.get('script-src') ?? [];
      expect(scriptSrc, pathname).toContain("'self'");
      expect(scriptSrc, pathname).not.toContain("'unsafe-inline'");
      expect(scriptSrc, pathname).not.toContain("'unsafe-eval'");
      expect(parsed.get('default-src'), pathname).toEqual(["'self'"]);
      expect(parsed.get('object-src'), pathname).toEqual(["'none'"]);
      expect(parsed.get('base-uri'), pathname).toEqual(["'self'"]);
      expect(parsed.get('form-action'), pathname).toEqual(["'self'"]);
      expect(parsed.get('frame-ancestors'), pathname).toEqual(["'none'"]);
      expect(parsed.get('img-src'), pathname).toEqual(["'self'", 'data:', 'blob:']);
      expect(parsed.get('connect-src'), pathname).toEqual(["'self'"]);
      // Styles stay open to inline ones: a hash would switch 'unsafe-inline' off.
      expect(parsed.get('style-src'), pathname).toEqual(["'self'", "'unsafe-inline'"]);

      const scripts = inlineScripts(await response.text());
      expect(scripts.length, pathname).toBeGreaterThan(0);
      for (const script of scripts) {
        expect(scriptSrc, `${pathname}: ${script.slice(0, 80)}`).toContain(hashOf(script));
      }
    }
  });

  it('keeps a cached page and its policy together', async () => {
    for (const pathname of cachedPages) {
      const first = await site.fetch(pathname);
      const second = await site.fetch(pathname);
      expect(second.headers.get('x-cache'), pathname).toBe('HIT');
      expect(second.headers.get('content-security-policy')).toBe(
        first.headers.get('content-security-policy'),
      );
      for (const script of inlineScripts(await second.text())) {
        expect(second.headers.get('content-security-policy')).toContain(
          hashOf(script).slice(1, -1),
        );
      }
    }
  });

  it('sends HTML as UTF-8 with a Permissions-Policy', async () => {
    for (const pathname of [...cachedPages, ...otherPages]) {
      const response = await site.fetch(pathname);
      expect(response.headers.get('content-type'), pathname).toBe('text/html; charset=utf-8');
      const permissions = response.headers.get('permissions-policy');
      expect(permissions, pathname).toContain('camera=()');
      expect(permissions, pathname).toContain('geolocation=()');
      expect(permissions, pathname).toContain('fullscreen=(self)');
      expect(response.headers.get('x-frame-options'), pathname).toBe('DENY');
    }
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    const plain = await site.fetch('/');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const api = await site.fetch('/api/Category/GetStates');
    expect(api.headers.get('strict-transport-security')).toBeNull();

    // TRUST_PROXY is on: the proxy's X-Forwarded-Proto says how the browser connected.
    for (const pathname of ['/', '/profile', '/api/Category/GetStates']) {
      const secure = await site.fetch(pathname, { headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.get('strict-transport-security'), pathname).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('never lets a browser or proxy keep account, sign-in and error pages', async () => {
    for (const pathname of [
      '/profile',
      '/en/profile',
      '/profile/favorit',
      '/en/profile/change_password',
      '/login',
      '/en/login?next=%2Fprofile',
      '/signUp',
      '/en/signUp',
      '/admin',
      '/en/admin/login',
      '/admin/vehicles',
      '/no-such-page',
      '/en/no-such-page',
      '/vehicle/999999',
    ]) {
      const response = await site.fetch(pathname);
      expect(response.headers.get('cache-control'), pathname).toBe('private, no-store');
    }
  });

  it('answers other methods on page paths with a plain 404 and no framework wording', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await site.fetch('/vehicles', { method });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('content-type'), method).toBe('text/plain; charset=utf-8');
      expect(await response.text(), method).toBe('Not found');
    }
  });

  it('keeps shared caching on catalogue pages', async () => {
    for (const pathname of cachedPages) {
      const response = await site.fetch(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control'), pathname).toMatch(
        /^public, max-age=0, s-maxage=60, stale-while-revalidate=\d+/,
      );
    }
  });
});
