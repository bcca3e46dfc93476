/**
 * A bank consent's lifetime as the person sees it (DECISIONS.md #111): Enable Banking's access
 * lapses on a day the bank set (`valid_until`, at most 180 days); the person is asked to renew it
 * in the last week, and after it the link needs linking again.
 */

/** How many days before the consent lapses the person is asked to renew it. */
export const CONSENT_RENEW_DAYS = 7;
const DAY_MS = 86_400_000;

export type ConsentState = 'valid' | 'renew_soon' | 'lapsed';

/** Where a consent lapsing at `validUntil` (ISO date-time) stands at `now`; no expiry is always valid. */
export function consentState(validUntil: string | null, now: Date): ConsentState {
  if (!validUntil) return 'valid';
  const lapses = Date.parse(validUntil);
  if (Number.isNaN(lapses)) return 'valid';
  if (lapses <= now.getTime()) return 'lapsed';
  return lapses - now.getTime() <= CONSENT_RENEW_DAYS * DAY_MS ? 'renew_soon' : 'valid';
}
