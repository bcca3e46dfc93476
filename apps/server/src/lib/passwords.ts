/** Password hashing with argon2id. */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID } as const;

/** A hash that can be stored; each call salts anew. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Starts the stored hash of an account with no password the person knows (made by single sign-on,
 * DECISIONS.md #81), as `!` marks a locked password in /etc/shadow. The mark lives in the hash
 * rather than in a column of its own: a new `users` column would change the row type of the
 * sign-in lookup, which PostgreSQL keeps prepared, and break processes still running during a
 * rolling upgrade ("cached plan must not change result type").
 */
const NO_PASSWORD_MARK = '!';

/** The hash of an account without a password: the mark, then the hash of 32 random bytes nobody is told. */
export async function unusablePasswordHash(): Promise<string> {
  return `${NO_PASSWORD_MARK}${await hashPassword(randomBytes(32).toString('base64url'))}`;
}

/** True for an account without a password the person knows (until a reset sets one). */
export function isUnusablePasswordHash(storedHash: string): boolean {
  return storedHash.startsWith(NO_PASSWORD_MARK);
}

/**
 * True when the password matches the stored hash; false for a malformed hash, and for an account
 * without a password, after the time of a verification (no answer tells such accounts apart).
 */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (isUnusablePasswordHash(storedHash)) return (await verifyAgainstDummy(password), false);
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification when no user matches, so an unknown e-mail and a wrong
 * password cannot be told apart by how long the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
}
