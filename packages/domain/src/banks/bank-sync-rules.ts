/**
 * Rules of bank syncing (DECISIONS.md #106): a provider's decimal amount to exact cents, and when
 * a link that failed to sync is tried again.
 */

/**
 * A decimal amount as a provider writes it ("-33.29", "+2500", "12.5", "0.100") to integer cents,
 * exactly: null when it is not a decimal number, or has a fraction of a cent (money is never
 * rounded in silence), or is too large to count in cents exactly.
 */
export function exactCents(decimal: string): number | null {
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** The first retry after a failed sync, in minutes; each further failure doubles it. */
export const FIRST_RETRY_MINUTES = 15;

/**
 * Minutes until a link is synced again after `failures` failed syncs in a row (0: it succeeded):
 * the interval after a success; after failures 15, 30, 60… minutes, never more than the interval.
 */
export function nextSyncDelayMinutes(failures: number, intervalMinutes: number): number {
  if (failures <= 0) return intervalMinutes;
  const backoff = FIRST_RETRY_MINUTES * 2 ** Math.min(failures - 1, 20);
  return Math.min(backoff, intervalMinutes);
}
