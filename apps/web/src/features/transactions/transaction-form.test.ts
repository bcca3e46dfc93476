import { describe, expect, it } from 'vitest';
import type { Transaction } from '@mindspend/api-contract';
import { discardDraft, hasNewDraft, keepDraft, readDraft, selectEntityInDraft } from './transaction-draft';
import { emptyTransactionForm, formFromTransaction, newSplitRow, startSplit, transactionBodyFrom } from './transaction-form';

const line = (id: number, amount: number) => ({ id, name: `Sub ${id}`, emoji: '🛒', transaction_category_id: 2, type: 'expense' as const, amount, pivot: { amount } });

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 9, account_id: 1, amount: 84.25, type: 'expense', entity: { id: 3, name: 'Market', name_short: 'Market' }, entity_id: 3,
    payee: null, description: 'CARD 1234', notes: 'weekly', payment_method: 'debit_card', purpose: 'survival', emotions: ['positive'],
    emotion_names: ['positive'], second_feeling: null, feelings_by_member: [], date: '2026-11-22', date_short: '11/22/2026', date_js: '', day_of_week: 'Sunday', date_month: 11, date_day: 22,
    credit_amount: 84.25, debit_amount: null, absolute_value_amount: 84.25, pending: 0, transaction_category_id: 2, subcategories: [line(5, 84.25)], transfer_id: null, transfer_account: null,
    currency: 'USD', base_amount: 84.25, fx_rate: null, fx_date: null,
    ...overrides,
  };
}

describe('transaction form → API body', () => {
  it('sends a new expense with one sub-category taking the whole amount, amounts unformatted', () => {
    const values = { ...emptyTransactionForm('2026-11-22'), type: 'expense' as const, amount: '1,234.50', entityId: 3, categoryId: 2, subcategoryId: 5, feeling: 'negative' as const, purpose: 'optional' as const, notes: '  ' };
    expect(transactionBodyFrom(values)).toEqual({
      type: 'expense', amount: 1234.5, date: '2026-11-22', entity_id: 3, notes: null, payment_method: null, purpose: 'optional',
      emotion_names: ['negative'], subcategories: [{ id: 5, amount: 1234.5 }],
    });
  });

  it('leaves out what the server must complain about (no type, no amount) and clears feelings and categories', () => {
    const body = transactionBodyFrom({ ...emptyTransactionForm(''), amount: 'abc' });
    expect(body).toEqual({ entity_id: null, notes: null, payment_method: null, purpose: null, emotion_names: [], subcategories: [] });
  });

  it('sends each split row once with its own amount; empty rows are skipped', () => {
    const values = {
      ...emptyTransactionForm('2026-11-22'), type: 'expense' as const, amount: '84.25', split: true,
      splitRows: [newSplitRow(5, '60'), newSplitRow(6, '24.25'), newSplitRow(null, ''), newSplitRow(5, '1')],
    };
    expect(transactionBodyFrom(values).subcategories).toEqual([{ id: 5, amount: 60 }, { id: 6, amount: 24.25 }]);
  });

  it('opens a one-line transaction in the category pickers and a split one in split rows', () => {
    const single = formFromTransaction(transaction());
    expect(single).toMatchObject({ type: 'expense', amount: '84.25', categoryId: 2, subcategoryId: 5, split: false, feeling: 'positive', purpose: 'survival', notes: 'weekly', description: 'CARD 1234' });
    const split = formFromTransaction(transaction({ subcategories: [line(5, 60), line(6, 24.25)] }));
    expect(split.split).toBe(true);
    expect(split.splitRows.map((row) => [row.subcategoryId, row.amount])).toEqual([[5, '60.00'], [6, '24.25']]);
    expect(transactionBodyFrom(split).subcategories).toEqual([{ id: 5, amount: 60 }, { id: 6, amount: 24.25 }]);
  });

  it('starts a split from the chosen sub-category with the whole amount plus an empty row', () => {
    const values = startSplit({ ...emptyTransactionForm(''), amount: '50', subcategoryId: 5 });
    expect(values.splitRows.map((row) => [row.subcategoryId, row.amount])).toEqual([[5, '50'], [null, '']]);
  });
});

describe('transaction drafts (spec §4)', () => {
  it('keeps the new draft, selects the just-created payee in it, and forgets it on cancel', () => {
    const values = { ...emptyTransactionForm('2026-11-22'), type: 'expense' as const, amount: '84.25' };
    keepDraft({ form: 'new' }, values);
    expect(hasNewDraft()).toBe(true);
    selectEntityInDraft({ form: 'new' }, 42);
    expect(readDraft({ form: 'new' })).toEqual({ ...values, entityId: 42 });
    discardDraft({ form: 'new' });
    expect(readDraft({ form: 'new' })).toBeNull();
    expect(hasNewDraft()).toBe(false);
  });

  it('keeps an edit draft only for its own transaction', () => {
    const values = emptyTransactionForm('2026-11-22');
    keepDraft({ form: 'edit', transactionId: 7 }, values);
    expect(readDraft({ form: 'edit', transactionId: 8 })).toBeNull();
    expect(readDraft({ form: 'edit', transactionId: 7 })).toEqual(values);
    discardDraft({ form: 'edit', transactionId: 8 });
    expect(readDraft({ form: 'edit', transactionId: 7 })).toEqual(values);
    discardDraft({ form: 'edit', transactionId: 7 });
    expect(readDraft({ form: 'edit', transactionId: 7 })).toBeNull();
  });
});
