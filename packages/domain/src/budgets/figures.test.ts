import { describe, expect, it } from 'vitest';
import { billDueDateLabel, ordinal } from './due-date';
import { monthProgress, monthProgressLabel } from './month-progress';
import { type BudgetFigures, billsOverview, combinedOverview, flexibleOverview, listedInSummary } from './overview';
import { detailBarSegments, rowBarSegments } from './progress';
import { validateRecurrence } from './validation';
import { DEFAULT_CATEGORIES } from '../ledger/default-categories';
import { DEFAULT_BUDGET_SUGGESTIONS, suggestedAmount } from './suggestions';

describe('row progress bar (spec §9)', () => {
  it('is all green up to 70 %', () => {
    expect(rowBarSegments(0, 10000)).toEqual({ green: 0, yellow: 0, red: 0 });
    expect(rowBarSegments(7000, 10000)).toEqual({ green: 70, yellow: 0, red: 0 });
  });

  it('adds yellow from 70 to 90 % and red above 90 %, at most 20 and 10 points', () => {
    expect(rowBarSegments(8000, 10000)).toEqual({ green: 70, yellow: 10, red: 0 });
    expect(rowBarSegments(9000, 10000)).toEqual({ green: 70, yellow: 20, red: 0 });
    expect(rowBarSegments(9500, 10000)).toEqual({ green: 70, yellow: 20, red: 5 });
    expect(rowBarSegments(10000, 10000)).toEqual({ green: 70, yellow: 20, red: 10 });
    expect(rowBarSegments(25000, 10000)).toEqual({ green: 70, yellow: 20, red: 10 });
  });

  it('rounds the percent and uses absolute values', () => {
    expect(rowBarSegments(-7049, 10000)).toEqual({ green: 70, yellow: 0, red: 0 });
    expect(rowBarSegments(7051, -10000)).toEqual({ green: 70, yellow: 1, red: 0 });
  });

  it('shows a bill whose spending covers it as a completed bar', () => {
    const full = rowBarSegments(10000, 10000, true);
    expect(full.green + full.yellow + full.red).toBe(100);
  });
});

describe('detail modal progress bar (spec §9)', () => {
  it('fills green to 100 %, then yellow to 150 %, then red to 200 %', () => {
    expect(detailBarSegments(5000, 10000)).toEqual({ green: 50, yellow: 0, red: 0 });
    expect(detailBarSegments(10000, 10000)).toEqual({ green: 100, yellow: 0, red: 0 });
    expect(detailBarSegments(15000, 10000)).toEqual({ green: 100, yellow: 50, red: 0 });
    expect(detailBarSegments(17500, 10000)).toEqual({ green: 100, yellow: 50, red: 25 });
    expect(detailBarSegments(40000, 10000)).toEqual({ green: 100, yellow: 50, red: 50 });
  });
});

describe('bill due date shown (spec §4)', () => {
  const november = { year: 2026, month: 11 };

  it('uses the recurrence date, then due_date, then the first start, then the 1st', () => {
    expect(billDueDateLabel({ recurrenceDateThisMonth: '2026-11-15', dueDate: '2026-01-03' }, november)).toBe('Nov 15th');
    expect(billDueDateLabel({ dueDate: '2026-01-03', firstRecurrenceStart: '2026-01-22' }, november)).toBe('Nov 3rd');
    expect(billDueDateLabel({ firstRecurrenceStart: '2025-04-22' }, november)).toBe('Nov 22nd');
    expect(billDueDateLabel({}, november)).toBe('Nov 1st');
  });

  it('moves the day into the selected month and shows N/A for invalid dates', () => {
    expect(billDueDateLabel({ dueDate: '2026-01-31' }, { year: 2026, month: 2 })).toBe('Feb 28th');
    expect(billDueDateLabel({ dueDate: 'soon' }, november)).toBe('N/A');
  });

  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st',
    ]);
  });
});

describe('Day X of N days this month', () => {
  const today = { year: 2026, month: 11, day: 22 };

  it('counts today in the current month, all days of past months and none of future ones', () => {
    expect(monthProgressLabel(monthProgress({ year: 2026, month: 11 }, today))).toBe('Day 22 of 30 days this month');
    expect(monthProgress({ year: 2026, month: 10 }, today)).toEqual({ day: 31, days: 31, percent: 100 });
    expect(monthProgress({ year: 2027, month: 2 }, today)).toEqual({ day: 0, days: 28, percent: 0 });
  });
});

describe('overview figures', () => {
  const budgets: BudgetFigures[] = [
    { dueInFull: true, amountCents: 150000, spentCents: 150000, remainingCents: 0, ignore: false, hasBeenPaid: false },
    { dueInFull: true, amountCents: 8000, spentCents: 0, remainingCents: 8000, ignore: false, hasBeenPaid: true },
    { dueInFull: true, amountCents: 6000, spentCents: 2000, remainingCents: 4000, ignore: false, hasBeenPaid: false },
    { dueInFull: true, amountCents: 9999, spentCents: 0, remainingCents: 9999, ignore: true, hasBeenPaid: false },
    { dueInFull: false, amountCents: 60000, spentCents: 45000, remainingCents: 15000, ignore: false, hasBeenPaid: false },
    { dueInFull: false, amountCents: 10000, spentCents: 12000, remainingCents: -2000, ignore: false, hasBeenPaid: false },
  ];

  it('Flexible: Planned, Spent, Saved', () => {
    expect(flexibleOverview(budgets)).toEqual({ plannedCents: 70000, spentCents: 57000, savedCents: 15000 });
  });

  it('Bills: Total, Paid, Unpaid, leaving skipped bills out', () => {
    expect(billsOverview(budgets)).toEqual({ totalCents: 164000, paidCents: 158000, unpaidCents: 4000, paidCount: 2, unpaidCount: 1 });
  });

  it('Combined: Potential Savings = budgeted − spent − unpaid bills', () => {
    expect(combinedOverview(budgets)).toEqual({
      totalBudgetedCents: 234000,
      totalSpentCents: 209000,
      totalUnpaidBillsCents: 4000,
      potentialSavingsCents: 21000,
    });
  });

  it('lists a budget in the summaries only when it planned or spent something', () => {
    const idle = { dueInFull: false, amountCents: 0, spentCents: 0, remainingCents: 0, ignore: false, hasBeenPaid: false };
    expect(listedInSummary(idle)).toBe(false);
    expect(listedInSummary({ ...idle, spentCents: 1 })).toBe(true);
  });
});

describe('recurrence validation', () => {
  const valid = { repeat_start: '2026-11-01', is_recurring: true, repeat_frequency: 'month', repeat_interval: 1, ending: 'never' };

  it('accepts a monthly budget', () => {
    expect(validateRecurrence(valid)).toEqual({});
  });

  it('refuses interval 0, an unknown unit, day 32 and impossible starts', () => {
    expect(Object.keys(validateRecurrence({ ...valid, repeat_interval: 0 }))).toEqual(['repeat_interval']);
    expect(Object.keys(validateRecurrence({ ...valid, repeat_frequency: 'week' }))).toEqual(['repeat_frequency']);
    expect(Object.keys(validateRecurrence({ ...valid, start_day: 32 }))).toEqual(['start_day']);
    expect(Object.keys(validateRecurrence({ ...valid, repeat_start: '2026-02-30' }))).toEqual(['repeat_start']);
  });

  it('refuses occurrences and an end date together, and endings without their value', () => {
    expect(validateRecurrence({ ...valid, ending: 'end_after', repeat_num_occurrences: 3, repeat_end: '2027-01-01' }).ending).toBeDefined();
    expect(Object.keys(validateRecurrence({ ...valid, ending: 'end_after' }))).toEqual(['repeat_num_occurrences']);
    expect(Object.keys(validateRecurrence({ ...valid, ending: 'end_by', repeat_end: '2026-10-01' }))).toEqual(['repeat_end']);
  });
});

describe('budget suggestions (DECISIONS.md #16)', () => {
  it('averages the months with spending, rounded up to whole dollars', () => {
    expect(suggestedAmount([12050, 0, 13000], 60000)).toEqual({ amountCents: 12600, fromHistory: true });
    expect(suggestedAmount([0, 0, 0], 60000)).toEqual({ amountCents: 60000, fromHistory: false });
    expect(suggestedAmount([], 2500)).toEqual({ amountCents: 2500, fromHistory: false });
  });

  it('suggests only sub-categories that exist in the default tree', () => {
    const names = new Set(DEFAULT_CATEGORIES.flatMap((category) => category.subcategories.map((sub) => sub.name)));
    for (const suggestion of DEFAULT_BUDGET_SUGGESTIONS) expect(names.has(suggestion.subcategory), suggestion.subcategory).toBe(true);
  });
});
