import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { referenceRepository } from './db/repositories/reference.ts';

/**
 * What server-rendered pages may use, handed to Astro as `Astro.locals.services`, so pages read
 * the same database handle as the API instead of calling it over HTTP.
 */
export function siteServices(db: Db, config: Config) {
  return {
    reference: referenceRepository(db),
    /** The site's public origin, for absolute links and link previews. */
    siteUrl: config.siteUrl,
  };
}

export type SiteServices = ReturnType<typeof siteServices>;
