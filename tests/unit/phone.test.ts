import { describe, expect, it } from 'vitest';
import { internationalDigits, messagingAppLink, telLink } from '../../src/lib/phone.ts';

describe('internationalDigits', () => {
  it('gives Palestinian mobiles (059, 056) the 970 code', () => {
    expect(internationalDigits('0599123456')).toBe('970599123456');
    expect(internationalDigits('0569123456')).toBe('970569123456');
  });

  it('gives other 05 mobiles the 972 code', () => {
    expect(internationalDigits('0521234567')).toBe('972521234567');
    expect(internationalDigits('0541234567')).toBe('972541234567');
  });

  it('gives local landlines the 970 code', () => {
    expect(internationalDigits('022987654')).toBe('97022987654');
  });

  it('keeps numbers that already carry a country code', () => {
    expect(internationalDigits('+970599123456')).toBe('970599123456');
    expect(internationalDigits('00970599123456')).toBe('970599123456');
    expect(internationalDigits('00972521234567')).toBe('972521234567');
    expect(internationalDigits('970599123456')).toBe('970599123456');
  });

  it('drops spaces, dashes and brackets', () => {
    expect(internationalDigits(' 059-912 34 56 ')).toBe('970599123456');
    expect(internationalDigits('+970 (59) 912-3456')).toBe('970599123456');
  });

  it('returns nothing when there are no digits', () => {
    expect(internationalDigits('')).toBe('');
    expect(internationalDigits(null)).toBe('');
    expect(internationalDigits(undefined)).toBe('');
    expect(internationalDigits('---')).toBe('');
  });
});

describe('links', () => {
  it('builds the messaging-app and telephone links', () => {
    expect(messagingAppLink('0599123456')).toBe('https://wa.me/970599123456');
    expect(messagingAppLink('0521234567')).toBe('https://wa.me/972521234567');
    expect(messagingAppLink('')).toBeNull();
    expect(telLink('0599123456')).toBe('tel:+970599123456');
    expect(telLink(null)).toBeNull();
  });
});
