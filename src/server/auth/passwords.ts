import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordCost } from '../config';

/**
 * Password hashing with scrypt, a memory-hard function in node itself. The stored string carries
 * its own parameters and salt (`scrypt$N$r$p$salt$hash`, base64url), so the cost can be raised
 * later without invalidating existing hashes. New hashes cost `config.passwordCost` (always
 * PASSWORD_COST in a store; only a test's configuration makes it cheaper).
 */
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// scrypt needs 128 * N * r bytes; node's default ceiling (32 MiB) is exactly that, so allow more.
const MAX_MEMORY = 128 * 1024 * 1024;
// A stored hash is ours, but never let a corrupted row ask for unbounded work.
const MAX_N = 2 ** 20;

function derive(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEMORY });
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const N = Number(n);
  const cost = { N, r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every(Number.isSafeInteger) || N > MAX_N || N < 2) return false;
  const expected = Buffer.from(keyText, 'base64url');
  if (expected.length < 16 || expected.length > 64) return false;
  const salt = Buffer.from(saltText, 'base64url');
  const key = await derive(password, salt, expected.length, { ...cost, maxmem: MAX_MEMORY });
  return timingSafeEqual(key, expected);
}

/** One dummy hash per cost (a store has one; a test process may build apps with two). */
const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same work as checking a real password, for logins naming no account (or one
 * without a password), so response time does not tell whether an email is registered.
 */
export async function verifyAgainstDummy(password: string, cost: PasswordCost): Promise<false> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}
