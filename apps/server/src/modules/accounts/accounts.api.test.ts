import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKING, CREDIT_CARD, createAccount, createTransaction } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

describe(`accounts API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await registerUser(t.app, 'accounts@example.com'));
    ({ token: otherToken } = await registerUser(t.app, 'other-accounts@example.com'));
  });
  afterAll(() => t.close());

  it('lists the three account types', async () => {
    const response = await asUser(t.app, token, { method: 'GET', url: '/api/accounts/types' });
    expect(response.json()).toEqual([
      { id: 1, name: 'Savings' },
      { id: 2, name: 'Checking' },
      { id: 3, name: 'Credit card' },
    ]);
    const viaPost = await asUser(t.app, token, { method: 'POST', url: '/api/accounts/types' });
    expect(viaPost.json()).toEqual(response.json());
  });

  it('creates an account with its opening balance as the most recent balance', async () => {
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: ' Visa ', account_type_id: CREDIT_CARD, most_recent_balance: { current_balance: -120.5, available_balance: 879.5, limit: 1000, date: '2026-11-05' } },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Visa',
      type: { id: 3, name: 'Credit card' },
      most_recent_balance: { current_balance: -120.5, available_balance: 879.5, limit: 1000, date: '2026-11-05' },
    });
    expect(response.json().balance).toHaveLength(1);
  });

  it("refuses an account without a type with 'Account type is not selected.' and saves nothing", async () => {
    const before = await asUser(t.app, token, { method: 'GET', url: '/api/accounts' });
    for (const accountTypeId of [undefined, 99]) {
      const response = await asUser(t.app, token, {
        method: 'POST',
        url: '/api/accounts',
        payload: { name: 'No type', account_type_id: accountTypeId, most_recent_balance: { current_balance: 1, date: '2026-11-01' } },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.account_type_id).toEqual(['Account type is not selected.']);
    }
    const after = await asUser(t.app, token, { method: 'GET', url: '/api/accounts' });
    expect(after.json()).toHaveLength(before.json().length);
  });

  it('refuses impossible dates and balances with too many decimals', async () => {
    const response = await asUser(t.app, token, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Bad', account_type_id: CHECKING, most_recent_balance: { current_balance: 1.234, date: '2026-02-30' } },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['most_recent_balance.current_balance', 'most_recent_balance.date']);
  });

  it('adds a changed balance to the history and keeps an unchanged one single', async () => {
    const id = await createAccount(t.app, token, { name: 'History' });
    const unchanged = await asUser(t.app, token, {
      method: 'PUT',
      url: `/api/accounts/${id}`,
      payload: { name: 'History renamed', account_type_id: CHECKING, most_recent_balance: { current_balance: 2500, date: '2026-11-01' } },
    });
    expect(unchanged.json()).toMatchObject({ name: 'History renamed', balance: [{ current_balance: 2500 }] });
    const changed = await asUser(t.app, token, {
      method: 'PATCH',
      url: `/api/accounts/${id}`,
      payload: { name: 'History renamed', account_type_id: CHECKING, most_recent_balance: { current_balance: 3100, date: '2026-11-15' } },
    });
    expect(changed.json().balance.map((b: { current_balance: number }) => b.current_balance)).toEqual([2500, 3100]);
    expect(changed.json().most_recent_balance).toMatchObject({ current_balance: 3100, date: '2026-11-15' });
  });

  it('computes the month ending balance from the balance date (spec §9)', async () => {
    const id = await createAccount(t.app, token, { name: 'Month', most_recent_balance: { current_balance: 1000, date: '2026-10-15' } });
    await createTransaction(t.app, token, id, { type: 'expense', amount: 40, date: '2026-10-10' });
    await createTransaction(t.app, token, id, { type: 'expense', amount: 100, date: '2026-10-20' });
    await createTransaction(t.app, token, id, { type: 'income', amount: 500, date: '2026-11-01' });
    const october = await asUser(t.app, token, { method: 'GET', url: '/api/accounts/month/10/year/2026' });
    const november = await asUser(t.app, token, { method: 'GET', url: '/api/accounts/month/11/year/2026' });
    const find = (list: Array<{ id: number; month_summary: unknown }>) => list.find((account) => account.id === id)?.month_summary;
    expect(find(october.json())).toEqual({ income: 0, expenses: 140, transaction_count: 2, ending_balance: 900, owed: null, available_credit: null });
    expect(find(november.json())).toEqual({ income: 500, expenses: 0, transaction_count: 1, ending_balance: 1400, owed: null, available_credit: null });
  });

  it("shows a card's limit less what it owes as available, moved by purchases and payments (issue 36)", async () => {
    const card = await createAccount(t.app, token, {
      name: 'Visa',
      account_type_id: CREDIT_CARD,
      most_recent_balance: { current_balance: 300, limit: 4000, date: '2026-10-15' },
    });
    const noLimit = await createAccount(t.app, token, { name: 'Store card', account_type_id: CREDIT_CARD, most_recent_balance: { current_balance: 80, date: '2026-10-15' } });
    await createTransaction(t.app, token, card, { type: 'expense', amount: 50, date: '2026-10-20' });
    await createTransaction(t.app, token, card, { type: 'income', amount: 200, date: '2026-11-03' });
    const month = async (m: number) =>
      (await asUser(t.app, token, { method: 'GET', url: `/api/accounts/month/${m}/year/2026` })).json<Array<{ id: number; month_summary: Record<string, unknown> }>>();
    const october = await month(10);
    const november = await month(11);
    const of = (list: typeof october, id: number) => list.find((account) => account.id === id)?.month_summary;
    expect(of(october, card)).toMatchObject({ owed: 350, available_credit: 3650 });
    expect(of(november, card)).toMatchObject({ owed: 150, available_credit: 3850 });
    expect(of(november, noLimit)).toMatchObject({ owed: 80, available_credit: null });
  });

  it('deletes an account with its transactions and balances', async () => {
    const id = await createAccount(t.app, token, { name: 'Doomed' });
    await createTransaction(t.app, token, id, {});
    const response = await asUser(t.app, token, { method: 'DELETE', url: `/api/accounts/${id}` });
    expect(response.statusCode).toBe(204);
    for (const table of ['transactions', 'account_balances'] as const) {
      const rows = await t.database.db.selectFrom(table).select('id').where('account_id', '=', id).execute();
      expect(rows).toHaveLength(0);
    }
    expect((await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${id}` })).statusCode).toBe(404);
  });

  it("never shows or changes another user's account", async () => {
    const id = await createAccount(t.app, token, { name: 'Private' });
    const attempts = [
      { method: 'GET' as const, url: `/api/accounts/${id}` },
      { method: 'PUT' as const, url: `/api/accounts/${id}`, payload: { name: 'Stolen', account_type_id: CHECKING } },
      { method: 'DELETE' as const, url: `/api/accounts/${id}` },
      { method: 'GET' as const, url: `/api/accounts/${id}/transactions/month/11/year/2026` },
      { method: 'POST' as const, url: `/api/accounts/${id}/transactions`, payload: { type: 'expense', amount: 1, date: '2026-11-01' } },
      { method: 'POST' as const, url: `/api/accounts/${id}/entities`, payload: { name: 'X' } },
    ];
    for (const attempt of attempts) {
      const response = await asUser(t.app, otherToken, attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    const lists = await asUser(t.app, otherToken, { method: 'GET', url: '/api/accounts' });
    expect(lists.json()).toEqual([]);
    const mine = await asUser(t.app, token, { method: 'GET', url: `/api/accounts/${id}` });
    expect(mine.json().name).toBe('Private');
  });
});
