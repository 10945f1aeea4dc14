import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate only for a signed-in visitor (src/directives/session.ts). */
    'client:session'?: boolean;
  }
}
