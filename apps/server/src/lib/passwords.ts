/** Password hashing with argon2id. */
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID } as const;

/** A hash that can be stored; each call salts anew. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when the password matches the stored hash; false for a malformed hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
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
