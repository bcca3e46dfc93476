import type { YearMonth } from '@mindspend/domain';

/**
 * The month of a route's `month` and `year` params, or null when they are not a real month. Its own
 * file (not BudgetsPage.tsx) so the budget modals do not import the page: the page stays a lazily
 * loaded module of its own in the build (DECISIONS.md #110).
 */
export function monthOfParams(month: string | undefined, year: string | undefined): YearMonth | null {
  const m = Number(month);
  const y = Number(year);
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12 || y < 1900 || y > 9999) return null;
  return { year: y, month: m };
}
