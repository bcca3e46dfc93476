import { describe, expect, it } from 'vitest';
import type { Budget, BudgetsMonthResponse } from '@mindspend/api-contract';
import { billRowCents, budgetOfSubcategory, budgetsOfTab, emptyText, summaryList } from './budget-view';
import { clampMonth, overrideFlags, overrideOf } from './bill-override';
import { canSaveAmount } from './suggestion-body';
import { canSaveDraft, draftFor, unbudgetedBody } from './unbudgeted-step';

let nextId = 1;
function budget(patch: Partial<Budget>): Budget {
  const id = nextId++;
  return {
    id,
    display_name: `Budget ${id}`,
    emoji: '💡',
    website: null,
    subcategory: { id, name: 'Sub', transaction_category_id: 1, once_monthly: 1 },
    transaction_subcategory_id: id,
    due_in_full: 0,
    once_monthly: 1,
    is_recurring: 1,
    repeat_frequency: 'month',
    repeat_interval: 1,
    repeat_start: '2026-11-01',
    start_date: '2026-11-01',
    start_day: 15,
    ending: 'never',
    repeat_end: null,
    end_date: null,
    repeat_num_occurrences: null,
    recurrences: [{ repeat_start: '2026-11-01' }],
    amount: 100,
    month: 11,
    year: 2026,
    month_amount: 100,
    spent: 0,
    remaining: 100,
    credit_amount: 0,
    ignore: 0,
    has_been_paid: 0,
    status: 'PENDING',
    recurrence_date_this_month: '2026-11-15',
    due_date_label: 'Nov 15th',
    most_recent_budget_month: null,
    months: [],
    rollover: false,
    carried: 0,
    carried_from: null,
    available: 100,
    regret_cap: null,
    regretted: 0,
    regret_cap_passed: false,
    ...patch,
  };
}

const emptySummary = {
  flexible: { planned: 0, spent: 0, saved: 0 },
  bills: { total: 0, paid: 0, unpaid: 0, paid_count: 0, unpaid_count: 0 },
  combined: { total_budgeted: 0, total_budgeted_spent: 0, total_unpaid_bills: 0, potential_savings: 0 },
  total_ongoing_remaining: 0,
  total_bills_budgeted: 0,
  expected_income: 0,
};

describe('budgets page lists (spec §2.5)', () => {
  const paidByTransaction = budget({ due_in_full: 1, month_amount: 65, spent: 65, remaining: 0 });
  const markedPaid = budget({ due_in_full: 1, month_amount: 95, has_been_paid: 1 });
  const unpaid = budget({ due_in_full: 1, month_amount: 70, spent: 20, remaining: 50 });
  const skipped = budget({ due_in_full: 1, month_amount: 1400, ignore: 1 });
  const flexible = budget({ month_amount: 200, spent: 42.5, remaining: 157.5 });
  const idle = budget({ month_amount: 0, spent: 0, remaining: 0 });
  // The summary the server sends for these six budgets: the modals show its totals and counts.
  const month: BudgetsMonthResponse = {
    budgets: [paidByTransaction, markedPaid, unpaid, skipped, flexible, idle],
    summary: {
      flexible: { planned: 200, spent: 42.5, saved: 157.5 },
      bills: { total: 230, paid: 160, unpaid: 50, paid_count: 2, unpaid_count: 1 },
      combined: { total_budgeted: 430, total_budgeted_spent: 127.5, total_unpaid_bills: 50, potential_savings: 252.5 },
      total_ongoing_remaining: 157.5,
      total_bills_budgeted: 50,
      expected_income: 0,
    },
  };

  it('splits the tabs by due_in_full', () => {
    expect(budgetsOfTab(month.budgets, 'bills')).toHaveLength(4);
    expect(budgetsOfTab(month.budgets, 'flexible')).toHaveLength(2);
    expect(budgetsOfTab(month.budgets, 'combined')).toHaveLength(6);
  });

  it('words the empty state with the tab names', () => {
    expect(emptyText('bills', 'November 2026')).toBe(
      'You have no bills for November 2026. Create a new bill using the button above.',
    );
    expect(emptyText('combined', 'May 2027')).toBe(
      'You have no budgets for May 2027. Create a new budget using the button above.',
    );
  });

  it('unpaid bills: what each still needs, skipped ones left out', () => {
    const list = summaryList('unpaid-bills', month);
    expect(list.budgets.map((b) => b.id)).toEqual([unpaid.id]);
    expect(list.totalCents).toBe(5000);
    expect(list.empty).toBe('All bills are paid for this month! 🎉');
  });

  it('paid bills: marked paid or covered by spending', () => {
    const list = summaryList('paid-bills', month);
    expect(list.budgets.map((b) => b.id)).toEqual([paidByTransaction.id, markedPaid.id]);
    expect(list.totalCents).toBe(16000);
  });

  it('flexible and total lists only show budgets that planned or spent something', () => {
    expect(summaryList('flexible-expenses', month).budgets.map((b) => b.id)).toEqual([flexible.id]);
    expect(summaryList('flexible-expenses', month).totalCents).toBe(4250);
    const total = summaryList('total-budgeted-spent', month);
    expect(total.budgets.map((b) => b.id)).toEqual([
      paidByTransaction.id,
      markedPaid.id,
      unpaid.id,
      flexible.id,
    ]);
    expect(total.totalCents).toBe(6500 + 2000 + 4250);
  });

  it("counts each list, bills by the summary's counts", () => {
    expect(summaryList('unpaid-bills', month).count).toBe(1);
    expect(summaryList('paid-bills', month).count).toBe(2);
    expect(summaryList('flexible-expenses', month).count).toBe(1);
    expect(summaryList('total-budgeted-spent', month).count).toBe(4);
  });

  it('shows on a bill row what an unpaid bill still needs, and a paid bill its amount', () => {
    expect(billRowCents('unpaid-bills', unpaid)).toBe(5000);
    expect(billRowCents('paid-bills', paidByTransaction)).toBe(6500);
    expect(billRowCents('paid-bills', markedPaid)).toBe(9500);
  });

  it('says each empty list in the spec words', () => {
    const none: BudgetsMonthResponse = { budgets: [], summary: emptySummary };
    expect(summaryList('paid-bills', none).empty).toBe('No bills have been paid for this month yet.');
    expect(summaryList('flexible-expenses', none).empty).toBe('No flexible expenses for this month.');
    expect(summaryList('total-budgeted-spent', none).empty).toBe('No expenses for this month.');
  });
});

describe('bill override and edit month (spec §4, §2.5)', () => {
  it('maps the three choices to exclusive flags and back', () => {
    expect(overrideFlags('default')).toEqual({ has_been_paid: 0, ignore: 0 });
    expect(overrideFlags('paid')).toEqual({ has_been_paid: 1, ignore: 0 });
    expect(overrideFlags('skip')).toEqual({ has_been_paid: 0, ignore: 1 });
    expect(overrideOf({ has_been_paid: 1, ignore: 0 })).toBe('paid');
    expect(overrideOf({ has_been_paid: 0, ignore: 1 })).toBe('skip');
    expect(overrideOf({ has_been_paid: 0, ignore: 0 })).toBe('default');
  });

  it('clamps the month to 1–12', () => {
    expect(clampMonth(0)).toBe(1);
    expect(clampMonth(13)).toBe(12);
    expect(clampMonth(7)).toBe(7);
    expect(clampMonth(Number.NaN)).toBe(1);
  });
});

describe('wizard and unbudgeted flow amounts (spec §4, §5)', () => {
  it('suggestion Save is disabled at 0 and $0.00', () => {
    expect(canSaveAmount('0')).toBe(false);
    expect(canSaveAmount('$0.00')).toBe(false);
    expect(canSaveAmount('')).toBe(false);
    expect(canSaveAmount('0.01')).toBe(true);
  });

  it('prefills flexible, day 15, the name and the month spending; needs an amount above 0', () => {
    const sub = {
      id: 4,
      name: 'Groceries',
      emoji: '🛒',
      transaction_category_id: 2,
      spent: 87.3,
      transaction_count: 3,
    };
    const draft = draftFor(sub);
    expect(draft).toEqual({ dueInFull: 0, dueDay: '15', title: 'Groceries', amount: '87.30' });
    expect(canSaveDraft({ ...draft, amount: '' })).toBe(false);
    expect(canSaveDraft({ ...draft, amount: '0' })).toBe(false);
    expect(unbudgetedBody(sub, draft, { year: 2026, month: 11 })).toMatchObject({
      repeat_frequency: 'month',
      repeat_interval: 1,
      ending: 'never',
      start_day: null,
      amount: 87.3,
    });
    expect(unbudgetedBody(sub, { ...draft, dueInFull: 1 }, { year: 2026, month: 11 }).start_day).toBe(15);
  });
});

describe('budgetOfSubcategory: where a transaction\'s sub-category links in its details', () => {
  it('finds the budget of that sub-category, or none', () => {
    const groceries = budget({ transaction_subcategory_id: 501 });
    const rent = budget({ transaction_subcategory_id: 502 });
    expect(budgetOfSubcategory([groceries, rent], 502)).toBe(rent);
    expect(budgetOfSubcategory([groceries, rent], 999)).toBeNull();
  });
});
