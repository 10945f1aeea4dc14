import { eq, gte, lte, sql, type SQL } from 'drizzle-orm';
// The spec §5 range rules are shared with the list page's form.
import {
  amountRangeApplies,
  yearRangeApplies,
  type VehicleFilter,
} from '../../../domain/vehicle-filter.ts';
import { users, vehicles } from '../schema.ts';

/*
 * The SQL of the public search (spec §5, §7): a filter's conditions and the seeded shuffle.
 * The conditions read the owner's state, so the query joins `users` on the vehicle's owner.
 */

/**
 * The "random" order of spec §7 that still pages consistently: each search carries a seed, and
 * vehicles are ordered by a bijective hash of (id, seed), so one seed gives one permutation and
 * walking its pages shows every match exactly once.
 */
export function shuffled(seed: number): SQL {
  return sql`((${vehicles.id}::bigint # ${seed}::bigint) * 2654435761) % 4294967296`;
}

export function filterConditions(filter: VehicleFilter): SQL[] {
  const where: SQL[] = [];
  const equal = (column: Parameters<typeof eq>[0], value?: number) => {
    if (value) where.push(eq(column, value));
  };
  equal(vehicles.ownerId, filter.ownerId);
  equal(users.addressStateId, filter.stateId);
  equal(vehicles.brandId, filter.vehicleBrandId);
  equal(vehicles.modelId, filter.vehicleModelId);
  equal(vehicles.colorId, filter.color);
  equal(vehicles.bodyTypeId, filter.bodyType);
  equal(vehicles.specificationId, filter.specification);
  equal(vehicles.paintedTypeId, filter.paintedType);
  equal(vehicles.paintedStatusId, filter.paintedStatus);
  equal(vehicles.gearTypeId, filter.gearType);
  equal(vehicles.oilTypeId, filter.oilType);
  if (yearRangeApplies(filter.yearFrom, filter.yearTo)) {
    where.push(gte(vehicles.year, filter.yearFrom!), lte(vehicles.year, filter.yearTo!));
  }
  if (amountRangeApplies(filter.priceFrom, filter.priceTo)) {
    where.push(gte(vehicles.price, filter.priceFrom ?? 0), lte(vehicles.price, filter.priceTo!));
  }
  if (amountRangeApplies(filter.mealsFrom, filter.mealsTo)) {
    where.push(gte(vehicles.meals, filter.mealsFrom ?? 0), lte(vehicles.meals, filter.mealsTo!));
  }
  return where;
}
