import { and, eq, isNull, sql } from 'drizzle-orm';
import { Status, UserStatus } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import { users, vehicles } from '../schema.ts';

/*
 * The status codes below are written into the SQL text, not sent as parameters. The public
 * indexes are partial (`where status_id = 96 and deleted_at is null`), and a prepared statement's
 * generic plan, which the database settles on after a few runs, can use such an index only when
 * the condition names the same constant. With `status_id = $1`, at 100,000 vehicles, the
 * unfiltered list's walk took 1.1 s instead of 4 ms and a page's similar vehicles 10–25 ms
 * instead of under 1 (tests/api/query-plans.test.ts).
 */
const code = (value: number) => sql.raw(String(Math.trunc(value)));

/** An account the public may see: neither deleted nor blocked by the admin. */
export const activeAccount = and(
  isNull(users.deletedAt),
  sql`${users.statusId} is distinct from ${code(UserStatus.blocked)}`,
);

/** The vehicle's own half of `publicVehicle`: accepted and not deleted. */
export const vehicleOnDisplay = and(
  eq(vehicles.statusId, code(Status.accepted)),
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
  sql`${vehicles.statusId} in (${code(Status.accepted)}, ${code(Status.saled)})`,
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
