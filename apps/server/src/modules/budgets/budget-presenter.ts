/**
 * The one place budgets take their wire shape (0/1 flags, dollars; packages/api-contract
 * budgets.ts): the domain computes the figures, this only writes them down.
 */
import type { Budget, BudgetMonth, BudgetsMonthResponse } from '@mindspend/api-contract';
import {
  type BudgetMonthFigures,
  type BudgetsMonthSummary,
  type Cents,
  type YearMonth,
  fromCents,
} from '@mindspend/domain';
import type { RolloverOfMonth } from './budget-rollover';
import type { BudgetWithSubcategory } from './budgets.repo';

const flag = (value: boolean | number): 0 | 1 => (value ? 1 : 0);

/** A budget with its figures for the month `ym`, its carry and its regret (docs/DECISIONS.md #55, #56). */
export function presentBudget(
  budget: BudgetWithSubcategory,
  figures: BudgetMonthFigures,
  ym: YearMonth,
  { carry, regret }: RolloverOfMonth,
): Budget {
  const dueInFull = flag(figures.dueInFull);
  return {
    id: budget.id,
    display_name: budget.display_name,
    emoji: budget.emoji,
    website: budget.website,
    subcategory: {
      id: budget.subcategory_id,
      name: budget.subcategory_name,
      transaction_category_id: budget.category_id,
      once_monthly: dueInFull,
    },
    transaction_subcategory_id: budget.subcategory_id,
    due_in_full: dueInFull,
    once_monthly: dueInFull,
    is_recurring: flag(budget.is_recurring),
    repeat_frequency: budget.repeat_frequency,
    repeat_interval: budget.repeat_interval,
    repeat_start: budget.repeat_start,
    start_date: budget.repeat_start,
    start_day: budget.start_day,
    ending: budget.ending,
    repeat_end: budget.repeat_end,
    end_date: budget.repeat_end,
    repeat_num_occurrences: budget.repeat_num_occurrences,
    recurrences: [{ repeat_start: budget.repeat_start }],
    amount: fromCents(Number(budget.amount_cents)),
    month: ym.month,
    year: ym.year,
    month_amount: fromCents(figures.amountCents),
    spent: fromCents(figures.spentCents),
    remaining: fromCents(figures.remainingCents),
    credit_amount: fromCents(figures.spentCents),
    ignore: flag(figures.ignore),
    has_been_paid: flag(figures.hasBeenPaid),
    status: figures.status,
    recurrence_date_this_month: figures.recurrenceDate,
    due_date_label: figures.dueDateLabel,
    most_recent_budget_month: figures.mostRecentMonth
      ? {
          amount: fromCents(figures.mostRecentMonth.amountCents),
          has_been_paid: flag(figures.mostRecentMonth.hasBeenPaid),
        }
      : null,
    months: figures.months.map(
      (row): BudgetMonth => ({
        month: row.month,
        year: row.year,
        amount: row.amountCents === null ? null : fromCents(row.amountCents),
        ignore: flag(row.ignore),
        has_been_paid: flag(row.hasBeenPaid),
        recurrence_date_this_month: row.recurrenceDate,
        due_date: row.recurrenceDate,
      }),
    ),
    rollover: carry.rolloverOn,
    carried: fromCents(carry.carriedCents),
    // Spelled out in the contract's key order: the answer is written as built (DECISIONS.md #61).
    carried_from: carry.from === null ? null : { month: carry.from.month, year: carry.from.year },
    available: fromCents(figures.amountCents + carry.carriedCents),
    regret_cap: regret.capCents === null ? null : fromCents(regret.capCents),
    regretted: fromCents(regret.regrettedCents),
    regret_cap_passed: regret.passed,
  };
}

/** The month's summary figures, with the income its sources are expected to pay. */
export function presentSummary(
  summary: BudgetsMonthSummary,
  expectedIncomeCents: Cents,
): BudgetsMonthResponse['summary'] {
  const { flexible, bills, combined } = summary;
  return {
    flexible: {
      planned: fromCents(flexible.plannedCents),
      spent: fromCents(flexible.spentCents),
      saved: fromCents(flexible.savedCents),
    },
    bills: {
      total: fromCents(bills.totalCents),
      paid: fromCents(bills.paidCents),
      unpaid: fromCents(bills.unpaidCents),
      paid_count: bills.paidCount,
      unpaid_count: bills.unpaidCount,
    },
    combined: {
      total_budgeted: fromCents(combined.totalBudgetedCents),
      total_budgeted_spent: fromCents(combined.totalSpentCents),
      total_unpaid_bills: fromCents(combined.totalUnpaidBillsCents),
      potential_savings: fromCents(combined.potentialSavingsCents),
    },
    total_ongoing_remaining: fromCents(summary.ongoingRemainingCents),
    total_bills_budgeted: fromCents(summary.billsBudgetedCents),
    expected_income: fromCents(expectedIncomeCents),
  };
}
