/**
 * When a webhook delivery is tried again (DECISIONS.md #94): soon at first, since most failures are
 * a receiver restarting, then further apart, for one day in all, as Stripe and GitHub do. A
 * delivery that has not been answered with 2xx a day after the event gives up.
 */

/** How long after the event each try happens: the first at once, the last a day later. */
export const WEBHOOK_ATTEMPT_OFFSETS_MS: readonly number[] = [
  0,
  60_000, // 1 minute
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
];

/** How long deliveries are tried in all. */
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * 3_600_000;

/**
 * When the try after `attemptsMade` tries is due, for an event at `createdAt` (ISO-8601 UTC), or
 * null when those were all the tries there are: the delivery has failed. Never earlier than `now`.
 */
export function nextWebhookAttempt(createdAt: string, attemptsMade: number, now: string): string | null {
  const offset = WEBHOOK_ATTEMPT_OFFSETS_MS[attemptsMade];
  if (offset === undefined) return null;
  const due = Date.parse(createdAt) + offset;
  return new Date(Math.max(due, Date.parse(now))).toISOString();
}
