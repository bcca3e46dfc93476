/**
 * The ledger summary figures that exist "only if budgets exist" (spec §2.3, §9): Available to
 * Spend on checking, Total Budgeted (and Difference against it) on savings, Balance on a card.
 */
import type { Account, AccountMonth, BudgetsMonthResponse } from '@mindspend/api-contract';
import { availableToSpend, savingsDifference, toCents } from '@mindspend/domain';
import { isBookCurrency } from '../../lib/money';
import type { SummaryFigure } from '../../shared/ledger-shell/summary-figure';

const SAVINGS = 'Savings';
const CREDIT_CARD = 'Credit card';

/** The panel's figures with the budget ones added; unchanged when the month has no budgets. */
export function withBudgetFigures(
  figures: SummaryFigure[],
  account: Account,
  month: AccountMonth['month_summary'] | null,
  budgets: BudgetsMonthResponse | null,
): SummaryFigure[] {
  if (!budgets || budgets.budgets.length === 0) return figures;
  // Budgets count the book's base currency; an account in another one cannot be set against them
  // without a rate for every day (DECISIONS.md #90), so its panel keeps its own figures.
  if (!isBookCurrency(account.currency)) return figures;
  const { summary } = budgets;
  if (account.type.name === SAVINGS) {
    const budgetedCents = toCents(summary.combined.total_budgeted);
    const spent = month ? toCents(month.expenses) : null;
    const difference = spent === null ? null : savingsDifference(budgetedCents, spent);
    return [
      { label: 'Total Budgeted', cents: budgetedCents },
      ...figures.map((figure) =>
        figure.label === 'Difference'
          ? { ...figure, cents: difference?.differenceCents ?? null, ok: difference?.ok }
          : figure,
      ),
    ];
  }
  if (account.type.name === CREDIT_CARD) {
    // What the card owes at the month's end, as reports count it (DECISIONS.md #53).
    const owed = month?.owed == null ? null : toCents(month.owed);
    return [{ label: 'Balance', cents: owed, hint: 'owed at the end of the month' }, ...figures];
  }
  const available = month ? toCents(month.ending_balance) : null;
  const toSpend =
    available === null
      ? null
      : availableToSpend(
          available,
          toCents(summary.total_ongoing_remaining),
          toCents(summary.total_bills_budgeted),
        );
  return [{ label: 'Available to Spend', cents: toSpend, hint: 'after this month’s budgets' }, ...figures];
}
