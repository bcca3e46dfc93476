import { describe, expect, it } from 'vitest';
import { pausePrefillFrom } from './pause-instead';
import { emptyTransactionForm } from './transaction-form';

describe('Pause it instead (issue 31)', () => {
  const typed = {
    ...emptyTransactionForm('2026-11-24'),
    type: 'expense' as const,
    entityId: 4,
    amount: '180.00',
    categoryId: 2,
    subcategoryId: 9,
    paymentMethod: 'credit_card' as const,
    notes: 'headphones',
  };

  it('hands the payee, amount, sub-category, method and note to the pause form', () => {
    expect(pausePrefillFrom(typed, true)).toEqual({
      entityId: 4,
      amount: '180.00',
      categoryId: 2,
      subcategoryId: 9,
      paymentMethod: 'credit_card',
      note: 'headphones',
    });
  });

  it("leaves an amount of an account's own currency behind, and a split's sub-categories", () => {
    expect(pausePrefillFrom(typed, false).amount).toBe('');
    expect(pausePrefillFrom({ ...typed, split: true }, true)).toMatchObject({ categoryId: null, subcategoryId: null });
  });
});
