import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/lib/password.ts';

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash in one string', async () => {
    const stored = await hashPassword('Demo@12345');
    const parts = stored.split('$');
    expect(parts).toHaveLength(6);
    expect(parts[0]).toBe('scrypt');
    expect(Buffer.from(parts[4], 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5], 'base64')).toHaveLength(64);
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('كلمة-سر-1234');
    expect(await verifyPassword('كلمة-سر-1234', stored)).toBe(true);
    expect(await verifyPassword('كلمة-سر-1235', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('uses a new salt for every hash of the same password', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('answers false for malformed or tampered hashes instead of throwing', async () => {
    const stored = await hashPassword('secret');
    const parts = stored.split('$');
    expect(await verifyPassword('secret', '')).toBe(false);
    expect(await verifyPassword('secret', 'bcrypt$2b$10$abc')).toBe(false);
    expect(
      await verifyPassword('secret', ['scrypt', 2 ** 30, 8, 1, parts[4], parts[5]].join('$')),
    ).toBe(false);
    const flipped = Buffer.from(parts[5], 'base64');
    flipped[0] ^= 1;
    const tampered = [...parts.slice(0, 5), flipped.toString('base64')].join('$');
    expect(await verifyPassword('secret', tampered)).toBe(false);
  });
});
