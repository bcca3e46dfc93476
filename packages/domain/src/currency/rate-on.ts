/**
 * Which rate holds on a day (DECISIONS.md #87): a day's own rate when it has one, else the latest
 * earlier day's, and on any one day a person's manual rate over the one derived from the ECB.
 */

/** Where a rate came from: the ECB's reference figures, or a member of the book. */
export type RateSource = 'ecb' | 'manual';

/** A rate (base units per unit of the currency, as decimal text) and the day it belongs to. */
export interface DatedRate {
  /** `YYYY-MM-DD`. */
  date: string;
  rate: string;
  source: RateSource;
}

/** One day's rate as a list shows it: the one that holds, and the ECB's when a manual one overrides it. */
export interface DayRate extends DatedRate {
  ecbRate: string | null;
}

/** Manual beats ECB on the same day. */
const rank = (source: RateSource): number => (source === 'manual' ? 1 : 0);

/**
 * The rate that holds on `day` among `candidates` (of any days): the latest day on or before it
 * that has a rate, a manual one winning there; null when no candidate is on or before the day.
 * ISO dates compare as text.
 */
export function latestRateOn(candidates: readonly DatedRate[], day: string): DatedRate | null {
  let best: DatedRate | null = null;
  for (const candidate of candidates) {
    if (candidate.date > day) continue;
    if (!best || candidate.date > best.date || (candidate.date === best.date && rank(candidate.source) > rank(best.source))) {
      best = candidate;
    }
  }
  return best;
}

/**
 * Each day's rate from the ECB's and the manual rates of one currency: the manual one where a day
 * has both (keeping the ECB's beside it), newest day first.
 */
export function ratesByDay(ecb: ReadonlyMap<string, string>, manual: ReadonlyMap<string, string>): DayRate[] {
  const days = [...new Set([...ecb.keys(), ...manual.keys()])].sort().reverse();
  return days.flatMap((date): DayRate[] => {
    const own = manual.get(date);
    const derived = ecb.get(date);
    if (own !== undefined) return [{ date, rate: own, source: 'manual', ecbRate: derived ?? null }];
    return derived === undefined ? [] : [{ date, rate: derived, source: 'ecb', ecbRate: derived }];
  });
}
