import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency } from '../../domain/codes.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { cachedReferenceRepository } from '../../server/db/repositories/reference-cache.ts';
import { codes } from '../../server/db/schema.ts';
import { seedReference } from '../../server/db/seed/reference.ts';
import { createBus, type Bus } from '../../server/lib/bus.ts';

/* The reference data as page renders read it: kept briefly, dropped on any catalogue change. */
let database: Database;
let bus: Bus;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  await seedReference(database.db, { adminPassword: 'Admin@12345' });
  bus = await createBus(null);
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

const rename = (name: string) =>
  database.db.update(codes).set({ nameEn: name }).where(eq(codes.id, Currency.USD));

describe('cached reference reads', () => {
  it('answers from memory until a purge, then reads again', async () => {
    const reference = cachedReferenceRepository(database.db, bus);
    const before = (await reference.codeNames([Currency.USD], 'en')).get(Currency.USD);
    await rename('Changed dollar');
    expect((await reference.codeNames([Currency.USD], 'en')).get(Currency.USD)).toBe(before);
    await bus.publish('purge', { tags: ['home'] });
    expect((await reference.codeNames([Currency.USD], 'en')).get(Currency.USD)).toBe(
      'Changed dollar',
    );
    await rename(before!);
  });
});
