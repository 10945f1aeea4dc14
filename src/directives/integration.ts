import type { AstroIntegration } from 'astro';

/** Registers the site's own hydration directives. */
export function siteDirectives(): AstroIntegration {
  return {
    name: 'site-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'session',
          entrypoint: new URL('./session.ts', import.meta.url).pathname,
        });
      },
    },
  };
}
