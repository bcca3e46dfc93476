import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../ledger/transactions';
import { TRANSFER_AMOUNT_POSITIVE, TRANSFER_AMOUNT_TOO_LARGE, TRANSFER_SAME_ACCOUNT, transferLegs, transferProblems } from './legs';

describe('the legs of a transfer', () => {
  it('takes the money out of one account as an expense and into the other as an income', () => {
    expect(transferLegs({ fromAccountId: 1, toAccountId: 2, amountCents: 50_000 })).toEqual({
      out: { accountId: 1, type: 'expense', amountCents: 50_000 },
      in: { accountId: 2, type: 'income', amountCents: 50_000 },
    });
  });

  it('refuses the same account on both sides, and a zero, negative, fractional or too large amount', () => {
    expect(transferProblems({ fromAccountId: 3, toAccountId: 3, amountCents: 100 })).toEqual({ to_account_id: [TRANSFER_SAME_ACCOUNT] });
    expect(transferProblems({ fromAccountId: 1, toAccountId: 2, amountCents: 0 })).toEqual({ amount: [TRANSFER_AMOUNT_POSITIVE] });
    expect(transferProblems({ fromAccountId: 1, toAccountId: 2, amountCents: -5 })).toEqual({ amount: [TRANSFER_AMOUNT_POSITIVE] });
    expect(transferProblems({ fromAccountId: 1, toAccountId: 2, amountCents: 1.5 })).toEqual({ amount: [TRANSFER_AMOUNT_POSITIVE] });
    expect(transferProblems({ fromAccountId: 1, toAccountId: 2, amountCents: MAX_AMOUNT_CENTS + 1 })).toEqual({ amount: [TRANSFER_AMOUNT_TOO_LARGE] });
    expect(() => transferLegs({ fromAccountId: 3, toAccountId: 3, amountCents: 100 })).toThrow(TRANSFER_SAME_ACCOUNT);
  });

  it('always moves the same amount out and in, so the total over both accounts does not change', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), fc.nat({ max: 1000 }), fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (from, to, amountCents) => {
        fc.pre(from !== to);
        const legs = transferLegs({ fromAccountId: from, toAccountId: to, amountCents });
        const signed = (leg: typeof legs.out) => (leg.type === 'income' ? leg.amountCents : -leg.amountCents);
        expect(signed(legs.out) + signed(legs.in)).toBe(0);
        expect(legs.out.accountId).not.toBe(legs.in.accountId);
        expect(legs.out.amountCents).toBeGreaterThan(0);
      }),
    );
  });
});
