/** Feeling coverage (issue 30; docs/DECISIONS.md #102): how much of a month's spending has the member's feeling. */
import type { FeelingCoverage, FeelingCoverageQuery } from '@mindspend/api-contract';
import { coverageIsLow, coveragePercent, daysInMonth, fromCents, isoDate } from '@mindspend/domain';
import type { RequestBook } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import type { AppDeps } from '../../deps';
import { coverageCounts } from './coverage.repo';

export async function feelingCoverage(deps: AppDeps, scope: RequestBook, query: FeelingCoverageQuery): Promise<FeelingCoverage> {
  const { month, year } = query;
  const range = { from: isoDate({ year, month, day: 1 }), to: isoDate({ year, month, day: daysInMonth(year, month) }) };
  const counts = await coverageCounts(deps.db, await feelingsOf(deps.db, scope), range);
  const percent = coveragePercent(counts);
  return {
    month,
    year,
    spent: fromCents(counts.spentCents),
    felt_spent: fromCents(counts.feltCents),
    expenses: counts.expenses,
    felt: counts.felt,
    percent,
    low: coverageIsLow(percent),
  };
}
