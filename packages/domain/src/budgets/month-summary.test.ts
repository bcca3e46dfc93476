import { describe, expect, it } from 'vitest';
import { budgetsMonthSummary } from './month-summary';
import { type BudgetFigures, billsOverview, combinedOverview, flexibleOverview } from './overview';

const none = { ignore: false, hasBeenPaid: false };
const budgets: BudgetFigures[] = [
  { ...none, dueInFull: true, amountCents: 150000, spentCents: 150000, remainingCents: 0 },
  { ...none, dueInFull: true, amountCents: 8000, spentCents: 0, remainingCents: 8000, hasBeenPaid: true },
  { ...none, dueInFull: true, amountCents: 6000, spentCents: 2000, remainingCents: 4000 },
  { ...none, dueInFull: true, amountCents: 9999, spentCents: 0, remainingCents: 9999, ignore: true },
  { ...none, dueInFull: false, amountCents: 60000, spentCents: 45000, remainingCents: 15000 },
  { ...none, dueInFull: false, amountCents: 10000, spentCents: 12000, remainingCents: -2000 },
  { ...none, dueInFull: false, amountCents: 5000, spentCents: 0, remainingCents: 5000, ignore: true },
];

describe("a budgets month's summary (spec §2.5, §9)", () => {
  const summary = budgetsMonthSummary(budgets);

  it("carries the three tabs' overview figures", () => {
    expect(summary.flexible).toEqual(flexibleOverview(budgets));
    expect(summary.bills).toEqual(billsOverview(budgets));
    expect(summary.combined).toEqual(combinedOverview(budgets));
  });

  it('ongoing remaining: what flexible budgets have left, overspending as 0, skipped ones left out', () => {
    expect(summary.ongoingRemainingCents).toBe(15000);
  });

  it('bills budgeted: what unpaid bills still need; paid and skipped bills need nothing', () => {
    expect(summary.billsBudgetedCents).toBe(4000);
  });

  it('is all zeros for a month without budgets', () => {
    expect(budgetsMonthSummary([])).toMatchObject({ ongoingRemainingCents: 0, billsBudgetedCents: 0 });
  });
});
