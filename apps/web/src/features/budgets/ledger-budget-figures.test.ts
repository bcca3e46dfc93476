import { describe, expect, it } from 'vitest';
import type { Account, BudgetsMonthResponse } from '@mindspend/api-contract';
import type { SummaryFigure } from '../../shared/ledger-shell/summary-figure';
import { withBudgetFigures } from './ledger-budget-figures';

const account = (type: string): Account =>
  ({
    id: 1,
    name: type,
    account_type_id: 1,
    type: { id: 1, name: type },
    subtype: null,
    most_recent_balance: { current_balance: 1200, available_balance: 1200, limit: null, date: '2026-11-01' },
    balance: [],
    created_at_js: '2026-11-01T00:00:00Z',
  }) as unknown as Account;

const month = { income: 0, expenses: 300, transaction_count: 3, ending_balance: 900, owed: null, available_credit: null };
const budgets = (count: number): BudgetsMonthResponse =>
  ({
    budgets: Array.from({ length: count }, () => ({})),
    summary: {
      flexible: { planned: 0, spent: 0, saved: 0 },
      bills: { total: 0, paid: 0, unpaid: 0, paid_count: 0, unpaid_count: 0 },
      combined: { total_budgeted: 500, total_budgeted_spent: 0, total_unpaid_bills: 0, potential_savings: 0 },
      total_ongoing_remaining: 250,
      total_bills_budgeted: 400,
      expected_income: 0,
    },
  }) as unknown as BudgetsMonthResponse;

const base: SummaryFigure[] = [{ label: 'Difference', cents: -30000, ok: false }];

describe('ledger figures that need budgets (spec §2.3, §9)', () => {
  it('adds nothing while the month has no budgets', () => {
    expect(withBudgetFigures(base, account('Checking'), month, budgets(0))).toBe(base);
    expect(withBudgetFigures(base, account('Checking'), month, null)).toBe(base);
  });

  it('checking: Available to Spend = available − (ongoing remaining + bills), floored at 0', () => {
    expect(withBudgetFigures([], account('Checking'), month, budgets(2))[0]).toMatchObject({
      label: 'Available to Spend',
      cents: 25000,
    });
    const poor = { ...month, ending_balance: 100 };
    expect(withBudgetFigures([], account('Checking'), poor, budgets(2))[0]).toMatchObject({ cents: 0 });
  });

  it('savings: Total Budgeted, and Difference against it', () => {
    const figures = withBudgetFigures(base, account('Savings'), month, budgets(1));
    expect(figures).toEqual([
      { label: 'Total Budgeted', cents: 50000 },
      { label: 'Difference', cents: 20000, ok: true },
    ]);
  });

  it('adds nothing to an account in another currency than the book’s, which budgets do not count in (DECISIONS.md #90)', () => {
    const inEuros = { ...account('Checking'), currency: 'EUR' } as Account;
    expect(withBudgetFigures(base, inEuros, month, budgets(2))).toBe(base);
  });

  it('credit card: Balance first, what the card owes at the month’s end rather than at its last reading', () => {
    const card = { ...month, owed: 1500, available_credit: 2500 };
    expect(withBudgetFigures([], account('Credit card'), card, budgets(1))).toEqual([
      { label: 'Balance', cents: 150000, hint: 'owed at the end of the month' },
    ]);
  });
});
