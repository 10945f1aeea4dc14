// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { loadEnv } from 'vite';
import { sitePolicy } from './src/lib/content-security-policy.ts';
import { siteDirectives } from './src/directives/integration.ts';

const { PUBLIC_API_BASE = '' } = loadEnv(
  process.env.NODE_ENV ?? 'production',
  process.cwd(),
  'PUBLIC_',
);

// The marketplace server (server/main.ts) mounts the built site as middleware.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), siteDirectives()],
  i18n: {
    defaultLocale: 'ar',
    locales: ['ar', 'en'],
    routing: { prefixDefaultLocale: false },
  },
  build: { inlineStylesheets: 'auto' },
  // Pages send a Content-Security-Policy header with the hashes of their inline scripts.
  experimental: { csp: await sitePolicy(PUBLIC_API_BASE) },
  vite: {
    build: {
      // Stylesheets under 72 KB go into the page: the public pages' sheet (about 61 KB, 12 KB
      // compressed) then needs no request before the first paint. The account pages' full sheet
      // is larger and stays a cached file. Every other asset keeps Vite's 4 KB rule (undefined),
      // so the font files stay files. tests/site/page-weight.test.ts checks the public pages.
      assetsInlineLimit: (file, content) =>
        file.endsWith('.css') ? content.length < 72 * 1024 : undefined,
    },
    plugins: [
      tailwindcss(),
      paraglideVitePlugin({
        project: './project.inlang',
        outdir: './src/paraglide',
        strategy: ['url', 'baseLocale'],
      }),
    ],
  },
});
