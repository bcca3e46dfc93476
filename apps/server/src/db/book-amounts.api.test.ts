/**
 * Amounts a book's currency can hold (issue 27, DECISIONS.md #89): in a book kept in yen, an amount
 * with a fraction of a yen is a 422 naming the field, on every write that takes an amount, and
 * nothing is written; whole yen are recorded, and a book in euros keeps its cents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../test/test-app';

const NO_YEN_FRACTIONS = 'JPY amounts have no decimal places.';

describe(`amounts the book's currency can hold, on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let bookId: number;
  let checking: number;
  let savings: number;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) => asUser(t.app, token, { method, url, ...(payload && { payload }) });
  const count = async (table: 'transactions' | 'transfers' | 'goals' | 'accounts') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('book_id', '=', bookId).executeTakeFirstOrThrow()).n);
  const account = async (name: string, balance: number) =>
    call('POST', '/api/accounts', { name, account_type_id: 2, most_recent_balance: { current_balance: balance, date: '2026-11-01' } });

  beforeAll(async () => {
    t = await createTestApp();
    ({ token, bookId } = await registerUser(t.app, 'yen-book@example.com'));
    expect((await call('PATCH', `/api/books/${bookId}`, { base_currency: 'JPY' })).statusCode).toBe(200);
    checking = (await account('Yen Checking', 250_000)).json<{ id: number }>().id;
    savings = (await account('Yen Savings', 1_000_000)).json<{ id: number }>().id;
  });
  afterAll(() => t?.close());

  it('refuses an account whose balance has a fraction of a yen, and creates none', async () => {
    const before = await count('accounts');
    const refused = await account('Half Yen', 1000.5);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: NO_YEN_FRACTIONS, errors: { most_recent_balance: [NO_YEN_FRACTIONS] } });
    expect(await count('accounts')).toBe(before);
  });

  it('records whole yen and refuses ¥12.50, as a whole amount or as a split line', async () => {
    const [food] = (await call('GET', '/api/transactions/categories/expenses')).json<Array<{ subcategories: Array<{ id: number }> }>>();
    const [first, second] = food?.subcategories ?? [];
    const url = `/api/accounts/${checking}/transactions`;
    const whole = await call('POST', url, { type: 'expense', amount: 1250, date: '2026-11-20' });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json()).toMatchObject({ amount: 1250 });

    const before = await count('transactions');
    const fraction = await call('POST', url, { type: 'expense', amount: 12.5, date: '2026-11-20' });
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json()).toMatchObject({ errors: { amount: [NO_YEN_FRACTIONS] } });
    const split = await call('POST', url, {
      type: 'expense',
      amount: 1000,
      date: '2026-11-20',
      subcategories: [
        { id: first?.id, amount: 999.5 },
        { id: second?.id, amount: 0.5 },
      ],
    });
    expect(split.statusCode).toBe(422);
    expect(split.json()).toMatchObject({ errors: { subcategories: [NO_YEN_FRACTIONS] } });
    expect(await count('transactions')).toBe(before);

    const edit = await call('PATCH', `/api/transactions/${whole.json<{ id: number }>().id}`, { amount: 1250.25 });
    expect(edit.statusCode).toBe(422);
    const kept = await call('GET', `/api/transactions/${whole.json<{ id: number }>().id}`);
    expect(kept.json()).toMatchObject({ amount: 1250 });
  });

  it('refuses a transfer or a goal in fractions of a yen', async () => {
    const transfers = await count('transfers');
    const transfer = await call('POST', '/api/transfers', { from_account_id: checking, to_account_id: savings, amount: 5000.01, date: '2026-11-21' });
    expect(transfer.statusCode).toBe(422);
    expect(transfer.json()).toMatchObject({ errors: { amount: [NO_YEN_FRACTIONS] } });
    expect(await count('transfers')).toBe(transfers);

    const goals = await count('goals');
    const goal = await call('POST', '/api/goals', { name: 'Kyoto', target_amount: 300_000, saved_amount: 0.99, target_date: '2027-05-01' });
    expect(goal.statusCode).toBe(422);
    expect(goal.json()).toMatchObject({ errors: { saved_amount: [NO_YEN_FRACTIONS] } });
    expect(await count('goals')).toBe(goals);
  });

  it('keeps cents in a book kept in euros', async () => {
    expect((await call('PATCH', `/api/books/${bookId}`, { base_currency: 'EUR' })).statusCode).toBe(200);
    const cents = await call('POST', `/api/accounts/${checking}/transactions`, { type: 'expense', amount: 12.34, date: '2026-11-22' });
    expect(cents.statusCode, cents.body).toBe(201);
    expect(cents.json()).toMatchObject({ amount: 12.34 });
  });
});
