/** A transaction as the API sends it, for the web's unit tests: a $42.00 expense in a USD book. */
import type { Transaction } from '@mindspend/api-contract';

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 5, account_id: 1, amount: 42, type: 'expense', entity: { id: 3, name: 'Market', name_short: 'Market' }, entity_id: 3, payee: null,
    description: null, notes: null, payment_method: null, purpose: null, emotions: [], emotion_names: [], second_feeling: null,
    feelings_by_member: [], date: '2026-11-22', date_short: '11/22/2026', date_js: '2026-11-22T12:00:00', day_of_week: 'Sunday', date_month: 11,
    date_day: 22, credit_amount: 42, debit_amount: null, absolute_value_amount: 42, pending: 0, transaction_category_id: null, subcategories: [],
    transfer_id: null, transfer_account: null, currency: 'USD', base_amount: 42, fx_rate: null, fx_date: null,
    ...overrides,
  };
}
