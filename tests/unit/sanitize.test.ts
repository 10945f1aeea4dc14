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

  it('makes links safe to open', () => {
    expect(sanitizeRichText('<a href="https://example.ps">site</a>')).toBe(
      '<a href="https://example.ps" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
  });
});
