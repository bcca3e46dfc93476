import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`ledger API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let accountId: number;
  let entityId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await registerUser(t.app, 'ledger@example.com'));
    const account = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Everyday Checking', account_type_id: 2, most_recent_balance: { current_balance: 2500, date: '2026-11-01' } },
    });
    expect(account.statusCode).toBe(201);
    accountId = account.json().id;
    const entity = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/accounts/${accountId}/entities`,
      payload: { name: 'Fred Meyer #441', address_line1: '100 NW 20th Pl', city: 'Portland', state: 'or', zipcode: '97209' },
    });
    expect(entity.statusCode).toBe(201);
    entityId = entity.json().id;
  });
  afterAll(() => t.close());

  it('records a split expense with a feeling and shows it in the month with the spec fields', async () => {
    const categories = await asUser(t.app, token, { method: 'GET', url: '/api/transactions/categories/expenses' });
    const food = categories.json().find((category: { name: string }) => category.name === 'Food');
    const [groceries, coffee] = food.subcategories;
    const created = await asUser(t.app, token, {
      method: 'POST',
      url: `/api/accounts/${accountId}/transactions`,
      payload: {
        type: 'expense',
        amount: 84.5,
        date: '2026-11-22',
        entity_id: entityId,
        purpose: 'survival',
        emotion_names: ['positive'],
        payment_method: 'debit_card',
        subcategories: [
          { id: groceries.id, amount: 80 },
          { id: coffee.id, amount: 4.5 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const month = await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${accountId}/transactions/month/11/year/2026` });
    expect(month.statusCode).toBe(200);
    const [row] = month.json();
    expect(row).toMatchObject({
      amount: 84.5,
      credit_amount: 84.5,
      debit_amount: null,
      day_of_week: 'Sunday',
      date_short: '11/22/2026',
      emotion_names: ['positive'],
      entity: { name: 'Fred Meyer #441', name_short: 'Fred Meyer' },
    });
    expect(row.subcategories.map((line: { pivot: { amount: number } }) => line.pivot.amount)).toEqual([80, 4.5]);

    const summary = await asUser(t.app, token, { method: 'GET', url: '/api/accounts/month/11/year/2026' });
    expect(summary.json()[0].month_summary).toEqual({ income: 0, expenses: 84.5, transaction_count: 1, ending_balance: 2415.5, owed: null, available_credit: null });

    const all = await asUser(t.app, token, { method: 'GET', url: '/api/accounts/transactions/month/11/year/2026' });
    expect(all.json()[0].transactions).toHaveLength(1);

    const search = await asUser(t.app, token, { method: 'GET', url: '/api/transactions/search?query=meyer' });
    expect(search.json()).toHaveLength(1);
  });
});
