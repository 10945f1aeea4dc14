import { and, asc, eq, gte, Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, vehicles } from '../../server/db/schema.ts';
import { walkFrom } from '../../server/db/repositories/shuffled-list.ts';
import { newestOfBody } from '../../server/db/repositories/similar-vehicles.ts';
import { BodyType } from '../../server/db/seed/reference.ts';
import { publicVehicle, vehicleWithPage } from '../../server/db/repositories/vehicle-visibility.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/*
 * The catalogue's repeated reads are prepared statements, and after a few runs the database
 * plans them once for any values (a generic plan). The public indexes are partial (accepted and
 * not deleted): such a plan may use them only when the visibility rule's constants are in the
 * statement's text. Sent as parameters, at 100,000 vehicles the unfiltered list's walk joined
 * every seller's vehicles and sorted them (1.1 s instead of 4 ms), and a vehicle's similar list
 * read every row of its model (10–25 ms instead of under 1). The tables here are nearly empty,
 * so sequential scans are turned off: what is checked is which index a plan can use.
 */
describe.each(drivers)("the catalogue's reads and their plans on %s", (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The plan the database makes for `query`, once for any values or each time for its own. */
  async function planOf(
    query: { sql: string; params: unknown[] },
    mode: 'force_generic_plan' | 'force_custom_plan',
    placeholders: Record<string, number> = {},
  ): Promise<string> {
    const { db } = t.database;
    const values = query.params.map((value) =>
      value instanceof Placeholder ? placeholders[value.name] : Number(value),
    );
    expect(values.every(Number.isFinite)).toBe(true);
    return db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql.raw(`prepare planned_read as ${query.sql}`));
      try {
        const result = await tx.execute(
          sql.raw(`explain execute planned_read(${values.join(', ')})`),
        );
        const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
        return rows.map((row) => Object.values(row).join(' ')).join('\n');
      } finally {
        await tx.execute(sql`deallocate planned_read`);
      }
    });
  }

  it('lets a public read walk the public index of its make and model', async () => {
    const query = t.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .innerJoin(users, eq(users.id, vehicles.ownerId))
      .where(
        and(
          publicVehicle,
          eq(vehicles.brandId, 5),
          eq(vehicles.modelId, 7),
          gte(vehicles.price, 100),
        ),
      )
      .orderBy(asc(vehicles.price), asc(vehicles.id))
      .limit(8)
      .toSQL();
    expect(await planOf(query, 'force_generic_plan')).toContain('vehicles_public_model_price_idx');
  });

  it('walks the shuffled order of the unfiltered list on its index', async () => {
    const query = walkFrom(t.database.db, publicVehicle, 'head').toSQL();
    const plan = await planOf(query, 'force_generic_plan', { start: 1000, limit: 12 });
    expect(plan).toContain('vehicles_public_shuffle_idx');
  });

  it("walks a body's own index for the same body of other makes", async () => {
    const query = newestOfBody(t.database.db, {
      id: 1,
      brandId: 5,
      bodyTypeId: BodyType.suv,
      limit: 8,
    }).toSQL();
    expect(await planOf(query, 'force_custom_plan')).toContain('vehicles_public_body_newest_idx');
  });

  it("fills a lone make's similar list with the newest of its body from other makes", async () => {
    const { db } = t.database;
    const seller = await createSeller(db, { name: 'معرض الخليل' });
    const vehicle = (brandId: number, modelId: number, bodyTypeId: number) =>
      createVehicle(db, t.bus, { ownerId: seller.id, brandId, modelId, bodyTypeId }, 1);
    const lone = await vehicle(3, 301, BodyType.suv);
    const olderSuv = await vehicle(1, 101, BodyType.suv);
    const sedan = await vehicle(1, 102, BodyType.sedan);
    const newerSuv = await vehicle(2, 201, BodyType.suv);
    const response = await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${lone.id}` });
    expect(response.statusCode).toBe(200);
    const similar = body<{ cardOfVehicle: { id: number }[] }>(response).data.cardOfVehicle;
    expect(similar.map((card) => card.id)).toEqual([newerSuv.id, olderSuv.id]);
    expect(similar.map((card) => card.id)).not.toContain(sedan.id);
  });

  it('keeps the visibility constants out of the parameters', () => {
    const { params } = t.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .innerJoin(users, eq(users.id, vehicles.ownerId))
      .where(and(publicVehicle, vehicleWithPage))
      .toSQL();
    expect(params).toEqual([]);
  });
});
