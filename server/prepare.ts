import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { isEmpty, seedDemo } from './db/seed/demo.ts';
import { seedReference } from './db/seed/reference.ts';
import { regenerateQrCodes } from './lib/qr-codes.ts';
import { openObjectStore } from './lib/storage/from-config.ts';
import type { ObjectStore } from './lib/storage/object-store.ts';

// Apart from the server's modules: a cluster prepares the data in a process of its own, which
// needs none of the API or the site.

/**
 * What every start needs before it serves: an image store that answers, the reference data and
 * first admin, the demo catalogue when asked for and empty, the QR code images of the payment
 * accounts. Without a store given, it opens the one the config names for this step only.
 */
export async function prepareData(
  database: Database,
  config: Config,
  seedDemoData: boolean,
  given?: ObjectStore,
) {
  const storage = given ?? (await openObjectStore(config));
  try {
    await storage.verify();
    await seedReference(database.db, { adminPassword: config.adminPassword });
    if (seedDemoData && (await isEmpty(database.db))) {
      await seedDemo(database.db, { storage });
    }
    await regenerateQrCodes(database.db, storage);
  } finally {
    if (!given) storage.close();
  }
}
