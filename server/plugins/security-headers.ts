import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/*
 * Headers a browser enforces (issue §3), beside the ones helmet sends. The pages'
 * Content-Security-Policy comes from the site build (src/lib/content-security-policy.ts) and is
 * finished by `pagePolicy` when a page is rendered, so the page cache keeps it with the page.
 */

/**
 * Powerful features no page uses are off for the pages and anything they embed. Fullscreen and
 * the motion sensors stay on for this origin: the 360 viewer has a fullscreen button and follows
 * a phone's orientation.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
  'fullscreen=(self)',
  'accelerometer=(self)',
  'gyroscope=(self)',
  'magnetometer=(self)',
].join(', ');

/** helmet's value, sent only over HTTPS: over plain HTTP browsers ignore it (RFC 6797 §8.1). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The 503 page the server writes itself: no scripts at all, its one inline style. */
export const UNAVAILABLE_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * A page's policy as Astro sends it, made final: Astro lists a hash of every style it emits,
 * and any hash in style-src makes browsers ignore the 'unsafe-inline' the site asks for
 * (libraries inject styles at run time), so style hashes are dropped. Script hashes stay.
 */
export function pagePolicy(astroPolicy: string): string {
  return astroPolicy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      if (name !== 'style-src') return directive;
      return [name, ...sources.filter((source) => !/^'sha(256|384|512)-/.test(source))].join(' ');
    })
    .join('; ');
}

/**
 * On every answer: HSTS only when the request came over HTTPS (`request.protocol` honours
 * X-Forwarded-Proto behind a proxy with TRUST_PROXY=true); on HTML, the Permissions-Policy and
 * an explicit charset (Astro sends a bare `text/html`).
 */
export default fp(
  async function securityHeaders(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.protocol === 'https') {
        reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
      }
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && /^text\/html\b/i.test(type)) {
        if (!/charset=/i.test(type)) reply.header('Content-Type', 'text/html; charset=utf-8');
        reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
