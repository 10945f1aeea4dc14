/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the marketplace server for every page request (server/plugins/site.ts). */
    services: import('../server/site-services.ts').SiteServices;
  }
}

interface ImportMetaEnv {
  /** Base URL of the marketplace API for the browser; same origin when empty. */
  readonly PUBLIC_API_BASE?: string;
}
