/** Random secrets handed to users and the hashes we keep of them (DECISIONS.md #3). */
import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token: what the database stores and looks up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
