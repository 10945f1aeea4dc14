import { describe, expect, it } from 'vitest';
import { langFrom, t } from '../../server/lib/messages.ts';
import { validationMessage } from '../../server/plugins/errors.ts';

describe('langFrom', () => {
  it.each([
    [undefined, 'ar'],
    ['', 'ar'],
    ['ar', 'ar'],
    ['ar-PS,en;q=0.8', 'ar'],
    ['en', 'en'],
    ['en-GB,en;q=0.9,ar;q=0.8', 'en'],
    ['fr-FR,en;q=0.5', 'ar'],
  ])('takes %s as %s', (header, lang) => {
    expect(langFrom(header)).toBe(lang);
  });
});

describe('t', () => {
  it('fills the named parameters', () => {
    expect(t('en', 'field_maximum', { field: 'pageSize', limit: 100 })).toBe(
      'pageSize must be 100 or less.',
    );
    expect(t('ar', 'field_required', { field: 'email' })).toBe('الحقل email مطلوب');
  });
});

describe('validationMessage', () => {
  it('names a missing field', () => {
    const errors = [
      { keyword: 'required', instancePath: '', params: { missingProperty: 'route' } },
    ];
    expect(validationMessage('en', errors)).toBe('route is required.');
  });

  it('names a field that is not a whole number, in Arabic', () => {
    const errors = [{ keyword: 'type', instancePath: '/brandId', params: { type: 'integer' } }];
    expect(validationMessage('ar', errors)).toBe('قيمة brandId يجب أن تكون رقماً صحيحاً');
  });

  it('gives the limit of a bound', () => {
    const errors = [{ keyword: 'maximum', instancePath: '/pageSize', params: { limit: 100 } }];
    expect(validationMessage('en', errors)).toBe('pageSize must be 100 or less.');
  });
});
