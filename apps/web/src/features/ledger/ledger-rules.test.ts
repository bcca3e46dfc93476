import { describe, expect, it } from 'vitest';
import { account } from '../../test/account-fixture';
import type { Transaction } from '@mindspend/api-contract';
import { bannerCounts, filterTransactions, NO_FILTERS } from './ledger-filters';
import { summaryFigures } from './summary-figures';

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 1,
    account_id: 1,
    amount: 10,
    type: 'expense',
    entity: null,
    entity_id: null,
    payee: null,
    description: null,
    notes: null,
    payment_method: null,
    purpose: null,
    emotions: [],
    emotion_names: [],
    second_feeling: null,
    feelings_by_member: [],
    date: '2026-11-22',
    date_short: '11/22/2026',
    date_js: '2026-11-22T12:00:00.000Z',
    day_of_week: 'Sunday',
    date_month: 11,
    date_day: 22,
    credit_amount: 10,
    debit_amount: null,
    absolute_value_amount: 10,
    pending: 0,
    transaction_category_id: null,
    subcategories: [],
    transfer_id: null,
    transfer_account: null,
    currency: 'USD',
    base_amount: 10,
    fx_rate: null,
    fx_date: null,
    ...overrides,
  };
}

const groceries = { id: 5, name: 'Groceries', emoji: '🛒', transaction_category_id: 2, type: 'expense' as const, amount: 10, pivot: { amount: 10 } };

describe('ledger filters and search', () => {
  const market = transaction({ id: 1, entity: { id: 3, name: 'Green Valley Farmers Market Inc.', name_short: 'Green Valley Farmers Market' }, subcategories: [groceries], emotion_names: ['positive'] });
  const salary = transaction({ id: 2, type: 'income', amount: 1500, absolute_value_amount: 1500, credit_amount: null, debit_amount: 1500, notes: 'November pay' });
  const list = [market, salary];

  it('passes everything with no filters', () => {
    expect(filterTransactions(list, NO_FILTERS)).toEqual(list);
  });

  it('filters by type and by category status', () => {
    expect(filterTransactions(list, { ...NO_FILTERS, type: 'income' })).toEqual([salary]);
    expect(filterTransactions(list, { ...NO_FILTERS, type: 'expense' })).toEqual([market]);
    expect(filterTransactions(list, { ...NO_FILTERS, category: 'uncategorized' })).toEqual([salary]);
    expect(filterTransactions(list, { ...NO_FILTERS, category: 'categorized' })).toEqual([market]);
    expect(filterTransactions(list, { type: 'expense', category: 'uncategorized', search: '' })).toEqual([]);
  });

  it('searches payee names, notes and sub-categories, ignoring case and surrounding spaces', () => {
    expect(filterTransactions(list, { ...NO_FILTERS, search: '  farmers ' })).toEqual([market]);
    expect(filterTransactions(list, { ...NO_FILTERS, search: 'NOVEMBER' })).toEqual([salary]);
    expect(filterTransactions(list, { ...NO_FILTERS, search: 'grocer' })).toEqual([market]);
    expect(filterTransactions(list, { ...NO_FILTERS, search: 'nothing like this' })).toEqual([]);
  });

  it('counts the uncategorized (with their total in cents) and those missing a feeling', () => {
    expect(bannerCounts(list)).toEqual({ uncategorizedCount: 1, uncategorizedCents: 150000, missingEmotionCount: 1 });
    expect(bannerCounts([])).toEqual({ uncategorizedCount: 0, uncategorizedCents: 0, missingEmotionCount: 0 });
  });
});

describe('summary panel figures per account type', () => {
  const month = { income: 1500, expenses: 94.25, transaction_count: 2, ending_balance: 2415.75, owed: null, available_credit: null };
  const cardMonth = { ...month, ending_balance: -394.25, owed: 394.25, available_credit: 4605.75 };

  it('checking: current balance as of its date and the month-end available balance', () => {
    expect(summaryFigures(account(), month)).toEqual([
      { label: 'Current Balance', cents: 100000, hint: 'as of 10/31/2026' },
      { label: 'Available Balance', cents: 241575, hint: 'at the end of the month' },
    ]);
  });

  it('checking of the credit-card subtype: the credit left under the limit, and the limit', () => {
    const labels = summaryFigures(account({ subtype: 'credit card' }), cardMonth).map((figure) => [figure.label, figure.cents]);
    expect(labels).toEqual([
      ['Current Balance', 100000],
      ['Available Balance', 460575],
      ['Limit', 500000],
    ]);
  });

  it('credit card: the limit less what is owed is available, never the debt itself (issue 36)', () => {
    const card = account({ account_type_id: 3, type: { id: 3, name: 'Credit card' } });
    expect(summaryFigures(card, cardMonth)).toEqual([
      { label: 'Available Balance', cents: 460575, hint: 'the limit less what is owed' },
      { label: 'Limit', cents: 500000 },
    ]);
  });

  it('credit card without a limit: a dash that says what is missing, not a figure that loads forever', () => {
    const card = account({ account_type_id: 3, type: { id: 3, name: 'Credit card' } });
    expect(summaryFigures(card, { ...cardMonth, available_credit: null })[0]).toEqual({
      label: 'Available Balance',
      cents: null,
      unknown: true,
      hint: 'add the card’s limit to see it',
    });
  });

  it('savings: total spent and a difference that is negative (cross) while nothing is budgeted', () => {
    const savings = account({ account_type_id: 1, type: { id: 1, name: 'Savings' } });
    expect(summaryFigures(savings, month)).toEqual([
      { label: 'Total Spent', cents: 9425 },
      { label: 'Difference', cents: -9425, ok: false },
    ]);
    expect(summaryFigures(savings, { ...month, expenses: 0 })[1]).toEqual({ label: 'Difference', cents: 0, ok: true });
  });

  it('shows figures as loading (null) until the month answers', () => {
    expect(summaryFigures(account(), null)[1]?.cents).toBeNull();
  });
});
