import { and, asc, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users, vehicles } from '../schema.ts';
import { preparedOnce } from './prepared.ts';
import { publicVehicle } from './vehicle-visibility.ts';

type Params = { id: number; brandId: number; modelId: number; price: number; limit: number };
type Row = { id: number; price: number };
type Statement<P> = { execute(values: P): Promise<Row[]> };

const placeholder = (name: keyof Params | 'bodyTypeId') => sql.placeholder(name);

/** The queries of a vehicle's similar list: every vehicle page runs two to five of them. */
function prepareSimilar(db: Db) {
  const matching = (where: SQL | undefined) =>
    db
      .select({ id: vehicles.id, price: vehicles.price })
      .from(vehicles)
      .innerJoin(users, eq(users.id, vehicles.ownerId))
      .where(and(publicVehicle, ne(vehicles.id, placeholder('id')), where));
  // Closest in price: the nearest rows above and below the price, each an index range walk.
  const nearest = (name: string, where: SQL) => ({
    above: matching(and(where, gte(vehicles.price, placeholder('price'))))
      .orderBy(asc(vehicles.price), asc(vehicles.id))
      .limit(placeholder('limit'))
      .prepare(`${name}_above`),
    below: matching(and(where, lt(vehicles.price, placeholder('price'))))
      .orderBy(desc(vehicles.price), asc(vehicles.id))
      .limit(placeholder('limit'))
      .prepare(`${name}_below`),
  });
  const sameMake = eq(vehicles.brandId, placeholder('brandId'));
  return {
    sameModel: nearest(
      'similar_same_model',
      and(sameMake, eq(vehicles.modelId, placeholder('modelId')))!,
    ),
    otherModels: nearest(
      'similar_other_models',
      and(sameMake, ne(vehicles.modelId, placeholder('modelId')))!,
    ),
    sameBody: matching(
      and(
        ne(vehicles.brandId, placeholder('brandId')),
        eq(vehicles.bodyTypeId, placeholder('bodyTypeId')),
      ),
    )
      .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
      .limit(placeholder('limit'))
      .prepare('similar_same_body'),
  };
}

/**
 * The vehicles shown under a vehicle's page as similar, by id, best first: the same model
 * nearest in price, then the same make, then the same body of other makes.
 */
export async function similarVehicleIds(
  db: Db,
  vehicle: {
    id: number;
    brandId: number;
    modelId: number;
    bodyTypeId: number | null;
    price: number;
  },
  limit = 8,
): Promise<number[]> {
  // The same make first (the brand/model index keeps this to one make's rows, so a page stays
  // cheap on a large catalogue); other makes of the same body only when the make has too few.
  // Ids are chosen first: a card's columns (its photo count is a subquery) are read for the
  // chosen few, not for every row the order compares.
  const statements = preparedOnce(db, 'similar_vehicles', () => prepareSimilar(db));
  const { id, brandId, modelId, price } = vehicle;
  const nearestInPrice = async (
    tier: { above: Statement<Params>; below: Statement<Params> },
    count: number,
  ) => {
    const values = { id, brandId, modelId, price, limit: count };
    const [above, below] = await Promise.all([
      tier.above.execute(values),
      tier.below.execute(values),
    ]);
    const distance = (row: Row) => Math.abs(row.price - price);
    return [...above, ...below]
      .sort((a, b) => distance(a) - distance(b) || a.id - b.id)
      .slice(0, count);
  };
  const sameModel = await nearestInPrice(statements.sameModel, limit);
  const sameMake =
    sameModel.length >= limit
      ? sameModel
      : [...sameModel, ...(await nearestInPrice(statements.otherModels, limit - sameModel.length))];
  const sameBody =
    sameMake.length >= limit || !vehicle.bodyTypeId
      ? []
      : await statements.sameBody.execute({
          id,
          brandId,
          bodyTypeId: vehicle.bodyTypeId,
          limit: limit - sameMake.length,
        });
  return [...sameMake, ...sameBody].map((row) => row.id);
}
