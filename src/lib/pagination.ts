/*
 * Page links of a list (spec §2 pagination footer): the first and last page, the current one
 * and its neighbours, with a gap where pages are left out. A gap never hides a single page:
 * that page is shown instead, so the row never reads "1 … 3".
 */

export type PageItem = number | 'gap';

/** Page numbers to show for `current` of `count` pages, `siblings` either side of the current. */
export function pageItems(current: number, count: number, siblings = 1): PageItem[] {
  if (count <= 0) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), count);
  // First, last, current, 2 × siblings and two gaps: below that, every page fits.
  if (count <= 2 * siblings + 5) return Array.from({ length: count }, (_, i) => i + 1);
  let start = Math.max(2, page - siblings);
  let end = Math.min(count - 1, page + siblings);
  // Keep the window the same width near either end.
  if (page - siblings <= 3) {
    start = 2;
    end = Math.max(end, 2 * siblings + 3);
  }
  if (page + siblings >= count - 2) {
    end = count - 1;
    start = Math.min(start, count - 2 * siblings - 2);
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push('gap');
  for (let n = start; n <= end; n++) items.push(n);
  if (end < count - 1) items.push('gap');
  items.push(count);
  return items;
}

/** The 1-based range of rows a page shows: `{ from, to }`, both 0 when there are none. */
export function shownRange(pagination: {
  currentPage: number;
  pageSize: number;
  rowCount: number;
}): { from: number; to: number } {
  const { currentPage, pageSize, rowCount } = pagination;
  if (rowCount <= 0 || pageSize <= 0) return { from: 0, to: 0 };
  const from = Math.min((currentPage - 1) * pageSize + 1, rowCount);
  const to = Math.min(currentPage * pageSize, rowCount);
  return { from: Math.max(from, 1), to };
}

/** A page link of a row that changes with the window: where it shows, and the gaps before it. */
export interface ResponsivePage {
  page: number;
  wide: boolean;
  narrow: boolean;
  gapBeforeWide: boolean;
  gapBeforeNarrow: boolean;
}

/**
 * One row for every window width: the `wide` pages (one neighbour either side of the current)
 * and the `narrow` ones (no neighbours, so a phone fits the row on one line), merged in page
 * order. Each entry says where it shows and whether a gap precedes it at that width.
 */
export function responsivePageItems(current: number, count: number): ResponsivePage[] {
  const numbers = (items: PageItem[]) => items.filter((item): item is number => item !== 'gap');
  const wide = numbers(pageItems(current, count, 1));
  const narrow = numbers(pageItems(current, count, 0));
  const all = [...new Set([...wide, ...narrow])].sort((a, b) => a - b);
  const gapBefore = (list: number[], page: number) => {
    const index = list.indexOf(page);
    return index > 0 && page - list[index - 1]! > 1;
  };
  return all.map((page) => ({
    page,
    wide: wide.includes(page),
    narrow: narrow.includes(page),
    gapBeforeWide: gapBefore(wide, page),
    gapBeforeNarrow: gapBefore(narrow, page),
  }));
}
