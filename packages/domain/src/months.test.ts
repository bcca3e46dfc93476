import { describe, expect, it } from 'vitest';
import { addMonths, budgetsPath, compareMonths, daysInMonth, isoDate, localDate, monthName } from './months';

describe('months', () => {
  it('names months in English and refuses month 13', () => {
    expect(monthName(1)).toBe('January');
    expect(monthName(12)).toBe('December');
    expect(() => monthName(13)).toThrow(RangeError);
  });

  it('counts days including leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('moves across year boundaries in both directions', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(compareMonths({ year: 2026, month: 1 }, { year: 2025, month: 12 })).toBeGreaterThan(0);
  });

  it("gives today's date in the user's timezone, not the server's", () => {
    const justBeforeMidnightUtc = new Date('2026-12-31T23:30:00Z');
    expect(localDate(justBeforeMidnightUtc, 0)).toEqual({ year: 2026, month: 12, day: 31 });
    expect(localDate(justBeforeMidnightUtc, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(localDate(new Date('2026-03-01T03:00:00Z'), -5)).toEqual({ year: 2026, month: 2, day: 28 });
  });

  it('ignores impossible offsets instead of producing a wrong day far away', () => {
    expect(localDate(new Date('2026-06-15T12:00:00Z'), 99)).toEqual({ year: 2026, month: 6, day: 16 });
    expect(localDate(new Date('2026-06-15T12:00:00Z'), Number.NaN)).toEqual({ year: 2026, month: 6, day: 15 });
  });

  it('builds the budgets landing path and ISO dates', () => {
    expect(budgetsPath({ year: 2026, month: 11 })).toBe('/budgets/month/11/year/2026');
    expect(isoDate({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
  });
});
