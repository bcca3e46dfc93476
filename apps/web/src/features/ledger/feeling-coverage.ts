/**
 * How much of a month's spending has a feeling (issue 30, DECISIONS.md #102): the line under the
 * ledger's emotion breakdown. Kept under the transactions' query key, so any saved or removed
 * transaction (or feeling) asks for it again.
 */
import { useQuery } from '@tanstack/react-query';
import type { FeelingCoverage } from '@mindspend/api-contract';
import { type YearMonth, monthName } from '@mindspend/domain';
import { callApi } from '../../lib/api-routes';

export const coverageKey = (ym: YearMonth) => ['transactions', 'coverage', ym.year, ym.month] as const;

export function useFeelingCoverage(ym: YearMonth) {
  return useQuery({ queryKey: coverageKey(ym), queryFn: () => callApi('getFeelingCoverage', { query: { month: ym.month, year: ym.year } }) });
}

/** '82% of October's spending has a feeling', or null when nothing was spent. */
export function coverageSentence(coverage: Pick<FeelingCoverage, 'month' | 'percent'>): string | null {
  if (coverage.percent === null) return null;
  return `${coverage.percent}% of ${monthName(coverage.month)}'s spending has a feeling`;
}
