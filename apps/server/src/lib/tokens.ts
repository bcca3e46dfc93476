/** Random secrets handed to users and the hashes we keep of them (DECISIONS.md #3). */
import { hash, randomBytes } from 'node:crypto';

/**
 * Personal access tokens start with this, so the sign-in lookup knows without a query which table
 * a bearer token belongs to (DECISIONS.md #39).
 */
export const PERSONAL_TOKEN_PREFIX = 'msp_';

/**
 * A 256-bit random token, URL-safe. It never starts with the personal tokens' prefix (about one
 * draw in 2^24 would), so a sign-in token is never looked up as a personal one.
 */
export function newToken(): string {
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    if (!isPersonalToken(token)) return token;
  }
}

/** A new personal access token: the prefix and 256 random bits. */
export function newPersonalToken(): string {
  return `${PERSONAL_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function isPersonalToken(token: string): boolean {
  return token.startsWith(PERSONAL_TOKEN_PREFIX);
}

/** SHA-256 hex of a token: what the database stores and looks up. */
export function hashToken(token: string): string {
  // The one-shot hash: it runs on every signed-in request, and takes less than half the time of
  // a Hash object's create, update and digest.
  return hash('sha256', token, 'hex');
}
