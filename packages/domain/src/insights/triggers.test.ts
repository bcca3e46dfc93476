import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_BANDS,
  TRIGGER_MIN_FEELINGS,
  type TriggerCounts,
  type TriggerGroup,
  amountBandOf,
  isoDayNumber,
  incomeBandOf,
  regretTriggers,
  weekdayOf,
} from './triggers';

/** One felt-expense count by date, payment method and amount band, as a test writes it. */
interface TriggerCell {
  date: string;
  paymentMethod: string | null;
  amountBand: string;
  feelings: number;
  regretted: number;
}

const cell = (over: Partial<TriggerCell>): TriggerCell => ({
  date: '2026-11-02',
  paymentMethod: 'debit_card',
  amountBand: 'under_10',
  feelings: 1,
  regretted: 0,
  ...over,
});

/** The same expenses counted the two ways the database counts them. */
function countsOf(cells: readonly TriggerCell[]): TriggerCounts {
  return {
    byDay: cells.map(({ date, feelings, regretted }) => ({ date, feelings, regretted })),
    byMethodAndBand: cells.map(({ paymentMethod, amountBand, feelings, regretted }) => ({ paymentMethod, amountBand, feelings, regretted })),
  };
}

describe('the weekday of a local date', () => {
  it('names the day of the calendar date, across month and year ends', () => {
    expect(weekdayOf('2026-11-24')).toBe('tue');
    expect(weekdayOf('2026-11-29')).toBe('sun');
    expect(weekdayOf('2026-12-31')).toBe('thu');
    expect(weekdayOf('2027-01-01')).toBe('fri');
    expect(weekdayOf('1969-12-31')).toBe('wed');
  });
});

describe('days since the last income', () => {
  const incomes = ['2026-10-30', '2026-11-15'].map(isoDayNumber);

  it('counts from the latest income on or before the day, across a month end', () => {
    expect(incomeBandOf('2026-10-30', incomes)).toBe('0_3');
    expect(incomeBandOf('2026-11-02', incomes)).toBe('0_3');
    expect(incomeBandOf('2026-11-03', incomes)).toBe('4_7');
    expect(incomeBandOf('2026-11-06', incomes)).toBe('4_7');
    expect(incomeBandOf('2026-11-07', incomes)).toBe('8_14');
    expect(incomeBandOf('2026-11-14', incomes)).toBe('15_plus');
    expect(incomeBandOf('2026-11-15', incomes)).toBe('0_3');
    expect(incomeBandOf('2027-03-01', incomes)).toBe('15_plus');
  });

  it('puts expenses before any income in their own band', () => {
    expect(incomeBandOf('2026-10-29', incomes)).toBe('no_income_yet');
    expect(incomeBandOf('2026-10-29', [])).toBe('no_income_yet');
  });

  it('agrees with counting the days one by one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 800 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 800 }),
        (offsets, expenseOffset) => {
          const start = isoDayNumber('2025-12-20');
          const incomeDays = [...new Set(offsets.map((o) => start + o))].sort((a, b) => a - b);
          const date = new Date((start + expenseOffset) * 86_400_000).toISOString().slice(0, 10);
          let days = 0;
          while (days <= expenseOffset && !incomeDays.includes(start + expenseOffset - days)) days += 1;
          const expected = days > expenseOffset ? 'no_income_yet' : days <= 3 ? '0_3' : days <= 7 ? '4_7' : days <= 14 ? '8_14' : '15_plus';
          expect(incomeBandOf(date, incomeDays)).toBe(expected);
        },
      ),
    );
  });
});

describe('amount bands', () => {
  it('puts each amount in cents in exactly one band, lower bound included', () => {
    expect([0, 999, 1_000, 4_999, 5_000, 19_999, 20_000, 1_000_000].map(amountBandOf)).toEqual([
      'under_10',
      'under_10',
      '10_50',
      '10_50',
      '50_200',
      '50_200',
      '200_plus',
      '200_plus',
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const band = AMOUNT_BANDS.find((b) => b.key === amountBandOf(cents));
        const next = AMOUNT_BANDS[AMOUNT_BANDS.findIndex((b) => b.key === band?.key) + 1];
        expect(cents).toBeGreaterThanOrEqual(band?.fromCents ?? Infinity);
        if (next) expect(cents).toBeLessThan(next.fromCents);
      }),
    );
  });
});

describe('regret triggers', () => {
  it('says how many feelings are missing when a dimension rests on too few', () => {
    const few = Array.from({ length: 12 }, () => cell({ regretted: 1 }));
    const triggers = regretTriggers(countsOf(few), []);
    expect(triggers.weekday).toEqual({ enough: false, feelings: 12, needed: 20 });
    expect(triggers.amountBand).toEqual({ enough: false, feelings: 12, needed: 20 });
  });

  it('shows a weekday pattern, lists only groups with five feelings, in the week\'s order', () => {
    const cells = [
      // Saturdays: 8 felt, 6 regretted. Mondays: 10 felt, 1 regretted. A Wednesday: 3 felt (too few to list).
      cell({ date: '2026-11-07', paymentMethod: 'credit_card', amountBand: '50_200', feelings: 8, regretted: 6 }),
      cell({ date: '2026-11-02', feelings: 6, regretted: 1 }),
      cell({ date: '2026-11-09', feelings: 4, regretted: 0 }),
      cell({ date: '2026-11-04', paymentMethod: null, feelings: 3, regretted: 3 }),
    ];
    const triggers = regretTriggers(countsOf(cells), ['2026-11-01']);
    expect(triggers.weekday).toEqual({
      enough: true,
      feelings: 21,
      groups: [
        { key: 'mon', label: 'Monday', feelings: 10, regretted: 1, rate: 10 },
        { key: 'sat', label: 'Saturday', feelings: 8, regretted: 6, rate: 75 },
      ],
    });
    expect(triggers.paymentMethod).toMatchObject({
      groups: [
        { key: 'credit_card', label: 'Credit Card', rate: 75 },
        { key: 'debit_card', label: 'Debit Card', feelings: 10, regretted: 1 },
      ],
    });
    // Income on Sunday 1 November: the 2nd and 4th are 1 and 3 days after, the 7th 6 days, the 9th 8 (only 4 felt).
    expect(triggers.daysSinceIncome).toMatchObject({
      groups: [
        { key: '0_3', feelings: 9, regretted: 4 },
        { key: '4_7', feelings: 8, regretted: 6 },
      ],
    });
  });

  it('counts every feeling once in each dimension, and no rate exceeds 100', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            date: fc.constantFrom('2026-01-31', '2026-02-01', '2026-02-14', '2026-03-07'),
            paymentMethod: fc.constantFrom(null, 'cash', 'credit_card', 'bogus'),
            amountBand: fc.constantFrom(...AMOUNT_BANDS.map((b) => b.key)),
            feelings: fc.integer({ min: 1, max: 6 }),
            regretted: fc.integer({ min: 0, max: 6 }),
          }).map((c) => ({ ...c, regretted: Math.min(c.regretted, c.feelings) })),
          { maxLength: 30 },
        ),
        (cells) => {
          const total = cells.reduce((sum, c) => sum + c.feelings, 0);
          for (const dim of Object.values(regretTriggers(countsOf(cells), ['2026-02-01']))) {
            expect(dim.feelings).toBe(total);
            expect(dim.enough).toBe(total >= TRIGGER_MIN_FEELINGS);
            if (!dim.enough) continue;
            const groups: TriggerGroup[] = dim.groups;
            for (const group of groups) {
              expect(group.feelings).toBeGreaterThanOrEqual(5);
              expect(group.rate).toBeGreaterThanOrEqual(0);
              expect(group.rate).toBeLessThanOrEqual(100);
            }
            expect(groups.reduce((sum, g) => sum + g.feelings, 0)).toBeLessThanOrEqual(total);
          }
        },
      ),
    );
  });
});
