import { and, asc, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import type { Lang } from '../../lib/messages.ts';
import { users, vehicles } from '../schema.ts';
import { preparedOnce } from './prepared.ts';
import { selectCards, type VehicleCard } from './vehicle-cards.ts';
import { publicVehicle } from './vehicle-visibility.ts';

type Params = { id: number; brandId: number; modelId: number; price: number; limit: number };
type Statement = { execute(values: Params): Promise<VehicleCard[]> };

const placeholder = (name: keyof Params) => sql.placeholder(name);

/** The ids and prices of the public vehicles that match `where`. */
const publicPrices = (db: Db, where: SQL | undefined) =>
  db
    .select({ id: vehicles.id, price: vehicles.price })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(and(publicVehicle, where));

/**
 * The prepared queries of a vehicle's similar list in `lang`, one per tier: each picks the
 * vehicles closest in price and reads their cards in the same statement (every vehicle page
 * runs one, a vehicle of a rare model two).
 */
function prepareSimilar(db: Db, lang: Lang) {
  const matching = (where: SQL | undefined) =>
    publicPrices(db, and(ne(vehicles.id, placeholder('id')), where));
  // Closest in price: the nearest rows above and below the price (each an index range walk),
  // the closest of both.
  const nearest = (name: string, where: SQL): Statement => {
    const above = matching(and(where, gte(vehicles.price, placeholder('price'))))
      .orderBy(asc(vehicles.price), asc(vehicles.id))
      .limit(placeholder('limit'));
    const below = matching(and(where, lt(vehicles.price, placeholder('price'))))
      .orderBy(desc(vehicles.price), asc(vehicles.id))
      .limit(placeholder('limit'));
    return selectCards(db, lang)
      .where(
        sql`${vehicles.id} in (select "id" from ((${above}) union all (${below})) as "nearest"
          order by abs("price" - ${placeholder('price')}), "id" limit ${placeholder('limit')})`,
      )
      .prepare(`${name}_${lang}`);
  };
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
  };
}

/**
 * The newest vehicles of a body from other makes. Not a prepared statement: planned for its
 * values, a rare body walks its own index (vehicles_public_body_newest_idx), where a plan made
 * once for any body (which the database settles on for a prepared statement) walks every public
 * vehicle from the newest on, 0.2–0.4 s at 100,000 vehicles for a body with none to show. It
 * runs only for a vehicle whose make has too few similar vehicles.
 */
export function newestOfBody(
  db: Db,
  values: Omit<Params, 'modelId' | 'price'> & { bodyTypeId: number },
) {
  return publicPrices(
    db,
    and(
      ne(vehicles.id, values.id),
      ne(vehicles.brandId, values.brandId),
      eq(vehicles.bodyTypeId, values.bodyTypeId),
    ),
  )
    .orderBy(desc(vehicles.createdAt), desc(vehicles.id))
    .limit(values.limit);
}

/**
 * The cards shown under a vehicle's page as similar, best first: the same model nearest in
 * price, then the same make, then the newest of the same body from other makes (`cardsOf`
 * reads those cards, in the order of their ids).
 */
export async function similarVehicles(
  db: Db,
  vehicle: {
    id: number;
    brandId: number;
    modelId: number;
    bodyTypeId: number | null;
    price: number;
  },
  lang: Lang,
  cardsOf: (ids: number[]) => Promise<VehicleCard[]>,
  limit = 8,
): Promise<VehicleCard[]> {
  // The same make first (the brand/model index keeps this to one make's rows, so a page stays
  // cheap on a large catalogue); other makes of the same body only when the make has too few.
  // Ids are chosen first: a card's columns (its photo count is a subquery) are read for the
  // chosen few, not for every row the order compares.
  const statements = preparedOnce(db, `similar_vehicles_${lang}`, () => prepareSimilar(db, lang));
  const { id, brandId, modelId, price } = vehicle;
  const nearestInPrice = async (tier: Statement, count: number) => {
    const cards = await tier.execute({ id, brandId, modelId, price, limit: count });
    const distance = (card: VehicleCard) => Math.abs(card.price - price);
    return cards.sort((a, b) => distance(a) - distance(b) || a.id - b.id);
  };
  const sameModel = await nearestInPrice(statements.sameModel, limit);
  const sameMake =
    sameModel.length >= limit
      ? sameModel
      : [...sameModel, ...(await nearestInPrice(statements.otherModels, limit - sameModel.length))];
  if (sameMake.length >= limit || !vehicle.bodyTypeId) return sameMake;
  const sameBody = await newestOfBody(db, {
    id,
    brandId,
    bodyTypeId: vehicle.bodyTypeId,
    limit: limit - sameMake.length,
  });
  return [...sameMake, ...(await cardsOf(sameBody.map((row) => row.id)))];
}
