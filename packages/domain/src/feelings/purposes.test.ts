import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SUGGESTED_PURPOSE_TARGETS,
  TARGET_PERCENT_MESSAGE,
  purposeShares,
  purposeTargetProblems,
  reflectionOpen,
  targetsTotalMessage,
} from './purposes';

const percent = fc.integer({ min: 0, max: 100 });

describe('purpose targets', () => {
  it('offers targets that add up to 100', () => {
    expect(purposeTargetProblems(SUGGESTED_PURPOSE_TARGETS)).toEqual([]);
  });

  it('accepts any four whole percents adding up to exactly 100, and names the sum of any others', () => {
    fc.assert(
      fc.property(percent, percent, percent, percent, (survival, optional, culture, unexpected) => {
        const total = survival + optional + culture + unexpected;
        expect(purposeTargetProblems({ survival, optional, culture, unexpected })).toEqual(total === 100 ? [] : [targetsTotalMessage(total)]);
      }),
    );
    expect(purposeTargetProblems({ survival: 60, optional: 30, culture: 10, unexpected: 10 })).toEqual([
      'Your four targets add up to 110%. Change them so they add up to exactly 100%.',
    ]);
  });

  it('refuses fractions, negatives, over 100 and non-numbers before adding up', () => {
    for (const bad of [50.5, -10, 101, '50', null]) {
      expect(purposeTargetProblems({ survival: bad, optional: 30, culture: 10, unexpected: 10 })).toEqual([TARGET_PERCENT_MESSAGE]);
    }
  });
});

describe('purpose shares of a month', () => {
  it('measures each purpose against all expenses, so spending without a purpose is the gap', () => {
    const shares = purposeShares({ survival: 50_000, optional: 25_000 }, 100_000, SUGGESTED_PURPOSE_TARGETS);
    expect(shares).toEqual([
      { purpose: 'survival', targetPercent: 50, spentCents: 50_000, percent: 50 },
      { purpose: 'optional', targetPercent: 30, spentCents: 25_000, percent: 25 },
      { purpose: 'culture', targetPercent: 10, spentCents: 0, percent: 0 },
      { purpose: 'unexpected', targetPercent: 10, spentCents: 0, percent: 0 },
    ]);
  });

  it('shows no targets when none are set, and zeros for a month without spending', () => {
    expect(purposeShares({}, 0, null).every((share) => share.targetPercent === null && share.percent === 0)).toBe(true);
  });

  it('rounds to one decimal and never claims more than the whole', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 5, maxLength: 5 }), ([a = 0, b = 0, c = 0, d = 0, untagged = 0]) => {
        const shares = purposeShares({ survival: a, optional: b, culture: c, unexpected: d }, a + b + c + d + untagged, null);
        const sum = shares.reduce((total, share) => total + share.percent, 0);
        expect(sum).toBeLessThanOrEqual(100.2);
        for (const share of shares) expect(Math.round(share.percent * 10)).toBe(share.percent * 10);
      }),
    );
    expect(purposeShares({ survival: 1 }, 3, null)[0]?.percent).toBe(33.3);
  });
});

describe('when the month-end reflection is asked for', () => {
  it('opens in the last three days of the month, at any length of month, and stays open after', () => {
    expect(reflectionOpen({ year: 2026, month: 11 }, { year: 2026, month: 11, day: 27 })).toBe(false);
    expect(reflectionOpen({ year: 2026, month: 11 }, { year: 2026, month: 11, day: 28 })).toBe(true);
    expect(reflectionOpen({ year: 2026, month: 2 }, { year: 2026, month: 2, day: 25 })).toBe(false);
    expect(reflectionOpen({ year: 2026, month: 2 }, { year: 2026, month: 2, day: 26 })).toBe(true);
    expect(reflectionOpen({ year: 2024, month: 2 }, { year: 2024, month: 2, day: 27 })).toBe(true);
    expect(reflectionOpen({ year: 2026, month: 12 }, { year: 2027, month: 1, day: 1 })).toBe(true);
  });

  it('is never asked for a month that has not come yet', () => {
    expect(reflectionOpen({ year: 2027, month: 1 }, { year: 2026, month: 12, day: 31 })).toBe(false);
  });
});
