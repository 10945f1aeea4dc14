/*
 * The page cache's vocabulary, shared by the pages that declare what they show and the data
 * layer that purges what changed (server/plugins/page-cache.ts).
 */

/** Response header through which a rendered page names its tags; never sent to the browser. */
export const TAGS_HEADER = 'x-cache-tags';

/** Cache tags of the pages that show catalogue data. */
export const PageTag = {
  vehicle: (id: number) => `vehicle:${id}`,
  seller: (id: number) => `seller:${id}`,
  event: (id: number) => `event:${id}`,
  home: 'home',
  vehicles: 'vehicles',
  sellers: 'sellers',
  about: 'about',
  /** Every cached page: the frame (footer, policy texts) shows on all of them. */
  frame: 'frame',
} as const;
