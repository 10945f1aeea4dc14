import type { AstroUserConfig } from 'astro';
import { clearSessionScript, profileGuardScript } from './account.ts';
import { bootScript } from './boot-script.ts';
import { visitScript } from './visit-script.ts';

/*
 * The pages' Content-Security-Policy (issue §3: the session token lives in localStorage, so one
 * injected script could take it). Astro's CSP support hashes every script it emits itself (the
 * island bootstrap, client directives, bundled component scripts) and sends the policy as a
 * header of each server-rendered page; the page cache keeps that header with the page's bytes,
 * so a cached page and its hashes never drift apart. The server (server/plugins/security-headers.ts)
 * only drops the style hashes, see `styleDirective` below.
 */

type Csp = Exclude<NonNullable<NonNullable<AstroUserConfig['experimental']>['csp']>, boolean>;
type Hash = NonNullable<NonNullable<Csp['scriptDirective']>['hashes']>[number];

/**
 * Every `<script is:inline>` a page may carry, as inlined: Astro does not hash those. A new one
 * belongs here, or browsers refuse it (tests/site/security-headers.test.ts hashes every inline
 * script of the pages and finds each in the policy). JSON-LD blocks are data, never run: not here.
 */
export function inlineScripts(apiBase: string): string[] {
  return [
    bootScript,
    visitScript(apiBase),
    profileGuardScript('ar'),
    profileGuardScript('en'),
    clearSessionScript,
  ];
}

/** A CSP source expression for a script's exact text (`sha256-<base64>`). */
export async function sha256(text: string): Promise<Hash> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/** The API's origins for `connect-src` (HTTP and the hub's WebSocket) when it lives elsewhere. */
function apiOrigins(apiBase: string): string[] {
  if (!apiBase) return [];
  const api = new URL(apiBase);
  const socket = api.protocol === 'https:' ? 'wss:' : 'ws:';
  return [api.origin, `${socket}//${api.host}`];
}

/**
 * Astro's `experimental.csp` settings. `'self'` covers the hub's same-origin WebSocket (CSP 3
 * matches ws: and wss: to http: and https:); `data:` and `blob:` images are the cropper's and the
 * panorama viewer's; frame-ancestors works only as a header, which is how Astro sends it.
 */
export async function sitePolicy(apiBase: string): Promise<Csp> {
  const api = apiOrigins(apiBase);
  return {
    algorithm: 'SHA-256',
    directives: [
      "default-src 'self'",
      `connect-src ${["'self'", ...api].join(' ')}`,
      `img-src ${["'self'", 'data:', 'blob:', ...api.slice(0, 1)].join(' ')}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ],
    scriptDirective: {
      resources: ["'self'"],
      hashes: await Promise.all(inlineScripts(apiBase).map(sha256)),
    },
    // Styles stay open to inline: React style attributes, sweetalert2, the panorama
    // viewer and the cropper set or inject styles. Astro adds a hash of each style it emits,
    // which would switch 'unsafe-inline' off, so the server drops those hashes.
    styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
  };
}
