import { describe, expect, it } from 'vitest';
import {
  type RegretCell,
  type SpendingCell,
  feelingTrend,
  insightTotals,
  monthsOfRange,
  regretLines,
  regretRate,
  sharesOf,
  spendingByCategory,
  spendingByFeeling,
  spendingByPurpose,
  topRegrettedPayees,
} from './figures';

const cell = (monthKey: string, feeling: string | null, purpose: string | null, amountCents: number, count = 1): SpendingCell => ({
  monthKey,
  feeling,
  purpose,
  amountCents,
  count,
});

const cells = [
  cell('2026-09', 'positive', 'survival', 10_000),
  cell('2026-09', 'negative', 'optional', 5_000),
  cell('2026-11', 'mixed', 'survival', 6_000),
  cell('2026-11', 'negative', 'culture', 3_000),
  cell('2026-11', null, null, 6_000, 2),
];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('spending by feeling', () => {
  it('gives amounts, counts and whole percentages of the tagged spending that add up to 100', () => {
    const shares = spendingByFeeling(cells);
    expect(shares.map((s) => [s.key, s.label, s.amountCents, s.count, s.percent])).toEqual([
      ['positive', 'Felt good', 10_000, 1, 42],
      ['neutral', 'No strong feelings', 0, 0, 0],
      ['negative', 'Regretted it', 8_000, 2, 33],
      ['mixed', 'Mixed feelings', 6_000, 1, 25],
    ]);
    expect(sum(shares.map((s) => s.percent))).toBe(100);
  });

  it('keeps thirds summing to 100 after rounding, and answers all 0 with nothing tagged', () => {
    const thirds = spendingByFeeling([cell('2026-01', 'positive', null, 1), cell('2026-01', 'neutral', null, 1), cell('2026-01', 'mixed', null, 1)]);
    expect(thirds.map((s) => s.percent)).toEqual([34, 33, 0, 33]);
    expect(spendingByFeeling([cell('2026-01', null, null, 500)]).map((s) => s.percent)).toEqual([0, 0, 0, 0]);
  });
});

describe('spending by purpose', () => {
  it('splits the spending with a purpose into whole percentages summing to 100', () => {
    const shares = spendingByPurpose(cells);
    expect(shares.map((s) => [s.key, s.amountCents, s.percent])).toEqual([
      ['survival', 16_000, 67],
      ['optional', 5_000, 21],
      ['culture', 3_000, 12],
      ['unexpected', 0, 0],
    ]);
  });
});

describe('regret rate', () => {
  it('is the regretted share of all spending, in percent with one decimal', () => {
    expect(regretRate(8_000, 30_000)).toBe(26.7);
    expect(regretRate(1, 3)).toBe(33.3);
    expect(regretRate(0, 0)).toBe(0);
    expect(insightTotals(cells)).toEqual({ spentCents: 30_000, count: 6, taggedCents: 24_000, regrettedCents: 8_000, regretRate: 26.7 });
  });

  it('ranks categories and payees by regretted amount and lists only regretted payees on top', () => {
    const payees: RegretCell[] = [
      { id: 1, name: 'Grocer', amountCents: 16_000, regrettedCents: 0 },
      { id: 2, name: 'Bar', amountCents: 8_000, regrettedCents: 8_000 },
      { id: 3, name: 'Cinema', amountCents: 4_000, regrettedCents: 1_000 },
      { id: null, name: 'No payee', amountCents: 0, regrettedCents: 0 },
    ];
    expect(regretLines(payees).map((l) => [l.name, l.rate])).toEqual([
      ['Bar', 100],
      ['Cinema', 25],
      ['Grocer', 0],
    ]);
    expect(topRegrettedPayees(payees).map((l) => l.name)).toEqual(['Bar', 'Cinema']);
    const many = Array.from({ length: 8 }, (_, i) => ({ id: i, name: `P${i}`, amountCents: 100, regrettedCents: i + 1 }));
    expect(topRegrettedPayees(many).map((l) => l.id)).toEqual([7, 6, 5, 4, 3]);
  });
});

describe('feeling trend', () => {
  it('has one bucket per month of the range, empty months with zeros, across a year end', () => {
    expect(monthsOfRange({ year: 2026, month: 11 }, { year: 2027, month: 2 })).toHaveLength(4);
    expect(monthsOfRange({ year: 2026, month: 11 }, { year: 2026, month: 10 })).toEqual([]);
    expect(feelingTrend(cells, { year: 2026, month: 9 }, { year: 2026, month: 11 })).toEqual([
      { year: 2026, month: 9, positive: 10_000, neutral: 0, negative: 5_000, mixed: 0 },
      { year: 2026, month: 10, positive: 0, neutral: 0, negative: 0, mixed: 0 },
      { year: 2026, month: 11, positive: 0, neutral: 0, negative: 3_000, mixed: 6_000 },
    ]);
  });
});

describe('spending by category', () => {
  it('lists categories with spending largest first with percentages summing to 100', () => {
    const shares = spendingByCategory([
      { id: 2, name: 'Shopping', amountCents: 2_000, regrettedCents: 0 },
      { id: 1, name: 'Food', amountCents: 22_000, regrettedCents: 8_000 },
      { id: null, name: 'Uncategorized', amountCents: 6_000, regrettedCents: 0 },
      { id: 3, name: 'Giving', amountCents: 0, regrettedCents: 0 },
    ]);
    expect(shares.map((s) => [s.key.name, s.amountCents, s.percent])).toEqual([
      ['Food', 22_000, 73],
      ['Uncategorized', 6_000, 20],
      ['Shopping', 2_000, 7],
    ]);
    expect(sharesOf([], () => 0)).toEqual([]);
  });
});
