import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Status, UserStatus } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import { users, vehicles } from '../schema.ts';

/** An account the public may see: neither deleted nor blocked by the admin. */
export const activeAccount = and(
  isNull(users.deletedAt),
  sql`${users.statusId} is distinct from ${UserStatus.blocked}`,
);

/** The vehicle's own half of `publicVehicle`: accepted and not deleted. */
export const vehicleOnDisplay = and(
  eq(vehicles.statusId, Status.accepted),
  isNull(vehicles.deletedAt),
);

/**
 * A vehicle anyone may see: accepted, not deleted, its owner neither deleted nor blocked. The
 * one rule behind every public list, page, card and favourite; the query joins `users` on the
 * vehicle's owner.
 */
export const publicVehicle = and(vehicleOnDisplay, activeAccount);

/**
 * A vehicle whose page answers: a public one, or a sold one, whose page stays reachable (with a
 * "sold" mark, no contact and noindex) so links already shared in chats keep working. Sold
 * vehicles leave every list, search, gallery, favourite list and the sitemap.
 */
export const vehicleWithPage = and(
  inArray(vehicles.statusId, [Status.accepted, Status.saled]),
  isNull(vehicles.deletedAt),
  activeAccount,
);

/** The cached pages a change to a vehicle touches (every write path purges these). */
export function vehiclePageTags(id: number, ownerId: number): string[] {
  return [
    PageTag.vehicle(id),
    PageTag.seller(ownerId),
    PageTag.home,
    PageTag.vehicles,
    // An individual is listed only while they have a public vehicle.
    PageTag.sellers,
  ];
}
