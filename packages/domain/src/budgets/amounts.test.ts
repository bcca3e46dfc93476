import { describe, expect, it } from 'vitest';
import { type BudgetMonthRow, fallbackAmount, monthAmount, spentAndRemaining } from './amounts';
import { monthlyRecurrence } from './recurrence';

const row = (year: number, month: number, amountCents: number | null): BudgetMonthRow => ({
  year,
  month,
  amountCents,
  ignore: false,
  hasBeenPaid: false,
});
const current = { year: 2026, month: 11 };

describe("a month's amount (spec §3 fall-backs, DECISIONS.md #14)", () => {
  const rows = [row(2026, 8, 12000), row(2026, 10, 15000), row(2027, 2, 9000)];

  it("uses the month's own amount", () => {
    expect(fallbackAmount(10000, rows, { year: 2026, month: 10 }, current)).toBe(15000);
  });

  it('falls back to the latest earlier month that set one, for past and current months', () => {
    expect(fallbackAmount(10000, rows, { year: 2026, month: 9 }, current)).toBe(12000);
    expect(fallbackAmount(10000, rows, current, current)).toBe(15000);
  });

  it('falls back to the base amount before any month set one', () => {
    expect(fallbackAmount(10000, rows, { year: 2026, month: 7 }, current)).toBe(10000);
    expect(fallbackAmount(10000, [], current, current)).toBe(10000);
  });

  it("uses the current month's amount for a future month", () => {
    const withCurrent = [...rows, row(2026, 11, 16000)];
    expect(fallbackAmount(10000, withCurrent, { year: 2027, month: 1 }, current)).toBe(16000);
  });

  it('then the last listed amount, then the base, for a future month', () => {
    expect(fallbackAmount(10000, rows, { year: 2027, month: 1 }, current)).toBe(9000);
    expect(fallbackAmount(10000, [], { year: 2027, month: 1 }, current)).toBe(10000);
  });

  it('ignores month rows that carry only flags', () => {
    expect(fallbackAmount(10000, [row(2026, 11, null)], current, current)).toBe(10000);
  });

  it('multiplies the amount by the occurrences in the month', () => {
    const weekly = { start: '2026-11-02', isRecurring: true, frequency: 'day' as const, interval: 7, ending: 'never' as const };
    expect(monthAmount({ amountCents: 5000, recurrence: weekly, months: [] }, current, current)).toBe(25000);
    const yearly = { ...weekly, frequency: 'year' as const, interval: 1 };
    expect(monthAmount({ amountCents: 5000, recurrence: yearly, months: [] }, { year: 2026, month: 12 }, current)).toBe(0);
  });

  it('lets a month with its own amount override the occurrences', () => {
    const budget = { amountCents: 5000, recurrence: monthlyRecurrence('2026-01-01'), months: [row(2026, 11, 7000)] };
    expect(monthAmount(budget, current, current)).toBe(7000);
    expect(monthAmount(budget, { year: 2026, month: 12 }, current)).toBe(7000);
    expect(monthAmount(budget, { year: 2025, month: 12 }, current)).toBe(0);
  });
});

describe('spent and remaining', () => {
  it('are what was spent and what is left for current and past months', () => {
    expect(spentAndRemaining(10000, 12500, current, current)).toEqual({ spentCents: 12500, remainingCents: -2500 });
    expect(spentAndRemaining(10000, 2500, { year: 2026, month: 1 }, current)).toEqual({ spentCents: 2500, remainingCents: 7500 });
  });

  it('are 0 for future months', () => {
    expect(spentAndRemaining(10000, 2500, { year: 2026, month: 12 }, current)).toEqual({ spentCents: 0, remainingCents: 0 });
  });
});
