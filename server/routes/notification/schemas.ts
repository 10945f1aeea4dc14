import { Type, type Static } from '@sinclair/typebox';
import { Int32 } from '../../lib/schema-types.ts';
import { Page } from '../paging-schemas.ts';

/* The NotificationMessage group's requests and answers. */

/** Spec §9: the site asks for one page of 1000, so this list allows pages that large. */
export const NotificationsQuery = Type.Object({
  page: Int32({ minimum: 1, default: 1 }),
  pageSize: Int32({ minimum: 1, maximum: 1000, default: 1000 }),
});

/** One notification, as listed and as the real-time hub sends it. */
export const UserNotification = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  message: Type.String(),
  /** The site path it is about (a vehicle, an order, a saved search's results); '' for none. */
  link: Type.String(),
  createdAt: Type.String(),
  isRead: Type.Boolean(),
});
export type UserNotification = Static<typeof UserNotification>;

/** GetUserNotification: the caller's notifications, newest first, and how many are unread. */
export const UserNotifications = Type.Object({
  notifications: Page(UserNotification),
  notReadNum: Type.Integer(),
});
export type UserNotifications = Static<typeof UserNotifications>;

/** ReadNotReadNotifications: the unread count after marking all read (always 0). */
export const UnreadCount = Type.Object({ notReadNum: Type.Integer() });
export type UnreadCount = Static<typeof UnreadCount>;
