/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the marketplace server for every page request (server/plugins/site.ts). */
    services: import('../server/site-services.ts').SiteServices;
    /** The render's parts kept as bytes (server/lib/page-parts.ts); set by the server per render. */
    pageParts?: import('../server/lib/page-parts.ts').PageParts;
  }
}

interface ImportMetaEnv {
  /** Base URL of the marketplace API for the browser; same origin when empty. */
  readonly PUBLIC_API_BASE?: string;
}
