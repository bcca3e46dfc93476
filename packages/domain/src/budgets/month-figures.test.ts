import { describe, expect, it } from 'vitest';
import type { BudgetMonthRow } from './amounts';
import { type BudgetMonthInput, budgetMonthFigures } from './month-figures';
import { type Recurrence, monthlyRecurrence } from './recurrence';

const today = { year: 2026, month: 11, day: 10 };
const november = { year: 2026, month: 11 };
const row = (year: number, month: number, patch: Partial<BudgetMonthRow> = {}): BudgetMonthRow => ({
  year,
  month,
  amountCents: null,
  ignore: false,
  hasBeenPaid: false,
  ...patch,
});
const flexible: BudgetMonthInput = {
  amountCents: 20000,
  dueInFull: false,
  recurrence: monthlyRecurrence('2026-01-15'),
  months: [],
};
const bill: BudgetMonthInput = { ...flexible, amountCents: 10000, dueInFull: true };

describe("a budget's figures for a month (spec §2.5, §3 Budget)", () => {
  it('plans the amount per occurrence, with spent, remaining, status and due date', () => {
    expect(budgetMonthFigures(flexible, 5000, november, today)).toEqual({
      dueInFull: false,
      amountCents: 20000,
      spentCents: 5000,
      remainingCents: 15000,
      ignore: false,
      hasBeenPaid: false,
      status: 'Under Budget',
      recurrenceDate: '2026-11-15',
      dueDateLabel: 'Nov 15th',
      mostRecentMonth: null,
      months: [],
    });
  });

  it('lets remaining go below 0 in a past month and says so', () => {
    const october = budgetMonthFigures(flexible, 26000, { year: 2026, month: 10 }, today);
    expect(october).toMatchObject({ amountCents: 20000, remainingCents: -6000, status: 'Over Budget' });
  });

  it("takes the month row's own amount and override flags", () => {
    const paid = { ...bill, months: [row(2026, 11, { amountCents: 9000, hasBeenPaid: true })] };
    expect(budgetMonthFigures(paid, 0, november, today)).toMatchObject({
      amountCents: 9000,
      remainingCents: 9000,
      hasBeenPaid: true,
      ignore: false,
      status: 'Paid',
    });
    const skipped = { ...bill, months: [row(2026, 11, { ignore: true })] };
    expect(budgetMonthFigures(skipped, 0, november, today)).toMatchObject({ ignore: true, status: 'Skipped' });
  });

  it('gives a bill due within 7 days its status from the due date', () => {
    expect(budgetMonthFigures(bill, 0, november, today).status).toBe('Due soon');
  });

  it('shows no spending and no status in a month after the current one, even a bill marked paid', () => {
    const ahead = { ...bill, months: [row(2026, 12, { hasBeenPaid: true })] };
    expect(budgetMonthFigures(ahead, 4000, { year: 2026, month: 12 }, today)).toMatchObject({
      amountCents: 10000,
      spentCents: 0,
      remainingCents: 0,
      hasBeenPaid: true,
      status: 'PENDING',
    });
  });

  it('plans nothing in a month a yearly bill does not fall due, dated from its first start', () => {
    const yearly: Recurrence = { start: '2026-03-20', isRecurring: true, frequency: 'year', interval: 1, ending: 'never' };
    expect(budgetMonthFigures({ ...bill, recurrence: yearly }, 0, november, today)).toMatchObject({
      amountCents: 0,
      recurrenceDate: null,
      dueDateLabel: 'Nov 20th',
      status: 'PENDING',
    });
  });

  it('names the latest month up to this one that set an amount, and dates every month row', () => {
    const months = [
      row(2026, 9, { amountCents: 11000, hasBeenPaid: true }),
      row(2026, 10),
      row(2027, 1, { amountCents: 5000 }),
    ];
    const figures = budgetMonthFigures({ ...bill, months }, 0, november, today);
    expect(figures.mostRecentMonth).toEqual({ amountCents: 11000, hasBeenPaid: true });
    expect(figures.months.map((month) => month.recurrenceDate)).toEqual(['2026-09-15', '2026-10-15', '2027-01-15']);
    expect(figures.months[0]).toMatchObject(months[0] ?? {});
  });
});
