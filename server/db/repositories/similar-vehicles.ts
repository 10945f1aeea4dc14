import { and, asc, desc, eq, gte, lt, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users, vehicles } from '../schema.ts';
import { publicVehicle } from './vehicle-visibility.ts';

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
  const matching = (where: SQL | undefined) =>
    db
      .select({ id: vehicles.id, price: vehicles.price })
      .from(vehicles)
      .innerJoin(users, eq(users.id, vehicles.ownerId))
      .where(and(publicVehicle, ne(vehicles.id, vehicle.id), where));
  // Closest in price: the nearest rows above and below the price, each an index range walk.
  const nearestInPrice = async (where: SQL, count: number) => {
    const [above, below] = await Promise.all([
      matching(and(where, gte(vehicles.price, vehicle.price)))
        .orderBy(asc(vehicles.price), asc(vehicles.id))
        .limit(count),
      matching(and(where, lt(vehicles.price, vehicle.price)))
        .orderBy(desc(vehicles.price), asc(vehicles.id))
        .limit(count),
    ]);
    const distance = (row: { price: number }) => Math.abs(row.price - vehicle.price);
    return [...above, ...below]
      .sort((a, b) => distance(a) - distance(b) || a.id - b.id)
      .slice(0, count);
  };
  const sameModel = await nearestInPrice(
    and(eq(vehicles.brandId, vehicle.brandId), eq(vehicles.modelId, vehicle.modelId))!,
    limit,
  );
  const sameMake =
    sameModel.length >= limit
      ? sameModel
      : [
          ...sameModel,
          ...(await nearestInPrice(
            and(eq(vehicles.brandId, vehicle.brandId), ne(vehicles.modelId, vehicle.modelId))!,
            limit - sameModel.length,
          )),
        ];
  const sameBody =
    sameMake.length >= limit || !vehicle.bodyTypeId
      ? []
      : await matching(
          and(ne(vehicles.brandId, vehicle.brandId), eq(vehicles.bodyTypeId, vehicle.bodyTypeId)),
        )
          .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
          .limit(limit - sameMake.length);
  return [...sameMake, ...sameBody].map((row) => row.id);
}
