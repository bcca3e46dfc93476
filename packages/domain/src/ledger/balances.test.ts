import { describe, expect, it } from 'vitest';
import { availableCreditCents, availableToSpend, cardOwedCents, endingBalance, savingsDifference } from './balances';
import { emotionBreakdown } from './emotions';
import { wholePercentages } from './percentages';

describe('ending balance (spec §9)', () => {
  it('subtracts expenses and adds income dated after the balance date', () => {
    const transactions = [
      { type: 'expense' as const, amountCents: 5000, date: '2026-11-10' },
      { type: 'income' as const, amountCents: 200000, date: '2026-11-15' },
      { type: 'expense' as const, amountCents: 1234, date: '2026-11-01' },
    ];
    expect(endingBalance(100000, '2026-11-01', transactions)).toBe(100000 - 5000 + 200000);
  });

  it('is the available balance when nothing happened since', () => {
    expect(endingBalance(4200, '2026-11-30', [{ type: 'expense', amountCents: 100, date: '2026-11-02' }])).toBe(4200);
  });
});

describe('Available to Spend (spec §9)', () => {
  it('is available balance minus ongoing remaining and bills budgeted', () => {
    expect(availableToSpend(300000, 50000, 120000)).toBe(130000);
  });

  it('never goes below 0', () => {
    expect(availableToSpend(10000, 50000, 120000)).toBe(0);
  });
});

describe('a card: what it owes and the credit left (issue 36)', () => {
  it('owes its reading less the net change: purchases add to the debt, payments take from it', () => {
    // Owed $300.00 on the reading's date, then $50.00 spent and $200.00 paid in.
    expect(cardOwedCents(30000, -5000 + 20000)).toBe(15000);
    expect(cardOwedCents(30000, 0)).toBe(30000);
  });

  it('has its limit less what it owes available, and nothing to say without a limit', () => {
    expect(availableCreditCents(400000, 30000)).toBe(370000);
    expect(availableCreditCents(100000, 120000)).toBe(-20000);
    expect(availableCreditCents(null, 30000)).toBeNull();
  });
});

describe('savings difference', () => {
  it('marks overspending', () => {
    expect(savingsDifference(10000, 12000)).toEqual({ differenceCents: -2000, ok: false });
    expect(savingsDifference(10000, 10000)).toEqual({ differenceCents: 0, ok: true });
  });
});

describe('whole-number percentages', () => {
  it('always add up to 100', () => {
    expect(wholePercentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercentages([2, 1, 0, 0])).toEqual([67, 33, 0, 0]);
    expect(wholePercentages([0, 0])).toEqual([0, 0]);
  });
});

describe('emotion breakdown (DECISIONS.md #6)', () => {
  it('counts each feeling and ignores untagged transactions', () => {
    const shares = emotionBreakdown(['positive', 'positive', 'negative', null]);
    expect(shares.map((share) => [share.label, share.count, share.percent])).toEqual([
      ['Felt good', 2, 67],
      ['No strong feelings', 0, 0],
      ['Regretted it', 1, 33],
      ['Mixed feelings', 0, 0],
    ]);
  });
});
