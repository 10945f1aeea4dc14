import type { Announcement as ActiveAnnouncement } from '../../server/routes/order/schemas.ts';
import { responsiveImage } from '../../domain/images.ts';
import { localizePath, type Lang } from './i18n.ts';

/** An announcement running now (main, vertical or horizontal), as Order's API answers it. */
export type Announcement = ActiveAnnouncement;

/** Spec §2: an announcement opens its advertiser's gallery. */
export function announcementHref(ad: Announcement, lang: Lang): string {
  return localizePath(`/gallary/${ad.userSlug}`, lang);
}

/** `src` and `srcset` of an announcement picture: its WebP variants when it is a stored JPEG. */
export function announcementImage(ad: Announcement): { src: string; srcset?: string } {
  return responsiveImage(ad.image, 1280);
}
