import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { Status } from '../../../domain/codes.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { starOrders, vehicles } from '../schema.ts';
import { selectCards } from './vehicle-cards.ts';
import { publicVehicle } from './vehicle-visibility.ts';

/** Star orders: a seller pays for a vehicle to be featured on the home page for some days. */
export function starOrderRepository(db: Db) {
  return {
    /** The featured vehicles: public, with an accepted star order whose dates cover now. */
    async featured(lang: Lang) {
      const active = db
        .selectDistinct({ vehicleId: starOrders.vehicleId })
        .from(starOrders)
        .where(
          and(
            eq(starOrders.statusId, Status.accepted),
            isNull(starOrders.deletedAt),
            lte(starOrders.startDate, sql`now()`),
            gt(starOrders.endDate, sql`now()`),
          ),
        );
      return selectCards(db, lang)
        .where(and(publicVehicle, inArray(vehicles.id, active)))
        .orderBy(desc(vehicles.updatedAt), asc(vehicles.id));
    },
  };
}
