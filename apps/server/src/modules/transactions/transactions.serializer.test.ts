import { FEELING_VALUES, PAYMENT_METHOD_VALUES, PURPOSE_VALUES } from '@mindspend/domain';
import { type Transaction, transactionsResponse } from '@mindspend/api-contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { presentTransactions } from './transactions.presenter';
import { serializeTransactions } from './transactions.serializer';

const anyString = fc.string({ unit: 'binary', maxLength: 20 });
const money = fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }).map((cents) => cents / 100);
const line = fc.record({
  id: fc.nat(),
  name: anyString,
  emoji: anyString,
  transaction_category_id: fc.nat(),
  type: fc.constantFrom('income' as const, 'expense' as const),
  amount: money,
  pivot: fc.record({ amount: money }),
});
const transaction: fc.Arbitrary<Transaction> = fc.record({
  id: fc.nat(),
  account_id: fc.nat(),
  amount: money,
  type: fc.constantFrom('income' as const, 'expense' as const),
  entity: fc.option(fc.record({ id: fc.nat(), name: anyString, name_short: anyString })),
  entity_id: fc.option(fc.nat()),
  payee: fc.option(anyString),
  description: fc.option(anyString),
  notes: fc.option(anyString),
  payment_method: fc.option(fc.constantFrom(...PAYMENT_METHOD_VALUES)),
  purpose: fc.option(fc.constantFrom(...PURPOSE_VALUES)),
  emotions: fc.array(fc.constantFrom(...FEELING_VALUES), { maxLength: 1 }),
  emotion_names: fc.array(fc.constantFrom(...FEELING_VALUES), { maxLength: 1 }),
  second_feeling: fc.option(fc.constantFrom(...FEELING_VALUES)),
  feelings_by_member: fc.array(
    fc.record({
      user_id: fc.nat(),
      first_name: fc.option(anyString),
      feeling: fc.option(fc.constantFrom(...FEELING_VALUES)),
      second_feeling: fc.option(fc.constantFrom(...FEELING_VALUES)),
    }),
    { maxLength: 2 },
  ),
  date: anyString,
  date_short: anyString,
  date_js: anyString,
  day_of_week: anyString,
  date_month: fc.nat(),
  date_day: fc.nat(),
  credit_amount: fc.option(money),
  debit_amount: fc.option(money),
  absolute_value_amount: money,
  pending: fc.constantFrom(0, 1),
  transaction_category_id: fc.option(fc.nat()),
  subcategories: fc.array(line, { maxLength: 3 }),
  transfer_id: fc.option(fc.nat()),
  transfer_account: fc.option(fc.record({ id: fc.nat(), name: anyString })),
  currency: fc.constantFrom('USD', 'EUR', 'JPY'),
  base_amount: money,
  fx_rate: fc.option(fc.constantFrom('1.0823', '0.0064')),
  fx_date: fc.option(anyString),
});

describe('the transaction list serializer', () => {
  it('writes exactly what the zod response schema would: same keys, order, escaping and numbers', () => {
    fc.assert(
      fc.property(fc.array(transaction, { maxLength: 5 }), (list) => {
        expect(serializeTransactions(list)).toBe(JSON.stringify(transactionsResponse.parse(list)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the presenter feeding that serializer', () => {
  it('builds rows with only the schema\'s keys, in its order, so JSON.stringify writes the wire shape', () => {
    const row = {
      id: 7, account_id: 2, entity_id: 3, type: 'expense' as const, amount_cents: 1234, date: '2026-11-10', description: null,
      notes: 'n', payment_method: 'cash', purpose: 'survival', emotion: 'positive', second_feeling: 'negative', pending: 0, entity_name: 'Fred Meyer #441', entity_name_short: 'Fred Meyer',
      transfer_id: 5, transfer_account_id: 4, transfer_account_name: 'Savings', account_amount_cents: 1140, fx_rate: '1.0823', fx_date: '2026-11-09',
    };
    const splits = [
      { transaction_id: 7, subcategory_id: 20, amount_cents: 1234, account_amount_cents: 1140, name: 'Groceries', emoji: '🛒', type: 'expense' as const, category_id: 4 },
    ];
    const list = presentTransactions([row], splits, { base: 'USD', byAccount: new Map([[2, 'EUR']]) });
    // The account's own amount is the row's; the book's figure is beside it.
    expect(list[0]).toMatchObject({ amount: 11.4, base_amount: 12.34, currency: 'EUR', fx_rate: '1.0823', subcategories: [{ amount: 11.4 }] });
    expect(serializeTransactions(list)).toBe(JSON.stringify(transactionsResponse.parse(list)));
  });
});
