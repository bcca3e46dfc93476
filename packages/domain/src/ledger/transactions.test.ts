import { describe, expect, it } from 'vitest';
import {
  amountFromCreditDebit,
  dayOfWeek,
  formatRowDate,
  formatShortDate,
  isMissingEmotion,
  isUncategorized,
  monthRange,
  parseIsoDate,
  SPLITS_MUST_ADD_UP,
  SUBCATEGORY_ONCE,
  splitLineProblems,
  splitsAddUp,
  stepAmount,
  toggleFeeling,
} from './transactions';

describe('amount from credit and debit (spec §3)', () => {
  it('takes the only positive side', () => {
    expect(amountFromCreditDebit(12.5, null)).toBe(12.5);
    expect(amountFromCreditDebit(null, 40)).toBe(40);
    expect(amountFromCreditDebit(0, 40)).toBe(40);
    expect(amountFromCreditDebit(25, 0)).toBe(25);
  });

  it('otherwise takes whichever is set, credit first', () => {
    expect(amountFromCreditDebit(10, 20)).toBe(10);
    expect(amountFromCreditDebit(null, 0)).toBe(0);
    expect(amountFromCreditDebit(undefined, undefined)).toBe(0);
  });
});

describe('categorization and feelings', () => {
  it('calls a transaction uncategorized when it has no sub-categories', () => {
    expect(isUncategorized({ subcategories: [] })).toBe(true);
    expect(isUncategorized({})).toBe(true);
    expect(isUncategorized({ subcategories: [{ id: 1 }] })).toBe(false);
  });

  it('calls emotions missing when emotion_names is empty or absent', () => {
    expect(isMissingEmotion({ emotion_names: [] })).toBe(true);
    expect(isMissingEmotion({ emotion_names: null })).toBe(true);
    expect(isMissingEmotion({ emotion_names: ['positive'] })).toBe(false);
  });

  it('holds at most one feeling and clears it when clicked again', () => {
    expect(toggleFeeling(null, 'positive')).toBe('positive');
    expect(toggleFeeling('positive', 'negative')).toBe('negative');
    expect(toggleFeeling('negative', 'negative')).toBeNull();
  });
});

describe('splits', () => {
  it('must add up to the transaction amount to the cent', () => {
    const lines = [
      { subcategoryId: 1, amountCents: 3000 },
      { subcategoryId: 2, amountCents: 1999 },
    ];
    expect(splitsAddUp(4999, lines)).toBe(true);
    expect(splitsAddUp(5000, lines)).toBe(false);
  });
});

describe('amount stepper (±10, never to 0 or below)', () => {
  it('adds 10 and subtracts 10 only while the result stays above 0', () => {
    expect(stepAmount(5, 'up')).toBe(15);
    expect(stepAmount(25, 'down')).toBe(15);
    expect(stepAmount(10.01, 'down')).toBeCloseTo(0.01);
    expect(stepAmount(10, 'down')).toBe(10);
    expect(stepAmount(4, 'down')).toBe(4);
  });
});

describe('dates', () => {
  it('parses ISO dates and refuses impossible ones', () => {
    expect(parseIsoDate('2026-11-22')).toEqual({ year: 2026, month: 11, day: 22 });
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(parseIsoDate('2026-4-1')).toBeNull();
    expect(parseIsoDate('11/22/2026')).toBeNull();
  });

  it('renders the ledger row date as weekday - month day', () => {
    const date = { year: 2026, month: 11, day: 22 };
    expect(dayOfWeek(date)).toBe('Sunday');
    expect(formatRowDate(date)).toBe('Sun - Nov 22');
    expect(formatRowDate({ year: 2027, month: 1, day: 1 })).toBe('Fri - Jan 1');
    expect(formatShortDate(date)).toBe('11/22/2026');
  });

  it('gives the first and last day of a month', () => {
    expect(monthRange(2024, 2)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('splitLineProblems (issue 12: one rule set for create, edit and restore)', () => {
  const line = (subcategoryId: number, amountCents?: number) => ({ subcategoryId, amountCents });

  it('accepts no lines, one line without an amount, and lines that add up', () => {
    expect(splitLineProblems(3030, [])).toEqual([]);
    expect(splitLineProblems(3030, [line(1)])).toEqual([]);
    expect(splitLineProblems(3030, [line(1, 3030)])).toEqual([]);
    expect(splitLineProblems(3030, [line(1, 3000), line(2, 30)])).toEqual([]);
  });

  it('refuses a single line of another amount, lines that do not add up, and a missing amount among several', () => {
    expect(splitLineProblems(3030, [line(1, 1)])).toEqual([SPLITS_MUST_ADD_UP]);
    expect(splitLineProblems(3030, [line(1, 3000), line(2, 31)])).toEqual([SPLITS_MUST_ADD_UP]);
    expect(splitLineProblems(3030, [line(1, 3030), line(2)])).toEqual([SPLITS_MUST_ADD_UP]);
  });

  it('refuses a sub-category twice, and leaves the sum alone until there is an amount', () => {
    expect(splitLineProblems(3030, [line(1, 1515), line(1, 1515)])).toEqual([SUBCATEGORY_ONCE]);
    expect(splitLineProblems(undefined, [line(1, 1), line(1, 2)])).toEqual([SUBCATEGORY_ONCE]);
  });
});
