import { Type, type Static } from '@sinclair/typebox';

/* The Order group's answers; its featured vehicles are vehicle cards (../vehicle/schemas.ts). */

/** An accepted announcement whose dates cover now; it opens its advertiser's gallery. */
export const Announcement = Type.Object({
  id: Type.Integer(),
  image: Type.String(),
  announcementType: Type.Integer(),
  startDate: Type.String(),
  endDate: Type.String(),
  userId: Type.Integer(),
  userName: Type.String(),
  userSlug: Type.String(),
});
export type Announcement = Static<typeof Announcement>;
