// @ts-check
import react from '@astrojs/react';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { loadEnv } from 'vite';
import { fileURLToPath } from 'node:url';
import { sitePolicy } from './src/lib/content-security-policy.ts';
import { siteAdapter } from './src/adapter/integration.ts';
import { siteDirectives } from './src/directives/integration.ts';

const { PUBLIC_API_BASE = '' } = loadEnv(
  process.env.NODE_ENV ?? 'production',
  process.cwd(),
  'PUBLIC_',
);

/**
 * The compiled messages' formatters build a new `Intl` object on every call (a plural on every
 * vehicle card); this keeps one per locale and options, as the first call made it.
 */
/** @returns {import('vite').Plugin} */
function reusedIntlFormatters() {
  const made = `const intlMade = new Map();
function intlFor(Kind, locale, options) {
  const key = Kind.name + locale + JSON.stringify(options ?? {});
  let made = intlMade.get(key);
  if (!made) intlMade.set(key, (made = new Kind(locale, options)));
  return made;
}
`;
  return {
    name: 'reused-intl-formatters',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/paraglide/registry.js')) return;
      const reused = code.replace(
        /new Intl\.(PluralRules|NumberFormat|DateTimeFormat|RelativeTimeFormat)\(/g,
        'intlFor(Intl.$1, ',
      );
      if (reused === code) return;
      return { code: made + reused, map: null };
    },
  };
}

/**
 * Astro hashes a page's stylesheets and hoisted scripts for its content security policy on every
 * render (when the public sheet was written inline, a SHA-256 of its 63 KB per page, about 3% of
 * a page that shows little else, a 404), and the style hashes are then dropped from the policy,
 * which keeps inline styles open (server/plugins/security-headers.ts). The texts are the build's,
 * the same on every page: each one is hashed once. Fails the build when Astro's function is not
 * found, so an upgrade cannot drop this silently.
 */
/** @returns {import('vite').Plugin} */
function keptCspDigests() {
  const original = 'async function generateCspDigest(data, algorithm) {';
  const kept = `const keptCspDigests = new Map();
function generateCspDigest(data, algorithm) {
  let byData = keptCspDigests.get(algorithm);
  if (!byData) keptCspDigests.set(algorithm, (byData = new Map()));
  let digest = byData.get(data);
  if (!digest) {
    digest = computeCspDigest(data, algorithm);
    if (byData.size < 64) byData.set(data, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`;
  return {
    name: 'kept-csp-digests',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/astro/dist/core/encryption.js')) return;
      if (!code.includes(original)) {
        throw new Error(`kept-csp-digests: "${original}" not found in ${id}`);
      }
      return { code: code.replace(original, kept), map: null };
    },
  };
}

/**
 * The small modules that the public pages' one script (src/islands/catalogue) shares with the
 * account pages' scripts (the idle scheduler, the spec's codes, the language helpers and the
 * messages' runtime, Vite's preload helper) go into one file, so a public page's script has one
 * import to fetch instead of four. None of them acts on the page when loaded. Browser build only.
 */
/** @returns {import('vite').Plugin} */
function sharedBasics() {
  const basics = [
    /\/src\/lib\/after-load\.ts$/,
    /\/src\/lib\/i18n\.ts$/,
    /\/src\/paraglide\/runtime\.js$/,
    /\/domain\/codes\.ts$/,
    /vite\/preload-helper/,
  ];
  return {
    name: 'shared-basics',
    apply: 'build',
    config(_, { isSsrBuild }) {
      if (isSsrBuild) return;
      const manualChunks = (/** @type {string} */ id) =>
        basics.some((pattern) => pattern.test(id.replaceAll('\\', '/'))) ? 'basics' : undefined;
      return { build: { rollupOptions: { output: { manualChunks } } } };
    },
  };
}

// The marketplace server (server/main.ts) mounts the built site as middleware.
export default defineConfig({
  output: 'server',
  // The marketplace server renders every page through the built entry (src/adapter).
  adapter: siteAdapter(),
  integrations: [react(), siteDirectives()],
  i18n: {
    defaultLocale: 'ar',
    locales: ['ar', 'en'],
    routing: { prefixDefaultLocale: false },
  },
  // Every sheet is linked: the server puts the small ones (the public pages' sheet) into the page
  // as bytes read once (server/plugins/page-head.ts), so the first paint needs no request for
  // them and no render writes them again. tests/site/page-weight.test.ts checks the public pages.
  build: { inlineStylesheets: 'never' },
  // Pages send a Content-Security-Policy header with the hashes of their inline scripts.
  experimental: { csp: await sitePolicy(PUBLIC_API_BASE) },
  vite: {
    resolve: {
      // The React renderer's server side, without React's streams (see the file).
      alias: [
        {
          find: /^react-dom\/server$/,
          replacement: fileURLToPath(new URL('./src/adapter/react-dom-server.ts', import.meta.url)),
        },
      ],
    },
    plugins: [
      reusedIntlFormatters(),
      keptCspDigests(),
      sharedBasics(),
      tailwindcss(),
      paraglideVitePlugin({
        project: './project.inlang',
        outdir: './src/paraglide',
        strategy: ['url', 'baseLocale'],
      }),
    ],
  },
});
