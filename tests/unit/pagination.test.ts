import { describe, expect, it } from 'vitest';
import { pageItems, responsivePageItems, shownRange } from '../../src/lib/pagination.ts';

describe('pageItems', () => {
  it('lists every page when they fit', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('puts gaps around the current page among many', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('never hides a single page behind a gap and keeps the row the same length', () => {
    for (let current = 1; current <= 20; current++) {
      const items = pageItems(current, 20);
      expect(items).toHaveLength(7);
      expect(items).toContain(current);
      items.forEach((item, index) => {
        if (item !== 'gap') return;
        const before = items[index - 1] as number;
        const after = items[index + 1] as number;
        expect(after - before).toBeGreaterThan(2);
      });
    }
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(-1, 10)[0]).toBe(1);
  });
});

describe('shownRange', () => {
  it("gives the 'show X to Y of total' numbers", () => {
    expect(shownRange({ currentPage: 1, pageSize: 6, rowCount: 53 })).toEqual({ from: 1, to: 6 });
    expect(shownRange({ currentPage: 9, pageSize: 6, rowCount: 53 })).toEqual({ from: 49, to: 53 });
    expect(shownRange({ currentPage: 1, pageSize: 6, rowCount: 0 })).toEqual({ from: 0, to: 0 });
  });
});

describe('responsivePageItems', () => {
  const row = (current: number, count: number, width: 'wide' | 'narrow') =>
    responsivePageItems(current, count).flatMap((entry) => {
      if (!entry[width]) return [];
      const gap = width === 'wide' ? entry.gapBeforeWide : entry.gapBeforeNarrow;
      return gap ? ['gap', entry.page] : [entry.page];
    });

  it('gives each width the row pageItems gives it', () => {
    for (const count of [1, 5, 7, 9, 20]) {
      for (let current = 1; current <= count; current++) {
        expect(row(current, count, 'wide')).toEqual(pageItems(current, count, 1));
        expect(row(current, count, 'narrow')).toEqual(pageItems(current, count, 0));
      }
    }
  });

  it('keeps a phone row to five entries', () => {
    expect(row(4, 9, 'narrow')).toEqual([1, 'gap', 4, 'gap', 9]);
  });
});
