import { describe, expect, it } from 'vitest';
import { tokenProblemMessage, tokenStatus } from '../../src/lib/token.ts';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) =>
  `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.signature`;
const now = 1_700_000_000;

describe('tokenStatus (spec §4)', () => {
  it('accepts three parts with an exp in the future', () => {
    expect(tokenStatus(jwt({ sub: '7', exp: now + 60 }), now)).toBe('valid');
  });

  it('reports an exp at or before now as expired', () => {
    expect(tokenStatus(jwt({ exp: now }), now)).toBe('expired');
    expect(tokenStatus(jwt({ exp: now - 1 }), now)).toBe('expired');
  });

  it('reports no token as missing', () => {
    expect(tokenStatus(undefined, now)).toBe('missing');
    expect(tokenStatus(null, now)).toBe('missing');
    expect(tokenStatus('', now)).toBe('missing');
  });

  it('treats a token that cannot be decoded as missing', () => {
    expect(tokenStatus('abc', now)).toBe('missing');
    expect(tokenStatus('a.b', now)).toBe('missing');
    expect(tokenStatus('a.b.c.d', now)).toBe('missing');
    expect(tokenStatus('a.%%%.c', now)).toBe('missing');
    expect(tokenStatus(`a.${Buffer.from('not json').toString('base64url')}.c`, now)).toBe(
      'missing',
    );
    expect(tokenStatus(jwt({ sub: '7' }), now)).toBe('missing');
    expect(tokenStatus(jwt({ exp: String(now + 60) }), now)).toBe('missing');
  });

  it('decodes payloads holding Arabic text', () => {
    expect(tokenStatus(jwt({ name: 'محمد', exp: now + 60 }), now)).toBe('valid');
  });

  it('uses the clock when no time is given', () => {
    const later = Math.floor(Date.now() / 1000) + 600;
    expect(tokenStatus(jwt({ exp: later }))).toBe('valid');
  });
});

describe('tokenProblemMessage (spec §5 favourites)', () => {
  it('gives the two Arabic messages word for word', () => {
    expect(tokenProblemMessage('missing', 'ar')).toBe(
      'لا يوجد معلومات دخول للمستخدم قم بتسجيل الدخول أولاً',
    );
    expect(tokenProblemMessage('expired', 'ar')).toBe('قم بتسجيل الدخول مجدداً');
    expect(tokenProblemMessage('valid', 'ar')).toBeNull();
  });

  it('has English counterparts', () => {
    expect(tokenProblemMessage('missing', 'en')).toBe(
      'You are not signed in. Please sign in first.',
    );
    expect(tokenProblemMessage('expired', 'en')).toBe('Please sign in again.');
  });
});
