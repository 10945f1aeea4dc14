import { describe, expect, it } from 'vitest';
import { dirOf, localeFrom, localizePath, otherLang } from '../../src/lib/i18n.ts';
import { m } from '../../src/paraglide/messages.js';

describe('localeFrom', () => {
  it('reads English only from an /en path segment', () => {
    expect(localeFrom(new URL('http://x/en/'))).toBe('en');
    expect(localeFrom(new URL('http://x/en'))).toBe('en');
    expect(localeFrom('/en/vehicles?x=1')).toBe('en');
    expect(localeFrom('/')).toBe('ar');
    expect(localeFrom('/vehicles')).toBe('ar');
    expect(localeFrom('/english-cars')).toBe('ar');
    expect(localeFrom('/enx/vehicles')).toBe('ar');
  });
});

describe('localizePath', () => {
  it('prefixes English paths with /en and keeps the query and hash', () => {
    expect(localizePath('/', 'en')).toBe('/en/');
    expect(localizePath('/vehicles?x=1', 'en')).toBe('/en/vehicles?x=1');
    expect(localizePath('/vehicle/12-kia#photos', 'en')).toBe('/en/vehicle/12-kia#photos');
    expect(localizePath('/en/vehicles', 'en')).toBe('/en/vehicles');
  });

  it('strips the /en prefix for Arabic', () => {
    expect(localizePath('/en/', 'ar')).toBe('/');
    expect(localizePath('/en', 'ar')).toBe('/');
    expect(localizePath('/en/vehicles?x=1', 'ar')).toBe('/vehicles?x=1');
    expect(localizePath('/vehicles', 'ar')).toBe('/vehicles');
    expect(localizePath('/english', 'ar')).toBe('/english');
  });

  it('treats an empty or relative path as from the root', () => {
    expect(localizePath('', 'en')).toBe('/en/');
    expect(localizePath('?x=1', 'ar')).toBe('/?x=1');
    expect(localizePath('sellers', 'en')).toBe('/en/sellers');
  });
});

describe('otherLang and dirOf', () => {
  it('pairs Arabic with right-to-left and English with left-to-right', () => {
    expect(otherLang('ar')).toBe('en');
    expect(otherLang('en')).toBe('ar');
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('en')).toBe('ltr');
  });
});

describe('counted words', () => {
  it('agree with their number in Arabic through the plural rules, and in English', () => {
    const ar = { locale: 'ar' as const };
    const counts = [0, 1, 2, 3, 10, 11, 99, 100, 102];
    expect(counts.map((count) => m.list_result_count({ count }, ar))).toEqual([
      'لا توجد مركبات',
      'مركبة واحدة',
      'مركبتان',
      '3 مركبات',
      '10 مركبات',
      '11 مركبة',
      '99 مركبة',
      '100 مركبة',
      '102 مركبة',
    ]);
    expect(m.event_seats_count({ count: 11 }, ar)).toBe('11 مقعدًا');
    expect(m.list_result_count({ count: 1 }, { locale: 'en' })).toBe('1 vehicle');
    expect(m.list_result_count({ count: 2 }, { locale: 'en' })).toBe('2 vehicles');
  });
});
