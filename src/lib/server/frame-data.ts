import { InterfaceGroup } from '../../../domain/codes.ts';
import type { InterfaceItem, SiteContact } from '../../../server/db/repositories/reference.ts';
import type { Lang } from '../i18n.ts';
import type { Page } from './page.ts';

/** Spec §2 Footer: the policy modals' interface-item codes. */
export const POLICY_CODES = {
  privacy: 'privacy_policy_modal',
  terms: 'terms_and_conditions_modal',
  returns: 'return_polices_modal',
} as const;
export type PolicyKey = keyof typeof POLICY_CODES;

/** Footer items (group 105) the footer places itself; any others are shown as extra sections. */
export const FOOTER_CODES = {
  about: 'footer_about',
  links: 'footer_important_links',
  hours: 'footer_working_hours',
  copyright: 'footer_copyright',
} as const;

export interface FrameData {
  contact: SiteContact | null;
  policies: Record<PolicyKey, InterfaceItem | null>;
  footer: {
    about: InterfaceItem | null;
    linksTitle: string | null;
    hours: InterfaceItem | null;
    copyright: string | null;
    others: InterfaceItem[];
  };
}

const empty = (): FrameData => ({
  contact: null,
  policies: { privacy: null, terms: null, returns: null },
  footer: { about: null, linksTitle: null, hours: null, copyright: null, others: [] },
});

/** The frame data made from each answer of the reference cache, so that it is one object too. */
const made = new WeakMap<object, { contact: SiteContact | null; data: FrameData }>();

/**
 * What the page frame shows on every page: the site contact and the footer and policy texts.
 * A failing read fails the render on purpose: the page cache then keeps serving the last good
 * copy (or a clear 503 page) instead of storing a page with an empty footer. While the reference
 * cache answers with the same texts, the answer is the same object (shared: not to be changed),
 * and the layout reuses the footer rendered from it (Memo.astro).
 */
export async function loadFrameData(page: Pick<Page, 'locals'>, lang: Lang): Promise<FrameData> {
  const data = empty();
  // Absent only when a page renders outside the server (the 404 page at build time).
  const services = page.locals.services as App.Locals['services'] | undefined;
  if (!services) return data;
  const [contact, items] = await Promise.all([
    services.reference.siteContact(lang),
    services.reference.interfaceItems(lang),
  ]);
  const known = made.get(items);
  if (known && known.contact === contact) return known.data;
  data.contact = contact;

  const byCode = new Map(items.map((item) => [item.code, item]));
  for (const key of Object.keys(POLICY_CODES) as PolicyKey[]) {
    data.policies[key] = byCode.get(POLICY_CODES[key]) ?? null;
  }
  const placed = new Set<string>(Object.values(FOOTER_CODES));
  data.footer = {
    about: byCode.get(FOOTER_CODES.about) ?? null,
    linksTitle: byCode.get(FOOTER_CODES.links)?.title || null,
    hours: byCode.get(FOOTER_CODES.hours) ?? null,
    copyright: byCode.get(FOOTER_CODES.copyright)?.title || null,
    others: items.filter(
      (item) => item.groupId === InterfaceGroup.footer && !placed.has(item.code) && item.body,
    ),
  };
  made.set(items, { contact, data });
  return data;
}
