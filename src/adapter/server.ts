import type { SSRManifest } from 'astro';
import { App as AstroApp } from 'astro/app';

/* The build's server entry (see integration.ts): renders a page, whole, for the server. */

/** Renders `request` with the server's `locals` (its services) and answers the page. */
export type SiteRender = (request: Request, locals: App.Locals) => Promise<Response>;

export function createExports(manifest: SSRManifest): { render: SiteRender } {
  // Whole pages: the page cache keeps them whole, so streaming would only add a step per chunk.
  const app = new AstroApp(manifest, false);
  return { render: (request, locals) => app.render(request, { locals }) };
}
