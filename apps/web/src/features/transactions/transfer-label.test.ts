import { describe, expect, it } from 'vitest';
import { transferLabel } from './transfer-label';

describe('the label of a transfer leg', () => {
  it('names the other account: to it out of this one, from it into this one', () => {
    expect(transferLabel({ transfer_id: 4, type: 'expense', transfer_account: { id: 2, name: 'Savings' } })).toBe('Transfer to Savings');
    expect(transferLabel({ transfer_id: 4, type: 'income', transfer_account: { id: 1, name: 'Checking' } })).toBe('Transfer from Checking');
  });

  it('is null for an ordinary row, and says another account when the other is unknown', () => {
    expect(transferLabel({ transfer_id: null, type: 'expense', transfer_account: null })).toBeNull();
    expect(transferLabel({ transfer_id: 4, type: 'income', transfer_account: null })).toBe('Transfer from another account');
  });
});
