import { CodeCategory } from '../../../domain/codes.ts';
import type { Lang } from '../i18n.ts';
import type { Page } from './page.ts';

/** The reasons of "report this listing", in the page's language, for the vehicle page's form. */
export async function loadReportReasons(
  page: Pick<Page, 'locals'>,
  lang: Lang,
): Promise<{ id: number; name: string }[]> {
  const rows = await page.locals.services.reference.codesOf(CodeCategory.reportReason, lang);
  return rows.map(({ id, name }) => ({ id, name }));
}
