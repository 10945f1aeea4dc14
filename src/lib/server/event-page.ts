import { PageTag } from '../../../domain/page-tags.ts';
import type { Lang } from '../i18n.ts';
import { notFound, tagPage, type Page } from './page.ts';

/** Longest slug looked up; anything longer is no event's. */
const SLUG_MAX = 200;

/**
 * The event of `/event/{slug}` (issue 10 Tickets), or null after setting a 404. The page is
 * tagged with its event so the page cache drops it when the event changes.
 */
export async function loadEvent(page: Page, lang: Lang) {
  const slug = (page.params.slug ?? '').trim();
  if (!slug || slug.length > SLUG_MAX || /[\u0000-\u001f\u007f]/.test(slug)) return notFound(page);
  const event = await page.locals.services.events.eventBySlug(slug, lang);
  if (!event) return notFound(page);
  tagPage(page, [PageTag.event(event.id)]);
  return event;
}

export type EventPageData = NonNullable<Awaited<ReturnType<typeof loadEvent>>>;
