import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_CARD_LIMIT,
  DESCRIPTION_DETAIL_LIMIT,
  currencyCode,
  descriptionPreview,
  formatDateTime,
  formatPrice,
  formatPriceOneDecimal,
  isLongerThan,
  stripHtml,
  truncate,
} from '../../src/lib/format.ts';

const NBSP = '\u00a0';

describe('currencyCode (spec §9)', () => {
  it('maps 86 to ILS, 88 to JOD and anything else to USD', () => {
    expect(currencyCode(86)).toBe('ILS');
    expect(currencyCode(88)).toBe('JOD');
    expect(currencyCode(87)).toBe('USD');
    expect(currencyCode(0)).toBe('USD');
    expect(currencyCode(undefined)).toBe('USD');
  });
});

describe('formatPrice', () => {
  it('prints whole units with Latin digits in both languages', () => {
    expect(formatPrice(125000, 86, 'ar')).toBe(`125,000${NBSP}₪`);
    expect(formatPrice(125000, 86, 'en')).toBe('₪125,000');
    expect(formatPrice(18500, 88, 'ar')).toBe(`18,500${NBSP}د.أ`);
    expect(formatPrice(18500, 88, 'en')).toBe(`JOD${NBSP}18,500`);
    expect(formatPrice(9999, 87, 'ar')).toBe(`9,999${NBSP}$`);
    expect(formatPrice(9999, 87, 'en')).toBe('$9,999');
  });

  it('rounds away decimals', () => {
    expect(formatPrice(1234.6, 86, 'en')).toBe('₪1,235');
  });

  it('prints nothing for a missing price', () => {
    expect(formatPrice(null, 86, 'ar')).toBe('');
    expect(formatPrice(undefined, 86, 'ar')).toBe('');
    expect(formatPrice(Number.NaN, 86, 'ar')).toBe('');
  });

  it('has a one-decimal variant for the my-vehicles table', () => {
    expect(formatPriceOneDecimal(125000, 86, 'ar')).toBe(`125,000.0${NBSP}₪`);
    expect(formatPriceOneDecimal(99.95, 87, 'en')).toBe('$100.0');
    expect(formatPriceOneDecimal(12.34, 88, 'en')).toBe(`JOD${NBSP}12.3`);
  });
});

describe('formatDateTime', () => {
  it('prints year-month-day hour:minute with AM/PM in Palestine time', () => {
    // 12:07 UTC on 5 March 2024 is 14:07 in Palestine (UTC+2 in winter).
    expect(formatDateTime('2024-03-05T12:07:00Z', 'en')).toBe('2024-03-05 02:07 PM');
    expect(formatDateTime('2024-03-05T12:07:00Z', 'ar')).toBe('2024-03-05 02:07 م');
    // Summer time (UTC+3): 06:30 UTC is 09:30 in the morning.
    expect(formatDateTime(new Date('2024-07-01T06:30:00Z'), 'en')).toBe('2024-07-01 09:30 AM');
    expect(formatDateTime(Date.UTC(2024, 6, 1, 6, 30), 'ar')).toBe('2024-07-01 09:30 ص');
  });

  it('prints midnight and noon as 12', () => {
    expect(formatDateTime('2024-01-09T22:00:00Z', 'en')).toBe('2024-01-10 12:00 AM');
    expect(formatDateTime('2024-01-10T10:00:00Z', 'en')).toBe('2024-01-10 12:00 PM');
  });

  it('prints nothing for a missing or invalid date', () => {
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime('', 'en')).toBe('');
    expect(formatDateTime('not a date', 'ar')).toBe('');
  });
});

describe('description previews (spec §9)', () => {
  it('uses 150 characters on details and 75 on cards', () => {
    expect(DESCRIPTION_DETAIL_LIMIT).toBe(150);
    expect(DESCRIPTION_CARD_LIMIT).toBe(75);
  });

  it('strips tags, decodes entities and collapses spaces', () => {
    expect(stripHtml('<p>سيارة <strong>نظيفة</strong></p><p>فحص&nbsp;كامل &amp; ترخيص</p>')).toBe(
      'سيارة نظيفة فحص كامل & ترخيص',
    );
    expect(stripHtml('<ul><li>one</li><li>two</li></ul>')).toBe('one two');
    expect(stripHtml('a<br>b &#1587; &#x633; &lt;tag&gt;')).toBe('a b س س <tag>');
    expect(stripHtml('<script>alert(1)</script>text')).toBe('text');
    expect(stripHtml(null)).toBe('');
  });

  it('truncates with an ellipsis only when longer than the limit', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('exactly10!', 10)).toBe('exactly10!');
    expect(truncate('one two three', 8)).toBe('one two…');
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });

  it('tells whether text passes the see-more threshold', () => {
    expect(isLongerThan('a'.repeat(150), DESCRIPTION_DETAIL_LIMIT)).toBe(false);
    expect(isLongerThan('a'.repeat(151), DESCRIPTION_DETAIL_LIMIT)).toBe(true);
  });

  it('previews HTML descriptions as plain text', () => {
    const html = `<p>${'ممتازة '.repeat(20)}</p>`;
    const preview = descriptionPreview(html, DESCRIPTION_CARD_LIMIT);
    expect(preview.endsWith('…')).toBe(true);
    expect(Array.from(preview).length).toBeLessThanOrEqual(DESCRIPTION_CARD_LIMIT + 1);
    expect(preview).not.toContain('<');
  });
});
