import { afterEach, describe, expect, it } from 'vitest';
import { quickAddBody, quickAddErrors, rememberAccount, rememberedAccount } from './quick-add';

afterEach(() => window.localStorage.clear());

describe('Add with feeling', () => {
  it('remembers the account of last time per person and book, and forgets one that is gone', () => {
    expect(rememberedAccount([4, 7], 1, null)).toBe(4);
    rememberAccount(7, 1, null);
    expect(rememberedAccount([4, 7], 1, null)).toBe(7);
    expect(rememberedAccount([4, 7], 2, null)).toBe(4);
    expect(rememberedAccount([4, 7], 1, 12)).toBe(4);
    expect(rememberedAccount([4], 1, null)).toBe(4);
    expect(rememberedAccount([], 1, null)).toBeNull();
  });

  it('asks for an account and an amount before sending, and sends an expense dated today with its feeling', () => {
    expect(quickAddErrors({ accountId: null, amount: '', entityId: null, feeling: null, purpose: null })).toEqual({
      accountId: 'Choose the account it was paid from.',
      amount: 'Enter how much it was.',
    });
    expect(quickAddBody({ accountId: 7, amount: 38.2, entityId: 3, feeling: 'negative', purpose: 'optional' }, '2026-11-28')).toEqual({
      type: 'expense',
      amount: 38.2,
      date: '2026-11-28',
      entity_id: 3,
      emotion_names: ['negative'],
      purpose: 'optional',
    });
  });
});
