import { describe, expect, it } from 'vitest';
import { transaction } from '../../test/transaction-fixture';
import { shareCents } from './budget-transactions';

const line = (id: number, amount: number) => ({ id, name: `Sub ${id}`, emoji: '🛒', transaction_category_id: 2, type: 'expense' as const, amount, pivot: { amount } });

describe('what a transaction puts on a budget, in the book’s currency (DECISIONS.md #90)', () => {
  it('counts a transaction in the book’s currency as it is, its split share likewise', () => {
    expect(shareCents(transaction({ amount: 42 }), 5)).toBe(4200);
    expect(shareCents(transaction({ amount: 42, subcategories: [line(5, 30), line(6, 12)] }), 6)).toBe(1200);
  });

  it('counts one in another currency at its base amount, a split share at its part of it', () => {
    const inEuros = transaction({ amount: 41.5, currency: 'EUR', base_amount: 44.91, fx_rate: '1.0822', fx_date: '2026-11-21' });
    expect(shareCents(inEuros, 5)).toBe(4491);
    expect(shareCents({ ...inEuros, subcategories: [line(5, 20.75), line(6, 20.75)] }, 6)).toBe(2246);
  });
});
