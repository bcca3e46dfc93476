/**
 * Everything a budgets month sums over its budgets: the three tabs' overview figures (spec §2.5)
 * and the two the ledger subtracts for Available to Spend (spec §3 'Other data', §9).
 */
import type { Cents } from '../money';
import { type BudgetFigures, billsOverview, combinedOverview, flexibleOverview } from './overview';

export interface BudgetsMonthSummary {
  flexible: ReturnType<typeof flexibleOverview>;
  bills: ReturnType<typeof billsOverview>;
  combined: ReturnType<typeof combinedOverview>;
  /** total_ongoing_remaining: what flexible budgets not skipped have left, overspending as 0. */
  ongoingRemainingCents: Cents;
  /**
   * total_bills_budgeted: what unpaid bills still need. A paid bill's money has already left the
   * balance, so counting it again would understate Available to Spend (spec §9).
   */
  billsBudgetedCents: Cents;
}

export function budgetsMonthSummary(budgets: readonly BudgetFigures[]): BudgetsMonthSummary {
  const flexible = flexibleOverview(budgets);
  const bills = billsOverview(budgets);
  return {
    flexible,
    bills,
    combined: combinedOverview(budgets),
    // The same sums as the Flexible tab's Saved and the Bills tab's Unpaid: one rule each, so the
    // ledger's Available to Spend and the budgets page can never disagree.
    ongoingRemainingCents: flexible.savedCents,
    billsBudgetedCents: bills.unpaidCents,
  };
}
