/**
 * Per-account limits on guessing a secret (DECISIONS.md #28, #75). The routes' own limits count
 * per client address, which a guesser with many addresses multiplies; these count per account in
 * `rate_limit_hits`, so every server process sharing the database sees the same count. Sign-in's
 * second factor and every route that asks for the current password use them, with the same
 * numbers: 10 tries per account in 15 minutes, then 429 until the window ends.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { HttpError } from '../lib/http-errors';
import { countHit, refundHit } from './rate-limit-hits.repo';

export const ACCOUNT_TRIES_PER_WINDOW = 10;
export const ACCOUNT_TRY_WINDOW_MS = 15 * 60_000;

/** What is guessed: each secret has its own count, so one kind of guessing cannot lock the other. */
export type GuessedSecret = 'two-factor' | 'current-password';

const TOO_MANY: Record<GuessedSecret, string> = {
  'two-factor': 'Too many codes tried.',
  'current-password': 'Too many wrong passwords.',
};

/** A counted try; `refund` takes it back when it turned out right. */
export interface CountedTry {
  refund(): Promise<void>;
}

/**
 * Counts one try of `secret` for the user, before the secret is checked, so racing requests are
 * all counted; throws 429 once the account has used its tries in this window, whatever is tried.
 */
export async function countAccountTry(
  deps: { db: Kysely<Database>; clock: Clock },
  secret: GuessedSecret,
  userId: number,
): Promise<CountedTry> {
  const key = `${secret}:${userId}`;
  const now = deps.clock.now().getTime();
  const tries = await countHit(deps.db, key, now, ACCOUNT_TRY_WINDOW_MS);
  if (tries.count > ACCOUNT_TRIES_PER_WINDOW) {
    const minutes = Math.max(1, Math.ceil((tries.expiresAt - now) / 60_000));
    throw new HttpError(429, `${TOO_MANY[secret]} Please try again in ${minutes} minutes.`);
  }
  return { refund: () => refundHit(deps.db, key, tries.expiresAt) };
}
