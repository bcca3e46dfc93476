/** Transfers between the user's own accounts (issue 15): the routes, their refusals, and what the legs count towards. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHECKING, CREDIT_CARD, createAccount, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Json = Record<string, unknown>;

describe(`transfers API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let bookId: number;
  let checking: number;
  let savings: number;
  let card: number;
  let otherToken: string;
  let othersAccount: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
    ({ token, bookId } = await registerUser(t.app, 'transfers@example.com'));
    checking = await createAccount(t.app, token, { name: 'Checking' });
    savings = await createAccount(t.app, token, { name: 'Savings', account_type_id: 1 });
    card = await createAccount(t.app, token, {
      name: 'Visa',
      account_type_id: CREDIT_CARD,
      most_recent_balance: { current_balance: -300, date: '2026-11-01', limit: 5000 },
    });
    ({ token: otherToken } = await registerUser(t.app, 'someone-else@example.com'));
    othersAccount = await createAccount(t.app, otherToken, { name: 'Theirs' });
  });
  beforeEach(() => t.clock.set('2026-11-20T12:00:00Z'));
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown, as = token) =>
    asUser(t.app, as, { method, url, ...(payload !== undefined && { payload: payload as Json }) });
  const transferCount = async () => (await t.database.db.selectFrom('transfers').select('id').where('book_id', '=', bookId).execute()).length;
  const legCount = async () =>
    (await t.database.db.selectFrom('transactions').select('id').where('book_id', '=', bookId).where('transfer_id', 'is not', null).execute()).length;
  const monthOf = async (accountId: number) => (await call('GET', `/api/accounts/${accountId}/transactions/month/11/year/2026`)).json<Json[]>();
  const summaries = async () =>
    new Map((await call('GET', '/api/accounts/month/11/year/2026')).json<Array<{ id: number; month_summary: Json }>>().map((a) => [a.id, a.month_summary]));

  it('records a transfer as two legs, each shown in its account with the other account named', async () => {
    const created = await call('POST', '/api/transfers', { from_account_id: checking, to_account_id: savings, amount: 500, date: '2026-11-03', notes: ' Rainy day ' });
    expect(created.statusCode).toBe(201);
    const transfer = created.json<{ id: number; from_transaction_id: number; to_transaction_id: number }>();
    expect(transfer).toMatchObject({ from_account_id: checking, to_account_id: savings, amount: 500, date: '2026-11-03', notes: 'Rainy day' });

    const out = (await monthOf(checking)).find((row) => row.id === transfer.from_transaction_id);
    expect(out).toMatchObject({ type: 'expense', amount: 500, transfer_id: transfer.id, transfer_account: { id: savings, name: 'Savings' }, subcategories: [] });
    const into = (await monthOf(savings)).find((row) => row.id === transfer.to_transaction_id);
    expect(into).toMatchObject({ type: 'income', amount: 500, transfer_id: transfer.id, transfer_account: { id: checking, name: 'Checking' } });

    const all = (await call('GET', '/api/accounts/transactions/month/11/year/2026')).json<Array<{ id: number; transactions: Json[] }>>();
    expect(all.find((a) => a.id === checking)?.transactions.map((row) => row.transfer_id)).toContain(transfer.id);
    await call('DELETE', `/api/transfers/${transfer.id}`);
  });

  it('changes both balances but no income, spending, budget, Available to Spend or insight', async () => {
    const ids = await subcategoryIds(t.app, token);
    await call('POST', '/api/budgets', { transaction_subcategory_id: ids.Groceries, amount: 400, repeat_start: '2026-11-01' });
    await createTransaction(t.app, token, checking, { amount: 80, date: '2026-11-05', subcategories: [{ id: ids.Groceries }], emotion_names: ['negative'] });
    await createTransaction(t.app, token, checking, { type: 'income', amount: 1200, date: '2026-11-01' });
    const budgetsBefore = (await call('GET', '/api/budgets/month/11/year/2026')).json();
    const insightsBefore = (await call('GET', '/api/insights?from=2026-11&to=2026-11')).json();
    const purposesBefore = (await call('GET', '/api/purposes/month/11/year/2026')).json();
    const before = await summaries();

    const payment = await call('POST', '/api/transfers', { from_account_id: checking, to_account_id: card, amount: 250, date: '2026-11-10', notes: null });
    expect(payment.statusCode).toBe(201);

    const after = await summaries();
    expect(after.get(checking)).toMatchObject({
      income: before.get(checking)?.income,
      expenses: before.get(checking)?.expenses,
      ending_balance: Number(before.get(checking)?.ending_balance) - 250,
    });
    expect(after.get(card)).toMatchObject({ income: 0, expenses: 0, ending_balance: Number(before.get(card)?.ending_balance) + 250 });
    expect((await call('GET', '/api/budgets/month/11/year/2026')).json()).toEqual(budgetsBefore);
    expect((await call('GET', '/api/insights?from=2026-11&to=2026-11')).json()).toEqual(insightsBefore);
    expect((await call('GET', '/api/purposes/month/11/year/2026')).json()).toEqual(purposesBefore);
    await call('DELETE', `/api/transfers/${payment.json<{ id: number }>().id}`);
  });

  it('edits both legs together and removes both with the transfer or with either leg', async () => {
    const created = (await call('POST', '/api/transfers', { from_account_id: checking, to_account_id: savings, amount: 100, date: '2026-11-04' })).json<{
      id: number;
      from_transaction_id: number;
      to_transaction_id: number;
    }>();
    const patched = await call('PATCH', `/api/transfers/${created.id}`, { amount: 125.5, to_account_id: card, date: '2026-11-06', notes: 'Card payment' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ from_account_id: checking, to_account_id: card, amount: 125.5, date: '2026-11-06', notes: 'Card payment' });
    const leg = (await monthOf(card)).find((row) => row.id === created.to_transaction_id);
    expect(leg).toMatchObject({ amount: 125.5, date: '2026-11-06', notes: 'Card payment', transfer_account: { name: 'Checking' } });
    expect((await monthOf(savings)).some((row) => row.transfer_id === created.id)).toBe(false);

    // A leg is changed through its transfer, never alone.
    const alone = await call('PUT', `/api/transactions/${created.from_transaction_id}`, { type: 'expense', amount: 1, date: '2026-11-06' });
    expect(alone.statusCode).toBe(422);
    expect((await call('GET', `/api/transfers/${created.id}`)).json()).toMatchObject({ amount: 125.5 });

    const removedByLeg = await call('DELETE', `/api/transactions/${created.to_transaction_id}`);
    expect(removedByLeg.statusCode).toBe(204);
    expect((await call('GET', `/api/transfers/${created.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/transactions/${created.from_transaction_id}`)).statusCode).toBe(404);

    const second = (await call('POST', '/api/transfers', { from_account_id: savings, to_account_id: checking, amount: 20, date: '2026-11-07' })).json<{ id: number }>();
    expect((await call('DELETE', `/api/transfers/${second.id}`)).statusCode).toBe(204);
    expect(await transferCount()).toBe(0);
    expect(await legCount()).toBe(0);
  });

  it.each([
    ['the same account on both sides', () => ({ from_account_id: checking, to_account_id: checking, amount: 5, date: '2026-11-03' })],
    ['no amount', () => ({ from_account_id: checking, to_account_id: savings, date: '2026-11-03' })],
    ['a zero amount', () => ({ from_account_id: checking, to_account_id: savings, amount: 0, date: '2026-11-03' })],
    ['a negative amount', () => ({ from_account_id: checking, to_account_id: savings, amount: -5, date: '2026-11-03' })],
    ['three decimals', () => ({ from_account_id: checking, to_account_id: savings, amount: 1.005, date: '2026-11-03' })],
    ['an amount as text', () => ({ from_account_id: checking, to_account_id: savings, amount: '5', date: '2026-11-03' })],
    ['a date that does not exist', () => ({ from_account_id: checking, to_account_id: savings, amount: 5, date: '2026-02-30' })],
    ['an account id beyond any row', () => ({ from_account_id: 2 ** 31, to_account_id: savings, amount: 5, date: '2026-11-03' })],
    ['an unknown field', () => ({ from_account_id: checking, to_account_id: savings, amount: 5, date: '2026-11-03', type: 'income' })],
    ['huge notes', () => ({ from_account_id: checking, to_account_id: savings, amount: 5, date: '2026-11-03', notes: 'x'.repeat(6000) })],
    ['a list', () => [{ from_account_id: checking }]],
  ])('refuses %s with 422 and writes nothing', async (_name, body) => {
    const response = await call('POST', '/api/transfers', body());
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(/\w/);
    expect(await transferCount()).toBe(0);
    expect(await legCount()).toBe(0);
  });

  it("answers 404 for another user's account or transfer, and writes or changes nothing", async () => {
    const mine = (await call('POST', '/api/transfers', { from_account_id: checking, to_account_id: savings, amount: 10, date: '2026-11-03' })).json<{ id: number }>();
    for (const body of [
      { from_account_id: othersAccount, to_account_id: savings, amount: 5, date: '2026-11-03' },
      { from_account_id: checking, to_account_id: othersAccount, amount: 5, date: '2026-11-03' },
    ]) {
      expect((await call('POST', '/api/transfers', body)).statusCode).toBe(404);
    }
    expect((await call('PATCH', `/api/transfers/${mine.id}`, { to_account_id: othersAccount })).statusCode).toBe(404);
    expect((await call('GET', `/api/transfers/${mine.id}`, undefined, otherToken)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/transfers/${mine.id}`, { amount: 1 }, otherToken)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/transfers/${mine.id}`, undefined, otherToken)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/transfers/${mine.id}`, { to_account_id: checking })).statusCode).toBe(422);
    expect((await call('PATCH', `/api/transfers/${mine.id}`, {})).statusCode).toBe(422);
    expect((await call('GET', `/api/transfers/${mine.id}`)).json()).toMatchObject({ from_account_id: checking, to_account_id: savings, amount: 10 });
    expect((await call('DELETE', `/api/transfers/${mine.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/transfers/${mine.id}`)).statusCode).toBe(404);
    expect(await transferCount()).toBe(0);
  });

  it('keeps transfers through a backup and its restore, and refuses a file whose legs do not pair up', async () => {
    const made = (await call('POST', '/api/transfers', { from_account_id: checking, to_account_id: savings, amount: 75, date: '2026-11-09', notes: 'Backup me' })).json<{ id: number }>();
    const backup = (await call('GET', '/api/export/backup.json')).json<{ transactions: Array<{ id: number; transfer_id?: number | null; type: string }> }>();
    const legs = backup.transactions.filter((row) => row.transfer_id === made.id);
    expect(legs.map((row) => row.type).sort()).toEqual(['expense', 'income']);
    const restore = (as: string, body: unknown) =>
      asUser(t.app, as, { method: 'POST', url: '/api/import-backup', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

    const { token: broken } = await registerUser(t.app, 'restore-broken@example.com');
    const oneLeg = { ...backup, transactions: backup.transactions.filter((row) => !(row.transfer_id === made.id && row.type === 'income')) };
    const refused = await restore(broken, oneLeg);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain(`transfer ${made.id} needs one expense and one income`);

    const { token: restored } = await registerUser(t.app, 'restore-transfers@example.com');
    expect((await restore(restored, backup)).statusCode).toBe(201);
    const accounts = (await call('GET', '/api/accounts/transactions/month/11/year/2026', undefined, restored)).json<
      Array<{ name: string; transactions: Array<{ transfer_id: number | null; transfer_account: { name: string } | null; notes: string | null }> }>
    >();
    const leg = accounts.find((a) => a.name === 'Checking')?.transactions.find((row) => row.notes === 'Backup me');
    expect(leg?.transfer_id).toEqual(expect.any(Number));
    expect(leg?.transfer_account?.name).toBe('Savings');
    expect((await call('GET', `/api/transfers/${leg?.transfer_id}`, undefined, restored)).json()).toMatchObject({ amount: 75, notes: 'Backup me' });
    await call('DELETE', `/api/transfers/${made.id}`);
  });

  it('leaves the other leg as an ordinary row when an account with transfers is deleted', async () => {
    const spare = await createAccount(t.app, token, { name: 'Spare', account_type_id: CHECKING });
    const transfer = (await call('POST', '/api/transfers', { from_account_id: checking, to_account_id: spare, amount: 40, date: '2026-11-08' })).json<{
      from_transaction_id: number;
    }>();
    expect((await call('DELETE', `/api/accounts/${spare}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/transactions/${transfer.from_transaction_id}`)).json()).toMatchObject({ transfer_id: null, transfer_account: null });
    expect(await transferCount()).toBe(0);
    await call('DELETE', `/api/transactions/${transfer.from_transaction_id}`);
  });
});
