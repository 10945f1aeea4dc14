import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pagePolicy } from '../../server/plugins/security-headers.ts';
import { clearSessionScript, profileGuardScript } from '../../src/lib/account.ts';
import { bootScript } from '../../src/lib/boot-script.ts';
import { inlineScripts, sha256, sitePolicy } from '../../src/lib/content-security-policy.ts';

describe('the pages’ Content-Security-Policy', () => {
  it('hashes a script the way browsers do (SHA-256 of its UTF-8 text, base64)', async () => {
    const script = "console.log('مرحبا')";
    const expected = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(await sha256(script)).toBe(`sha256-${expected}`);
  });

  it('allows every inline script of the layout and the account pages, and no inline source', async () => {
    const policy = await sitePolicy('');
    const hashes = policy.scriptDirective?.hashes ?? [];
    for (const script of [
      bootScript,
      clearSessionScript,
      profileGuardScript('ar'),
      profileGuardScript('en'),
    ]) {
      expect(hashes).toContain(await sha256(script));
    }
    expect(hashes).toHaveLength(inlineScripts('').length);
    expect(policy.scriptDirective?.resources).toEqual(["'self'"]);
    expect(policy.directives).toContain("frame-ancestors 'none'");
    expect(policy.directives).toContain("connect-src 'self'");
  });

  it('lets the browser reach an API on another origin, over HTTP and the hub socket', async () => {
    const policy = await sitePolicy('https://api.example.ps/');
    expect(policy.directives).toContain(
      "connect-src 'self' https://api.example.ps wss://api.example.ps",
    );
    expect(policy.directives).toContain("img-src 'self' data: blob: https://api.example.ps");
    // The visit script posts to that API: its hash follows the address.
    expect(policy.scriptDirective?.hashes).not.toEqual(
      (await sitePolicy('')).scriptDirective?.hashes,
    );
  });

  it('drops the style hashes Astro adds, which would switch off inline styles', () => {
    const astro =
      "default-src 'self';frame-ancestors 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline' 'sha256-def=' 'sha384-ghi=';";
    expect(pagePolicy(astro)).toBe(
      "default-src 'self'; frame-ancestors 'none'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'",
    );
  });
});
