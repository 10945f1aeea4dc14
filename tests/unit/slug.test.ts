import { describe, expect, it } from 'vitest';
import { idFromSlug, makeSlug, visitTarget } from '../../domain/slug.ts';

describe('idFromSlug', () => {
  it.each([
    ['12', 12],
    ['12-toyota-corolla-2018', 12],
    ['7abc', 7],
    [' 9-x', 9],
    ['2147483647-last-int4', 2147483647],
  ])('reads %s as %i', (slug, id) => {
    expect(idFromSlug(slug)).toBe(id);
  });

  it.each(['', 'abc', '-12', '0', '00-x', '2147483648-past-int4', '99999999999999999999'])(
    'finds no id in "%s"',
    (slug) => {
      expect(idFromSlug(slug)).toBeNull();
    },
  );
});

describe('makeSlug', () => {
  it('starts with the id and keeps readable Latin words', () => {
    expect(makeSlug(12, 'Mercedes-Benz', 'C 200', 2018)).toBe('12-mercedes-benz-c-200-2018');
  });

  it('keeps Arabic letters and drops punctuation', () => {
    expect(makeSlug(5, 'معرض النور!')).toBe('5-معرض-النور');
  });

  it('is the bare id when no words remain', () => {
    expect(makeSlug(3, '!!!')).toBe('3');
  });
});

describe('visitTarget', () => {
  it.each([
    ['/vehicle/12-toyota', { vehicleId: 12, sellerId: null }],
    ['/en/vehicle/12', { vehicleId: 12, sellerId: null }],
    ['/gallary/7-ahmad-motors?page=2', { vehicleId: null, sellerId: 7 }],
    ['https://example.ps/en/gallary/7', { vehicleId: null, sellerId: 7 }],
    ['/vehicles', { vehicleId: null, sellerId: null }],
    ['/vehicle/abc', { vehicleId: null, sellerId: null }],
    ['/vehicle/12/extra', { vehicleId: null, sellerId: null }],
    ['%%%', { vehicleId: null, sellerId: null }],
  ])('reads %s', (route, target) => {
    expect(visitTarget(route)).toEqual(target);
  });
});
