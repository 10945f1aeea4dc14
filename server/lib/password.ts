import {
  createHash,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * Password hashes as `scrypt$N$r$p$saltB64$hashB64`: the parameters travel with each hash, so
 * they can be raised later without breaking the hashes already stored.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
// N=2^15, r=8 needs 32 MiB, which is exactly Node's default limit; leave headroom.
const MAX_MEMORY = 64 * 1024 * 1024;

/*
 * The callback form of scrypt runs on libuv's thread pool, so hashing never blocks the event
 * loop. On a small machine the pool's four threads could still take every core from it, so
 * hashes run at most one per core less one and the rest wait in line: cached pages keep their
 * speed while a burst of password guesses is checked (issue §2; `npm run bench` measures it).
 */
const HASH_SLOTS = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return inTurn(() => scryptAsync(password, salt, keyLength, options));
}

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: MAX_MEMORY },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, COST);
  const { N, r, p } = COST;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  const sane = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!sane(N, 2 ** 20) || !sane(r, 32) || !sane(p, 16)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await derive(password, salt, expected.length, { N, r, p });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

// Verifying against a real hash when there is no account keeps "no such account" as slow as
// "wrong password".
let dummy: Promise<string> | null = null;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword(generatePassword()));

/** A new password: 14 characters from an alphabet without look-alikes, with a digit and a symbol. */
export function generatePassword(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const digits = '23456789';
  const symbols = '@#$%&*!?';
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [
    ...Array.from({ length: 11 }, () => pick(letters + digits)),
    pick(digits),
    pick(symbols),
    pick(letters),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** A forgot-password link's secret (URL-safe) and the hash that is stored in its place. */
export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: resetTokenHash(token) };
}

/** SHA-256 is enough here: the token is 256 random bits, not something a person chose. */
export function resetTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
