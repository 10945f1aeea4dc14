import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../server/lib/sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps the formatting of the editor', () => {
    const html = '<p class="ql-align-right">سيارة <strong>نظيفة</strong></p><ul><li>مكيف</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it.each([
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    [
      '<a href="javascript:alert(1)">x</a>',
      '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
    ],
    ['<p style="position:fixed">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p class="evil">x</p>', '<p>x</p>'],
  ])('cleans %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  it('keeps what Quill 2 writes: list kinds, headings with their alignment, links', () => {
    const quill =
      '<h2 class="ql-align-right">المواصفات</h2><h3>المحرك</h3><ol><li data-list="bullet">مكيف</li><li data-list="ordered">جلد</li></ol><p><em>مائل</em> <b>عريض</b> <i>مائل</i><br></p>';
    expect(sanitizeRichText(quill)).toBe(quill.replace('<br>', '<br />'));
    expect(sanitizeRichText('<ol><li data-list="script">x</li></ol>')).not.toContain('script');
  });

  it('turns a heading 1 into a section heading: the page has its own title', () => {
    expect(sanitizeRichText('<h1>عنوان</h1>')).toBe('<h2>عنوان</h2>');
  });

  it('makes links safe to open', () => {
    expect(sanitizeRichText('<a href="https://example.ps">site</a>')).toBe(
      '<a href="https://example.ps" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
  });
});
