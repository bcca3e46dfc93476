import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, fromDayNumber, mustParse, toIso } from '../budgets/calendar';
import {
  type RegretDay,
  meetsRegretThreshold,
  regretCountsBefore,
  regretHistory,
  regretWarningFor,
  regretWarningSentence,
  regretWindowStart,
} from './regret-radar';

const day = (date: string, regretted = 0, felt = 1): RegretDay => ({ date, felt, regretted });

describe('the six-month window of the regret radar', () => {
  it('keeps the day of the month, across a year end', () => {
    expect(regretWindowStart('2026-11-24')).toBe('2026-05-24');
    expect(regretWindowStart('2026-03-15')).toBe('2025-09-15');
    expect(regretWindowStart('2027-01-01')).toBe('2026-07-01');
  });

  it('moves back to the last day of a shorter month', () => {
    expect(regretWindowStart('2026-08-31')).toBe('2026-02-28');
    expect(regretWindowStart('2028-08-31')).toBe('2028-02-29');
    expect(regretWindowStart('2026-12-31')).toBe('2026-06-30');
    expect(regretWindowStart('2026-08-29')).toBe('2026-02-28');
  });

  it('leaves out the window start itself and the expense day', () => {
    const history = regretHistory([day('2026-02-28', 1), day('2026-03-01', 1), day('2026-08-30', 0), day('2026-08-31', 1)]);
    expect(regretCountsBefore(history, '2026-08-31')).toEqual({ felt: 2, regretted: 1 });
  });
});

describe('the threshold', () => {
  it('warns from 3 feelings at half or more regretted', () => {
    expect(meetsRegretThreshold({ felt: 3, regretted: 2 })).toBe(true);
    expect(meetsRegretThreshold({ felt: 4, regretted: 2 })).toBe(true);
    expect(meetsRegretThreshold({ felt: 4, regretted: 1 })).toBe(false);
    expect(meetsRegretThreshold({ felt: 2, regretted: 2 })).toBe(false);
    expect(meetsRegretThreshold({ felt: 0, regretted: 0 })).toBe(false);
  });
});

describe('the warning for an expense', () => {
  const bar = { id: 7, name: 'Corner Bar', history: regretHistory([day('2026-10-01', 1), day('2026-10-05', 1), day('2026-10-09', 0, 2), day('2026-10-10', 1)]) };
  const bars = { id: 3, name: 'Bars', history: regretHistory([day('2026-10-01', 3, 3)]) };

  it('names the payee with its counts and rate', () => {
    expect(regretWarningFor('2026-11-02', bar, [])).toEqual({ felt: 5, regretted: 3, rate: 60, basis: 'payee', id: 7, name: 'Corner Bar' });
  });

  it('lets a payee with enough feelings decide, even against its sub-category', () => {
    const fine = { id: 8, name: 'Bakery', history: regretHistory([day('2026-10-01'), day('2026-10-02'), day('2026-10-03')]) };
    expect(regretWarningFor('2026-11-02', fine, [bars])).toBeNull();
  });

  it('falls back on the sub-category when the payee has too few feelings or none', () => {
    const new_ = { id: 9, name: 'New Place', history: regretHistory([day('2026-10-01', 1)]) };
    expect(regretWarningFor('2026-11-02', new_, [bars])?.basis).toBe('subcategory');
    expect(regretWarningFor('2026-11-02', null, [bars])).toMatchObject({ basis: 'subcategory', name: 'Bars', felt: 3, regretted: 3, rate: 100 });
  });

  it('picks the sub-category with the highest rate', () => {
    const snacks = { id: 4, name: 'Snacks', history: regretHistory([day('2026-10-01', 2, 4)]) };
    expect(regretWarningFor('2026-11-02', null, [snacks, bars])?.name).toBe('Bars');
  });

  it('counts nothing before the window or on the day', () => {
    expect(regretWarningFor('2027-06-01', bar, [])).toBeNull();
    expect(regretWarningFor('2026-10-09', bar, [])).toBeNull();
  });

  it('says it in a sentence', () => {
    expect(regretWarningSentence({ felt: 5, regretted: 4, basis: 'payee', name: 'Corner Bar' })).toBe('You regretted 4 of your last 5 purchases at Corner Bar.');
    expect(regretWarningSentence({ felt: 3, regretted: 3, basis: 'subcategory', name: 'Bars' })).toBe('You regretted all of your last 3 purchases in Bars.');
  });
});

/** The rule read straight off the definition: every purchase, its date compared one by one. */
function naiveCounts(purchases: readonly RegretDay[], date: string) {
  const d = mustParse(date);
  let startMonth = d.month - 6;
  let startYear = d.year;
  if (startMonth < 1) {
    startMonth += 12;
    startYear -= 1;
  }
  const lastDay = new Date(Date.UTC(startYear, startMonth, 0)).getUTCDate();
  const start = toIso({ year: startYear, month: startMonth, day: Math.min(d.day, lastDay) });
  const inside = purchases.filter((p) => p.date > start && p.date < date);
  return { felt: inside.reduce((s, p) => s + p.felt, 0), regretted: inside.reduce((s, p) => s + p.regretted, 0) };
}

describe('window counts against a naive count', () => {
  const base = dayNumber({ year: 2023, month: 1, day: 1 });
  const isoDay = fc.integer({ min: 0, max: 3 * 366 }).map((offset) => toIso(fromDayNumber(base + offset)));
  const purchase = fc
    .record({ date: isoDay, felt: fc.integer({ min: 1, max: 3 }), share: fc.integer({ min: 0, max: 3 }) })
    .map(({ date, felt, share }) => ({ date, felt, regretted: Math.min(felt, share) }));

  it('agree for any purchases and any date, across month ends and leap years', () => {
    fc.assert(
      fc.property(fc.array(purchase, { maxLength: 60 }), isoDay, (purchases, date) => {
        const counts = regretCountsBefore(regretHistory(purchases), date);
        expect(counts).toEqual(naiveCounts(purchases, date));
        expect(meetsRegretThreshold(counts)).toBe(counts.felt >= 3 && counts.regretted / counts.felt >= 0.5);
      }),
    );
  });
});
