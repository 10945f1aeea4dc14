import { describe, expect, it } from 'vitest';
import { favouriteDescriptionPreview } from '../../src/lib/format.ts';

describe('favouriteDescriptionPreview (seller spec §2)', () => {
  it('shows 20 characters or fewer as they are, without tags', () => {
    expect(favouriteDescriptionPreview('<p>سيارة نظيفة</p>')).toBe('سيارة نظيفة');
    expect(favouriteDescriptionPreview('12345678901234567890')).toBe('12345678901234567890');
    expect(favouriteDescriptionPreview(null)).toBe('');
  });

  it('cuts a longer text at 75 characters and adds an ellipsis', () => {
    const long = 'أ'.repeat(100);
    expect(favouriteDescriptionPreview(`<p>${long}</p>`)).toBe(`${'أ'.repeat(75)}…`);
    expect(favouriteDescriptionPreview('123456789012345678901')).toBe('123456789012345678901…');
  });
});
