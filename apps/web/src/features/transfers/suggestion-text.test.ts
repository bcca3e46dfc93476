import { describe, expect, it } from 'vitest';
import { suggestionText } from './suggestion-text';

const side = (account_name: string, date: string) => ({ transaction_id: 1, account_id: 1, account_name, date, payee: null, description: null });

describe('the sentence of a transfer suggestion', () => {
  it('says what left which account and what arrived in which, with short dates', () => {
    expect(suggestionText({ amount: 500, from: side('Checking', '2026-11-03'), to: side('Savings', '2026-11-04') })).toBe(
      'Looks like a transfer: −$500.00 Checking on Nov 3 and +$500.00 Savings on Nov 4',
    );
  });
});
