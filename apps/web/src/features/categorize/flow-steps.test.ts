import { describe, expect, it } from 'vitest';
import type { Transaction } from '@mindspend/api-contract';
import { PayeeMemory, categorizeBody, emotionBody, missingEmotionSteps, prefillChoice, saveLabel, stepHeader, uncategorizedSteps } from './flow-steps';

let nextId = 1;
function tx(over: Partial<Transaction> = {}): Transaction {
  const amount = over.absolute_value_amount ?? 10;
  return {
    id: nextId++, account_id: 1, amount, type: 'expense', entity: null, entity_id: 5, payee: null, description: null, notes: null,
    payment_method: null, purpose: null, emotions: [], emotion_names: [], second_feeling: null, feelings_by_member: [], date: '2026-10-05', date_short: '10/05/2026',
    date_js: '2026-10-05T12:00:00', day_of_week: 'Monday', date_month: 10, date_day: 5, credit_amount: amount, debit_amount: null,
    absolute_value_amount: amount, pending: 0, transaction_category_id: null, subcategories: [], transfer_id: null, transfer_account: null,
    currency: 'USD', base_amount: amount, fx_rate: null, fx_date: null, ...over,
  };
}
const line = (id: number, categoryId: number) => ({
  id, name: 'Sub', emoji: '🛍️', transaction_category_id: categoryId, type: 'expense' as const, amount: 10, pivot: { amount: 10 },
});

describe('steps and their header (spec §4)', () => {
  it('steps through uncategorized or feeling-less transactions with n of total, a percent and the remaining amount', () => {
    const list = [tx({ absolute_value_amount: 12.5 }), tx({ subcategories: [line(1, 1)], emotion_names: ['positive'] }), tx({ absolute_value_amount: 7.25 })];
    const steps = uncategorizedSteps(list);
    expect(steps).toHaveLength(2);
    expect(missingEmotionSteps(list)).toHaveLength(2);
    expect(stepHeader(steps, 0)).toEqual({ counter: '1 of 2', percent: 0, remainingCents: 1975 });
    expect(stepHeader(steps, 1)).toEqual({ counter: '2 of 2', percent: 50, remainingCents: 725 });
    expect([saveLabel(0, 2), saveLabel(1, 2)]).toEqual(['Save & Next', 'Save & Finish']);
  });
});

describe('prefillChoice', () => {
  it('takes this session\'s last choice for the payee first, then its newest categorized transaction', () => {
    const memory = new PayeeMemory();
    const target = tx({ entity_id: 9 });
    const older = tx({ entity_id: 9, date: '2026-10-01', subcategories: [line(11, 2)] });
    const newer = tx({ entity_id: 9, date: '2026-10-03', subcategories: [line(12, 2)] });
    const otherPayee = tx({ entity_id: 4, date: '2026-10-04', subcategories: [line(13, 3)] });
    const income = tx({ entity_id: 9, type: 'income', date: '2026-10-04', subcategories: [line(14, 1)] });
    const history = [older, newer, otherPayee, income, target];
    expect(prefillChoice(target, memory, history)).toEqual({ categoryId: 2, subcategoryId: 12 });
    memory.remember(tx({ entity_id: 9 }), { categoryId: 6, subcategoryId: 60 });
    expect(prefillChoice(target, memory, history)).toEqual({ categoryId: 6, subcategoryId: 60 });
    expect(prefillChoice(tx({ entity_id: 77 }), memory, history)).toBeNull();
  });
});

describe('bodies', () => {
  it('categorize sends one sub-category with the whole amount; emotions send exactly one feeling', () => {
    const t = tx({ absolute_value_amount: 42.5, type: 'income', date: '2026-10-09' });
    expect(categorizeBody(t, 3)).toEqual({ type: 'income', amount: 42.5, date: '2026-10-09', subcategories: [{ id: 3, amount: 42.5 }] });
    expect(emotionBody(t, 'mixed')).toEqual({ type: 'income', amount: 42.5, date: '2026-10-09', emotion_names: ['mixed'] });
  });
});
