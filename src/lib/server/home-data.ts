import { AnnouncementType } from '../../../domain/codes.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import type { VehicleCard } from '../../../server/db/repositories/vehicle-cards.ts';
import type { SiteServices } from '../../../server/site-services.ts';
import type { NamedMake } from '../../../domain/make-model-search.ts';
import type { Announcement } from '../announcements.ts';
import type { Lang } from '../i18n.ts';
import { tagPage, type Page } from './page.ts';

export interface HomeData {
  featured: VehicleCard[];
  mainAds: Announcement[];
  verticalAds: Announcement[];
  horizontalAds: Announcement[];
  /** Every make with its models: the search box's suggestions. */
  makes: NamedMake[];
  /** Cache tags of everything the page shows (server/plugins/page-cache.ts). */
  tags: string[];
}

/** What the home page shows (spec §2 Home): featured vehicles and the three kinds of ads. */
export async function loadHome(services: SiteServices, lang: Lang): Promise<HomeData> {
  const [featured, mainAds, verticalAds, horizontalAds, makes] = await Promise.all([
    services.starOrders.featured(lang),
    services.announcements.active(AnnouncementType.main),
    services.announcements.active(AnnouncementType.vertical),
    services.announcements.active(AnnouncementType.horizontal),
    services.reference.makesAndModels(),
  ]);
  return {
    featured,
    mainAds,
    verticalAds,
    horizontalAds,
    makes,
    tags: homeTags(featured, [...mainAds, ...verticalAds, ...horizontalAds]),
  };
}

/** The home page's data, tagged on the page being rendered. */
export async function homePage(page: Page, lang: Lang): Promise<HomeData> {
  const home = await loadHome(page.locals.services, lang);
  tagPage(page, home.tags);
  return home;
}

/** `home`, every vehicle shown, and every seller whose name or ad appears on the page. */
export function homeTags(
  vehicles: Pick<VehicleCard, 'id' | 'ownerId'>[],
  ads: Pick<Announcement, 'userId'>[],
): string[] {
  const sellers = new Set([
    ...vehicles.map((vehicle) => vehicle.ownerId),
    ...ads.map((ad) => ad.userId),
  ]);
  return [
    PageTag.home,
    ...vehicles.map((vehicle) => PageTag.vehicle(vehicle.id)),
    ...[...sellers].map((id) => PageTag.seller(id)),
  ];
}
