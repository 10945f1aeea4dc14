import { describe, expect, it } from 'vitest';
import { descriptionBlocks, formatDate } from '../../src/lib/format.ts';

const chars = (text: string) => Array.from(text).length;

describe('descriptionBlocks (the detail page preview)', () => {
  it('keeps a short description whole, paragraphs and list items apart', () => {
    const html = '<p>سيارة نظيفة</p><ul><li>فحص كامل</li><li>ترخيص سنة</li></ul><p>السعر قابل</p>';
    expect(descriptionBlocks(html, 150)).toEqual({
      blocks: [
        { kind: 'p', text: 'سيارة نظيفة' },
        { kind: 'ul', items: ['فحص كامل', 'ترخيص سنة'] },
        { kind: 'p', text: 'السعر قابل' },
      ],
      cut: false,
    });
  });

  it("reads Quill 2's lists: every list an <ol>, the kind on each item", () => {
    const html =
      '<ol><li data-list="bullet">one</li><li data-list="bullet">two</li>' +
      '<li data-list="ordered">first</li><li data-list="ordered">second</li></ol>';
    expect(descriptionBlocks(html, 150).blocks).toEqual([
      { kind: 'ul', items: ['one', 'two'] },
      { kind: 'ol', items: ['first', 'second'] },
    ]);
  });

  it('keeps whole blocks up to the budget and cuts the next one with an ellipsis', () => {
    const item = (n: number) => `feature number ${n} is here`; // 26 characters
    const html = `<p>${'a'.repeat(40)}</p><ul>${[1, 2, 3, 4, 5].map((n) => `<li>${item(n)}</li>`).join('')}</ul>`;
    const { blocks, cut } = descriptionBlocks(html, 150);
    expect(cut).toBe(true);
    expect(blocks[0]).toEqual({ kind: 'p', text: 'a'.repeat(40) });
    const list = blocks[1];
    if (list?.kind !== 'ul') throw new Error('expected a list');
    // 40 + 4 × 26 = 144: four whole items; 6 characters left is too little for a fifth piece,
    // so the ellipsis ends the fourth.
    expect(list.items).toEqual([item(1), item(2), item(3), `${item(4)}…`]);
  });

  it('cuts inside a block when enough of the budget is left', () => {
    const html = `<p>${'a'.repeat(100)}</p><p>${'b'.repeat(100)}</p>`;
    const { blocks, cut } = descriptionBlocks(html, 150);
    expect(cut).toBe(true);
    expect(blocks).toEqual([
      { kind: 'p', text: 'a'.repeat(100) },
      { kind: 'p', text: `${'b'.repeat(50)}…` },
    ]);
    const shown = blocks.reduce((sum, b) => sum + (b.kind === 'p' ? chars(b.text) : 0), 0);
    expect(shown).toBe(151);
  });

  it('cuts a single long paragraph and decodes entities, never leaving tags', () => {
    const html = `<p><strong>ممتازة</strong> &amp; ${'نظيفة '.repeat(40)}</p>`;
    const { blocks, cut } = descriptionBlocks(html, 75);
    expect(cut).toBe(true);
    expect(blocks).toHaveLength(1);
    const [block] = blocks;
    if (block?.kind !== 'p') throw new Error('expected a paragraph');
    expect(block.text.startsWith('ممتازة & نظيفة')).toBe(true);
    expect(block.text.endsWith('…')).toBe(true);
    expect(chars(block.text)).toBeLessThanOrEqual(76);
    expect(block.text).not.toContain('<');
  });

  it('treats bare text and <br> as a paragraph and drops empty blocks and scripts', () => {
    expect(descriptionBlocks('one<br>two<p></p><script>x()</script>', 150)).toEqual({
      blocks: [{ kind: 'p', text: 'one two' }],
      cut: false,
    });
    expect(descriptionBlocks(null, 150)).toEqual({ blocks: [], cut: false });
  });
});

describe('formatDate', () => {
  it("prints the day in Palestine's time zone", () => {
    // 22:30 UTC is already the next day in Hebron (UTC+2 / +3).
    expect(formatDate('2024-03-04T22:30:00Z')).toBe('2024-03-05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
