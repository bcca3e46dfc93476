import { describe, expect, it } from 'vitest';
import type { Account } from '@mindspend/api-contract';
import { EMPTY_GOAL, goalBodyOf, goalFormErrors, goalPreview } from './goal-form';

const savings = {
  id: 9,
  name: 'Rainy Day',
  most_recent_balance: { current_balance: 600 },
} as unknown as Account;

describe('goal form', () => {
  it("requires name, target and date with the contract's messages", () => {
    expect(goalFormErrors(EMPTY_GOAL)).toEqual({
      name: 'The name field is required.',
      targetAmount: 'The target amount field is required.',
      targetDate: 'The target date field is required.',
    });
    expect(
      goalFormErrors({ ...EMPTY_GOAL, name: 'Trip', targetAmount: 0, targetDate: '2027-05-01' }).targetAmount,
    ).toBe('The target amount must be greater than 0.');
  });

  it('needs an account when saved so far is tracked, and sends it instead of null', () => {
    const values = {
      ...EMPTY_GOAL,
      name: ' Trip ',
      targetAmount: 1200,
      targetDate: '2027-05-23',
      savedMode: 'account' as const,
    };
    expect(goalFormErrors(values).accountId).toBe('Choose the savings account to track.');
    expect(goalBodyOf({ ...values, accountId: 9 })).toMatchObject({
      name: 'Trip',
      account_id: 9,
      saved_amount: 0,
    });
    expect(goalBodyOf({ ...values, savedMode: 'entered', savedAmount: 300, accountId: 9 })).toMatchObject({
      account_id: null,
      saved_amount: 300,
    });
  });

  it('previews the monthly amount needed from the typed or the tracked amount', () => {
    const values = {
      ...EMPTY_GOAL,
      name: 'Trip',
      targetAmount: 1200,
      targetDate: '2027-05-23',
      savedAmount: 300 as const,
    };
    expect(goalPreview(values, [], '2026-11-23')).toMatchObject({
      monthsLeft: 6,
      monthlyNeededCents: 15000,
      progressPercent: 25,
    });
    expect(
      goalPreview({ ...values, savedMode: 'account', accountId: 9 }, [savings], '2026-11-23'),
    ).toMatchObject({ monthlyNeededCents: 10000, progressPercent: 50 });
    expect(goalPreview({ ...values, targetDate: '' }, [], '2026-11-23')).toBeNull();
  });
});
