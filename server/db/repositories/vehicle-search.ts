import { asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { Currency } from '../../../domain/codes.ts';
// The spec §5 range rules are shared with the list page's form.
import {
  amountRangeApplies,
  yearRangeApplies,
  type ListSort,
  type VehicleFilter,
} from '../../../domain/vehicle-filter.ts';
import { users, vehicles } from '../schema.ts';

/** Shekels for one unit of each currency, by currency id (the shekel is 1). */
export type CurrencyRates = Readonly<Record<number, number>>;

/** The currencies a price is converted from; a price in any other counts as shekels. */
const convertedCurrencies = [Currency.USD, Currency.JOD];

/** A vehicle's price in shekels at `rates`: prices in different currencies compare in one. */
export function priceInShekels(rates: CurrencyRates): SQL {
  const rate = (currency: number) => sql.raw(String(Number(rates[currency] ?? 1)));
  const cases = convertedCurrencies.map(
    (currency) => sql` when ${currency} then ${rate(currency)}`,
  );
  return sql`(${vehicles.price} * case ${vehicles.currencyId}${sql.join(cases)} else 1 end)`;
}

/**
 * A vehicle's price is within [from, to] of `currency`, compared in shekels at `rates`. Written
 * per vehicle currency, as the price column against the bounds converted to that currency, rather
 * than as `priceInShekels(rates)` between converted bounds: the database then estimates the match
 * from the price's statistics (a product of price and rate has none, so it guessed a few dozen
 * rows where thousands matched and chose row-by-row plans) and reads the range from the make
 * index. The conversion is decimal arithmetic in the database, and none at all where the
 * vehicle's currency is the filter's, so a price on a bound stays in. Rates are positive
 * (`currencyRates`).
 */
function priceWithin(rates: CurrencyRates, currency: number, from: number, to: number): SQL {
  const rateOf = (id: number) => Number(rates[id] ?? 1);
  const within = (vehicleCurrency: number) => {
    if (rateOf(vehicleCurrency) === rateOf(currency)) {
      return sql`${vehicles.price} between ${from} and ${to}`;
    }
    const factor = sql.raw(`${rateOf(currency)} / ${rateOf(vehicleCurrency)}`);
    return sql`${vehicles.price} between ${from}::numeric * ${factor} and ${to}::numeric * ${factor}`;
  };
  const converted = convertedCurrencies.map(
    (currency) => sql`(${vehicles.currencyId} = ${currency} and ${within(currency)})`,
  );
  const others = sql.join(
    convertedCurrencies.map((currency) => sql`${currency}`),
    sql`, `,
  );
  const inShekels = sql`(${vehicles.currencyId} not in (${others}) and ${within(Currency.NIS)})`;
  return sql`(${sql.join([...converted, inShekels], sql` or `)})`;
}

/** The ORDER BY of a chosen sort (the default shuffle is ./shuffled-list.ts). Ties fall back to the id. */
export function orderOf(sort: ListSort, rates: CurrencyRates): SQL[] {
  switch (sort) {
    case 'newest':
      return [sql`${vehicles.publishedAt} desc nulls last`, desc(vehicles.id)];
    case 'price-asc':
      return [asc(priceInShekels(rates)), asc(vehicles.id)];
    case 'price-desc':
      return [desc(priceInShekels(rates)), desc(vehicles.id)];
    case 'year-desc':
      return [desc(vehicles.year), desc(vehicles.id)];
    case 'distance-asc':
      return [asc(vehicles.meals), asc(vehicles.id)];
  }
}

/*
 * The SQL of the public search (spec §5): a filter's conditions. The conditions read the
 * owner's state, so the query joins `users` on the vehicle's owner.
 */

/**
 * The conditions of a filter. A price range is in `filter.priceCurrency` (the shekel when
 * absent) and compares with each vehicle's price converted at `rates`.
 */
export function filterConditions(filter: VehicleFilter, rates: CurrencyRates): SQL[] {
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
    where.push(
      priceWithin(
        rates,
        filter.priceCurrency ?? Currency.NIS,
        filter.priceFrom ?? 0,
        filter.priceTo!,
      ),
    );
  }
  if (amountRangeApplies(filter.mealsFrom, filter.mealsTo)) {
    where.push(gte(vehicles.meals, filter.mealsFrom ?? 0), lte(vehicles.meals, filter.mealsTo!));
  }
  return where;
}
