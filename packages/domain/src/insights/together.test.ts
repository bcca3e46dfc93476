import { describe, expect, it } from 'vitest';
import { type ComparedPurchase, agreementOf, sharedRegret } from './together';

const purchase = (id: number, payeeId: number | null, amountCents: number, felt: number, regretted: number): ComparedPurchase => ({
  id,
  payeeId,
  amountCents,
  felt,
  regretted,
});

describe('how members agree about a purchase', () => {
  it('is all when every member who felt it regretted it, some when only part did, none otherwise', () => {
    expect(agreementOf({ felt: 2, regretted: 2 })).toBe('all');
    expect(agreementOf({ felt: 3, regretted: 1 })).toBe('some');
    expect(agreementOf({ felt: 2, regretted: 0 })).toBe('none');
  });
});

describe('regret shared by members', () => {
  it('sums the purchases all regretted and those only some did, in all and per payee', () => {
    const result = sharedRegret(
      [purchase(1, 7, 5_000, 2, 2), purchase(2, 7, 1_200, 2, 1), purchase(3, 8, 900, 2, 2), purchase(4, 8, 10_000, 2, 0)],
      [],
    );
    expect(result.compared).toBe(4);
    expect(result.totals).toEqual({ allCents: 5_900, allCount: 2, someCents: 1_200, someCount: 1 });
    expect(result.byPayee).toEqual([
      { key: 7, allCents: 5_000, allCount: 1, someCents: 1_200, someCount: 1 },
      { key: 8, allCents: 900, allCount: 1, someCents: 0, someCount: 0 },
    ]);
  });

  it('counts a split purchase in each category by its line, and what the lines leave as uncategorized', () => {
    const result = sharedRegret(
      [purchase(1, null, 10_000, 2, 2), purchase(2, null, 3_000, 2, 1)],
      [
        { transactionId: 1, categoryId: 3, amountCents: 6_000 },
        { transactionId: 1, categoryId: 4, amountCents: 2_500 },
        { transactionId: 1, categoryId: 4, amountCents: 500 },
        { transactionId: 2, categoryId: 3, amountCents: 3_000 },
      ],
    );
    expect(result.byCategory).toEqual([
      { key: 3, allCents: 6_000, allCount: 1, someCents: 3_000, someCount: 1 },
      { key: 4, allCents: 3_000, allCount: 1, someCents: 0, someCount: 0 },
      { key: null, allCents: 1_000, allCount: 1, someCents: 0, someCount: 0 },
    ]);
    expect(result.byPayee).toEqual([{ key: null, allCents: 10_000, allCount: 1, someCents: 3_000, someCount: 1 }]);
  });

  it('has nothing to show when no purchase was compared', () => {
    expect(sharedRegret([], [])).toEqual({
      compared: 0,
      totals: { allCents: 0, allCount: 0, someCents: 0, someCount: 0 },
      byPayee: [],
      byCategory: [],
    });
  });
});
