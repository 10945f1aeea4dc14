/** The dashboard's figures (seller spec §9): the site's days and months are Palestine's. */
export const SITE_TIME_ZONE = 'Asia/Hebron';

/** How many days the visits chart shows, today included. */
export const VISIT_CHART_DAYS = 30;

/** The 12 counters of the dashboard's home, in the spec's order. */
export const DASHBOARD_COUNTERS = [
  'visitorsToday',
  'visitorsThisMonth',
  'vehiclesSold',
  'vehiclesAddedThisMonth',
  'vehiclesUnderReview',
  'vehiclesRefused',
  'announcementOrdersAdded',
  'announcementOrdersUnderReview',
  'announcementOrdersRefused',
  'starOrdersAdded',
  'starOrdersUnderReview',
  'starOrdersRefused',
] as const;
export type DashboardCounter = (typeof DASHBOARD_COUNTERS)[number];
