import type { AstroIntegration } from 'astro';

/**
 * The site's adapter: the build's server entry (`dist/server/entry.mjs`) exports `render`, which
 * the marketplace server (server/plugins/site.ts) calls with a web Request and which answers the
 * page's Response. The server owns the sockets, the static files and the page cache, so the
 * entry has nothing else to do: no Node request to translate, no response to write, and no
 * per-request AsyncLocalStorage (Node's general-purpose adapter keeps one to name the URL in an
 * unhandled rejection's log line; a store switches on V8's promise hooks for the whole process,
 * and a render makes thousands of promises: a fifth of its time).
 */
export function siteAdapter(): AstroIntegration {
  return {
    name: 'site-adapter',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'site-adapter',
          serverEntrypoint: new URL('./server.ts', import.meta.url).pathname,
          exports: ['render'],
          adapterFeatures: { buildOutput: 'server', edgeMiddleware: false },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'unsupported',
            hybridOutput: 'unsupported',
            sharpImageService: 'unsupported',
            envGetSecret: 'unsupported',
          },
        });
      },
    },
  };
}
