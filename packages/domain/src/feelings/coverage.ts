/**
 * Feeling coverage (issue 30, docs/DECISIONS.md #102): how much of a month's spending has a
 * feeling. Every insight rests on recorded feelings; below half, the month's feeling figures say
 * more about which purchases were felt than about how spending felt.
 */

/** Below this share of spending with a feeling, figures built on feelings rest on too little. */
export const LOW_COVERAGE_PERCENT = 50;

export interface CoverageCounts {
  /** The month's spending, in cents of the book's currency. */
  spentCents: number;
  /** Of it, spent on purchases with a feeling. */
  feltCents: number;
  expenses: number;
  felt: number;
}

/**
 * Whole percent of the spending with a feeling, rounded down so that 100 % means every purchase
 * (99.6 % is 99 %); null when nothing was spent. A refund-heavy month (spending at or below zero)
 * has nothing to cover.
 */
export function coveragePercent(counts: Pick<CoverageCounts, 'spentCents' | 'feltCents'>): number | null {
  if (counts.spentCents <= 0) return null;
  const share = Math.max(0, Math.min(counts.feltCents, counts.spentCents)) / counts.spentCents;
  return Math.floor(share * 100);
}

/** Whether feeling figures rest on too little: some spending, under half of it felt. */
export function coverageIsLow(percent: number | null): boolean {
  return percent !== null && percent < LOW_COVERAGE_PERCENT;
}
