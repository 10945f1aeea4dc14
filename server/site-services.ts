import { LRUCache } from 'lru-cache';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { announcementRepository } from './db/repositories/announcements.ts';
import { cachedReferenceRepository } from './db/repositories/reference-cache.ts';
import { sellerRepository } from './db/repositories/sellers.ts';
import { starOrderRepository } from './db/repositories/star-orders.ts';
import { ticketRepository } from './db/repositories/tickets.ts';
import { vehicleRepository } from './db/repositories/vehicles.ts';
import { uploadedImageSize } from './images/store.ts';
import type { Bus } from './lib/bus.ts';
import type { ObjectStore } from './lib/storage/object-store.ts';

/**
 * What server-rendered pages may use, handed to Astro as `Astro.locals.services`, so pages read
 * the same database handle as the API instead of calling it over HTTP.
 */
export function siteServices(
  db: Db,
  bus: Bus,
  config: Config,
  driver: 'pglite' | 'postgres',
  storage: ObjectStore,
) {
  const reference = cachedReferenceRepository(db, bus);
  // A stored image never changes under its name, so its size is read once (from the bucket,
  // that is a request) and kept; only found sizes are kept.
  const sizes = new LRUCache<string, { width: number; height: number }>({ max: 5000 });
  return {
    driver,
    reference,
    vehicles: vehicleRepository(db, bus, reference),
    sellers: sellerRepository(db),
    announcements: announcementRepository(db),
    starOrders: starOrderRepository(db),
    events: ticketRepository(db),
    /** An uploaded picture's width and height, for link previews that state them. */
    imageSize: async (publicPath: string) => {
      const known = sizes.get(publicPath);
      if (known) return known;
      const size = await uploadedImageSize(storage, publicPath);
      if (size) sizes.set(publicPath, size);
      return size;
    },
    /** The site's public origin, for absolute links and link previews. */
    siteUrl: config.siteUrl,
    /** Seconds a cached page stays fresh (for the Cache-Control a page sends). */
    revalidateSeconds: config.pageRevalidateSeconds,
  };
}

export type SiteServices = ReturnType<typeof siteServices>;
