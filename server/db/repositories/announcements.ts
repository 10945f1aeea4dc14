import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AnnouncementType } from '../../../domain/codes.ts';
import { Status } from '../../../domain/codes.ts';
import type { Db } from '../client.ts';
import { announcementOrders, users } from '../schema.ts';
import { preparedOnce } from './prepared.ts';
import { publicSeller } from './sellers.ts';

export type AnnouncementTypeId = (typeof AnnouncementType)[keyof typeof AnnouncementType];

/** Announcements (paid banners, spec §2 Home): each opens its advertiser's gallery. */
export function announcementRepository(db: Db) {
  // Asked by nearly every page render (the banners of the home page, the list and the vehicle
  // page): prepared once (./prepared.ts).
  const activeOfType = () =>
    preparedOnce(db, 'active_announcements', (name) =>
      db
        .select({
          id: announcementOrders.id,
          image: announcementOrders.image,
          announcementType: announcementOrders.announcementTypeId,
          startDate: announcementOrders.startDate,
          endDate: announcementOrders.endDate,
          userId: users.id,
          userName: users.name,
          userSlug: users.slug,
        })
        .from(announcementOrders)
        .innerJoin(users, eq(users.id, announcementOrders.userId))
        .where(
          and(
            eq(announcementOrders.announcementTypeId, sql.placeholder('announcementType')),
            eq(announcementOrders.statusId, Status.accepted),
            isNull(announcementOrders.deletedAt),
            publicSeller,
            lte(announcementOrders.startDate, sql`now()`),
            gt(announcementOrders.endDate, sql`now()`),
          ),
        )
        .orderBy(asc(announcementOrders.startDate), asc(announcementOrders.id))
        .prepare(name),
    );

  return {
    /**
     * Accepted announcements of one kind whose dates cover now, of sellers the public may see
     * (a banner never leads to a gallery that answers 404).
     */
    async active(announcementType: AnnouncementTypeId) {
      const rows = await activeOfType().execute({ announcementType });
      return rows.map((row) => ({
        ...row,
        startDate: row.startDate.toISOString(),
        endDate: row.endDate.toISOString(),
      }));
    },
  };
}

export type AnnouncementRepository = ReturnType<typeof announcementRepository>;
