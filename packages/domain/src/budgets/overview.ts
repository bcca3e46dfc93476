/**
 * The overview figures of the budgets page's tabs (spec §2.5). Skipped budgets plan nothing for
 * the month, so they count in no figure.
 */
import type { Cents } from '../money';
import { isBillPaid, isBillUnpaid } from './status';

export interface BudgetFigures {
  dueInFull: boolean;
  amountCents: Cents;
  spentCents: Cents;
  remainingCents: Cents;
  ignore: boolean;
  hasBeenPaid: boolean;
}

const active = (budgets: readonly BudgetFigures[]) => budgets.filter((budget) => !budget.ignore);
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Flexible tab: Planned, Spent, Saved (what is left unspent of each flexible budget). */
export function flexibleOverview(budgets: readonly BudgetFigures[]) {
  const flexible = active(budgets).filter((budget) => !budget.dueInFull);
  return {
    plannedCents: sum(flexible.map((budget) => budget.amountCents)),
    spentCents: sum(flexible.map((budget) => budget.spentCents)),
    savedCents: sum(flexible.map((budget) => Math.max(0, budget.remainingCents))),
  };
}

/** What an unpaid bill still needs this month. */
export function unpaidBillCents(budget: BudgetFigures): Cents {
  return isBillUnpaid(budget) ? Math.max(0, budget.amountCents - budget.spentCents) : 0;
}

/** Bills tab: Total, Paid (amounts of paid bills), Unpaid (what unpaid bills still need). */
export function billsOverview(budgets: readonly BudgetFigures[]) {
  const bills = active(budgets).filter((budget) => budget.dueInFull);
  return {
    totalCents: sum(bills.map((bill) => bill.amountCents)),
    paidCents: sum(bills.filter((bill) => isBillPaid(bill)).map((bill) => bill.amountCents)),
    unpaidCents: sum(bills.map(unpaidBillCents)),
    paidCount: bills.filter((bill) => isBillPaid(bill)).length,
    unpaidCount: bills.filter((bill) => isBillUnpaid(bill)).length,
  };
}

/** Combined tab; Potential Savings = combined budgeted − spent − unpaid bills. */
export function combinedOverview(budgets: readonly BudgetFigures[]) {
  const counted = active(budgets);
  const totalBudgetedCents = sum(counted.map((budget) => budget.amountCents));
  const totalSpentCents = sum(counted.map((budget) => budget.spentCents));
  const totalUnpaidBillsCents = sum(counted.filter((budget) => budget.dueInFull).map(unpaidBillCents));
  return {
    totalBudgetedCents,
    totalSpentCents,
    totalUnpaidBillsCents,
    potentialSavingsCents: totalBudgetedCents - totalSpentCents - totalUnpaidBillsCents,
  };
}

/** Flexible and total summary lists show a budget only when it planned or spent something. */
export function listedInSummary(budget: BudgetFigures): boolean {
  return budget.spentCents > 0 || budget.amountCents > 0;
}
