import type { AstroGlobal } from 'astro';
import { PageTag, TAGS_HEADER } from '../../../domain/page-tags.ts';

/*
 * What a page loader needs of the page being rendered: its route, URL, response and the
 * server's services (`Astro.locals.services`, set by server/plugins/site.ts).
 */
export type Page = Pick<AstroGlobal, 'params' | 'url' | 'response' | 'locals'>;

/** Answers the page with a 404 status; the loader returns null for the page to show. */
export function notFound(page: Page): null {
  page.response.status = 404;
  return null;
}

/** Names the data the page shows, so the page cache purges it when that data changes. */
export function tagPage(page: Pick<Page, 'response'>, tags: string[]) {
  page.response.headers.set(TAGS_HEADER, [...new Set([...tags, PageTag.frame])].join(' '));
}

/** The public origin for absolute links (link previews, canonical URLs). */
export function siteOrigin(page: Pick<Page, 'locals' | 'url'>): string {
  return (page.locals.services as App.Locals['services'] | undefined)?.siteUrl ?? page.url.origin;
}
