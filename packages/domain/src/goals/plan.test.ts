import { describe, expect, it } from 'vitest';
import { goalFigures, monthsUntil } from './plan';

const today = { year: 2026, month: 11, day: 15 };

describe('months left until a goal', () => {
  it('counts whole months and a started one', () => {
    expect(monthsUntil(today, '2027-05-15')).toBe(6);
    expect(monthsUntil(today, '2027-05-16')).toBe(7);
    expect(monthsUntil(today, '2027-05-14')).toBe(6);
  });

  it('is at least 1, also this month and after the date has passed', () => {
    expect(monthsUntil(today, '2026-11-30')).toBe(1);
    expect(monthsUntil(today, '2026-11-15')).toBe(1);
    expect(monthsUntil(today, '2025-01-01')).toBe(1);
  });

  it('treats the 31st to the end of February as one month', () => {
    expect(monthsUntil({ year: 2027, month: 1, day: 31 }, '2027-02-28')).toBe(1);
  });
});

describe('goal figures', () => {
  it('spreads what is missing over the months left, rounded up to the cent', () => {
    expect(goalFigures({ targetCents: 300_000, savedCents: 60_000, targetDate: '2027-05-15' }, today)).toEqual({
      monthsLeft: 6,
      monthlyNeededCents: 40_000,
      progressPercent: 20,
    });
    expect(goalFigures({ targetCents: 100_000, savedCents: 0, targetDate: '2027-02-15' }, today).monthlyNeededCents).toBe(33_334);
  });

  it('never asks for a negative amount and caps progress at 100', () => {
    expect(goalFigures({ targetCents: 100_000, savedCents: 150_000, targetDate: '2027-05-15' }, today)).toMatchObject({
      monthlyNeededCents: 0,
      progressPercent: 100,
    });
  });

  it('rounds progress down so a goal shows 100 only once reached, and a negative balance as 0', () => {
    expect(goalFigures({ targetCents: 100_000, savedCents: 99_999, targetDate: '2027-05-15' }, today).progressPercent).toBe(99);
    expect(goalFigures({ targetCents: 100_000, savedCents: -5_000, targetDate: '2027-05-15' }, today)).toMatchObject({
      progressPercent: 0,
      // (1,000 + 50 owed) / 6 months.
      monthlyNeededCents: 17_500,
    });
  });
});
