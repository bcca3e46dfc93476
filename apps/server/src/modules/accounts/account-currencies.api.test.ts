/**
 * Accounts in their own currency (issue 27, DECISIONS.md #90): a EUR account in a USD book keeps
 * its amounts in euros, and the book's figures (reports, budgets) count them in dollars at the rate
 * of their day; a day without a rate is refused, never guessed; a transfer between currencies says
 * what arrived; an import into the account converts each row.
 */
import {
  ACCOUNT_CURRENCY_LOCKED,
  ACCOUNT_CURRENCY_UNKNOWN,
  type Account,
  type AccountMonth,
  type Transaction,
  type Transfer,
  baseCurrencyWithOtherAccounts,
  noRateForAmountMessage,
  transferToAmountRequired,
} from '@mindspend/api-contract';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { uploadStatement } from '../../test/uploads';

describe(`accounts in their own currency, on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let bookId: number;
  let checking: number;
  let euros: number;
  let groceries: number;
  let coffee: number;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    asUser(t.app, token, { method, url, ...(payload && { payload }) });
  const newAccount = (name: string, extra: object = {}) =>
    call('POST', '/api/accounts', { name, account_type_id: 2, most_recent_balance: { current_balance: 1000, date: '2026-11-01' }, ...extra });
  const storedOf = (transactionId: number) =>
    t.database.db
      .selectFrom('transactions')
      .select(['amount_cents', 'account_amount_cents', 'fx_rate', 'fx_date'])
      .where('id', '=', transactionId)
      .executeTakeFirstOrThrow();
  const countIn = async (accountId: number) =>
    Number(
      (await t.database.db.selectFrom('transactions').select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-26T12:00:00Z');
    ({ token, bookId } = await registerUser(t.app, 'currencies@example.com'));
    checking = (await newAccount('Everyday Checking')).json<Account>().id;
    for (const [currency, date, rate] of [['EUR', '2026-11-10', '1.08'], ['EUR', '2026-11-24', '1.1'], ['JPY', '2026-11-10', '0.0066']] as const) {
      const set = await call('PUT', `/api/fx-rates/${currency}/${date}`, { rate });
      expect(set.statusCode, set.body).toBeLessThan(300);
    }
    const [food] = (await call('GET', '/api/transactions/categories/expenses')).json<Array<{ subcategories: Array<{ id: number }> }>>();
    [groceries = 0, coffee = 0] = (food?.subcategories ?? []).map((subcategory) => subcategory.id);
  });
  afterAll(() => t?.close());

  it('opens an account in euros, in the book currency when none is said, and refuses an unknown code', async () => {
    const created = await newAccount('Girokonto', { currency: 'EUR' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Girokonto', currency: 'EUR', most_recent_balance: { current_balance: 1000 } });
    euros = created.json<Account>().id;
    expect((await call('GET', `/api/accounts/${checking}`)).json()).toMatchObject({ currency: 'USD' });

    const before = (await call('GET', '/api/accounts')).json<Account[]>().length;
    for (const code of ['eur', 'EURO', 'XYZ']) {
      const refused = await newAccount('Nope', { currency: code });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: { currency: [ACCOUNT_CURRENCY_UNKNOWN] } });
    }
    const halfYen = await newAccount('Yen', { currency: 'JPY', most_recent_balance: { current_balance: 1000.5, date: '2026-11-01' } });
    expect(halfYen.json()).toMatchObject({ errors: { most_recent_balance: ['JPY amounts have no decimal places.'] } });
    expect((await call('GET', '/api/accounts')).json<Account[]>()).toHaveLength(before);
  });

  it('keeps a purchase in euros and counts it in dollars at the rate of its day, split lines and all', async () => {
    const created = await call('POST', `/api/accounts/${euros}/transactions`, {
      type: 'expense',
      amount: 41.5,
      date: '2026-11-20',
      subcategories: [
        { id: groceries, amount: 40 },
        { id: coffee, amount: 1.5 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    // €41.50 at 1.08 (the rate of 10 November, the latest before the 20th) is $44.82.
    expect(created.json()).toMatchObject({
      amount: 41.5,
      currency: 'EUR',
      base_amount: 44.82,
      fx_rate: '1.08',
      fx_date: '2026-11-10',
      subcategories: [{ amount: 40 }, { amount: 1.5 }],
    });
    const id = created.json<Transaction>().id;
    const lines = await t.database.db.selectFrom('transaction_splits').select(['amount_cents', 'account_amount_cents']).where('transaction_id', '=', id).orderBy('id').execute();
    expect(lines.map((line) => [Number(line.amount_cents), Number(line.account_amount_cents)])).toEqual([
      [4320, 4000],
      [162, 150],
    ]);

    // The book's reports count dollars; the account's own figures stay in euros.
    const flow = (await call('GET', '/api/reports/cash-flow?from=2026-11&to=2026-11')).json<Array<{ expenses: number }>>();
    expect(flow.at(-1)?.expenses).toBe(44.82);
    const month = (await call('GET', '/api/accounts/month/11/year/2026')).json<AccountMonth[]>().find((account) => account.id === euros);
    expect(month?.month_summary).toMatchObject({ expenses: 41.5, ending_balance: 958.5 });

    // A new day takes that day's rate: €41.50 at 1.10 is $45.65.
    const moved = await call('PATCH', `/api/transactions/${id}`, { type: 'expense', amount: 41.5, date: '2026-11-25' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ amount: 41.5, base_amount: 45.65, fx_rate: '1.1', fx_date: '2026-11-24', subcategories: [{ amount: 40 }, { amount: 1.5 }] });
    const movedLines = await t.database.db.selectFrom('transaction_splits').select('amount_cents').where('transaction_id', '=', id).orderBy('id').execute();
    expect(movedLines.reduce((sum, line) => sum + Number(line.amount_cents), 0)).toBe(4565);
  });

  it('refuses a purchase on a day with no rate on or before it, and writes nothing', async () => {
    const before = await countIn(euros);
    const refused = await call('POST', `/api/accounts/${euros}/transactions`, { type: 'expense', amount: 12, date: '2026-11-02' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { date: [noRateForAmountMessage('EUR', 'USD', '2026-11-02')] } });
    expect(await countIn(euros)).toBe(before);
  });

  it('keeps an account’s currency once it has transactions, and lets an empty one change', async () => {
    const locked = await call('PATCH', `/api/accounts/${euros}`, { name: 'Girokonto', account_type_id: 2, currency: 'USD' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ errors: { currency: [ACCOUNT_CURRENCY_LOCKED] } });
    const empty = (await newAccount('Travel Cash')).json<Account>().id;
    const changed = await call('PATCH', `/api/accounts/${empty}`, { name: 'Travel Cash', account_type_id: 2, currency: 'JPY' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ currency: 'JPY' });
  });

  it('moves money between currencies only when told what arrived, and keeps both amounts', async () => {
    const url = '/api/transfers';
    const missing = await call('POST', url, { from_account_id: euros, to_account_id: checking, amount: 100, date: '2026-11-25' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { to_amount: [transferToAmountRequired('EUR', 'USD')] } });

    const created = await call('POST', url, { from_account_id: euros, to_account_id: checking, amount: 100, to_amount: 108.5, date: '2026-11-25' });
    expect(created.statusCode, created.body).toBe(201);
    const transfer = created.json<Transfer>();
    expect(transfer).toMatchObject({ amount: 100, to_amount: 108.5 });
    expect(await storedOf(transfer.from_transaction_id)).toMatchObject({ account_amount_cents: 10000, fx_rate: '1.1' });
    expect(Number((await storedOf(transfer.from_transaction_id)).amount_cents)).toBe(11000);
    expect(await storedOf(transfer.to_transaction_id)).toMatchObject({ account_amount_cents: null, fx_rate: null });
    expect(Number((await storedOf(transfer.to_transaction_id)).amount_cents)).toBe(10850);

    // Changing only the notes keeps what arrived; changing the amount sent asks again.
    const noted = await call('PATCH', `${url}/${transfer.id}`, { notes: 'Rent share' });
    expect(noted.json()).toMatchObject({ amount: 100, to_amount: 108.5, notes: 'Rent share' });
    const resent = await call('PATCH', `${url}/${transfer.id}`, { amount: 120 });
    expect(resent.statusCode).toBe(422);
    expect(resent.json()).toMatchObject({ errors: { to_amount: [transferToAmountRequired('EUR', 'USD')] } });
  });

  it('converts each row of a statement imported into the euro account', async () => {
    const csv = ['Date,Description,Amount', '11/21/2026,BÄCKEREI KAMPS,-3.20', '11/25/2026,REWE MARKT,-58.40'].join('\n');
    const { job } = await uploadStatement(t.app, token, euros, csv);
    expect(job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const rows = await t.database.db
      .selectFrom('transactions')
      .select(['amount_cents', 'account_amount_cents', 'fx_rate'])
      .where('account_id', '=', euros)
      .where('import_key', 'is not', null)
      .orderBy('date')
      .execute();
    expect(rows.map((row) => [Number(row.account_amount_cents), Number(row.amount_cents), row.fx_rate])).toEqual([
      [320, 346, '1.08'],
      [5840, 6424, '1.1'],
    ]);
  });

  it('keeps the base currency while an account keeps another one', async () => {
    const refused = await call('PATCH', `/api/books/${bookId}`, { base_currency: 'GBP' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { base_currency: [baseCurrencyWithOtherAccounts(['EUR', 'JPY'])] } });
    expect((await call('GET', `/api/accounts/${checking}`)).json()).toMatchObject({ currency: 'USD' });
  });

  it('converts the figures again when a rate of their day is entered, and back when it is removed', async () => {
    const purchase = async () =>
      (await call('GET', '/api/accounts/' + euros + '/transactions/month/11/year/2026')).json<Transaction[]>().find((row) => row.amount === 41.5);
    expect(await purchase()).toMatchObject({ base_amount: 45.65, fx_rate: '1.1', fx_date: '2026-11-24' });

    expect((await call('PUT', '/api/fx-rates/EUR/2026-11-25', { rate: '1.2' })).statusCode).toBeLessThan(300);
    const dearer = await purchase();
    expect(dearer).toMatchObject({ amount: 41.5, base_amount: 49.8, fx_rate: '1.2', fx_date: '2026-11-25' });
    const lines = await t.database.db.selectFrom('transaction_splits').select('amount_cents').where('transaction_id', '=', dearer?.id ?? 0).execute();
    expect(lines.reduce((sum, line) => sum + Number(line.amount_cents), 0)).toBe(4980);
    const flow = (await call('GET', '/api/reports/cash-flow?from=2026-11&to=2026-11')).json<Array<{ expenses: number }>>();
    // €41.50 and €58.40 at 1.2 on the 25th, €3.20 at 1.08 on the 21st.
    expect(flow.at(-1)?.expenses).toBe(123.34);

    expect((await call('DELETE', '/api/fx-rates/EUR/2026-11-25')).statusCode).toBe(204);
    expect(await purchase()).toMatchObject({ base_amount: 45.65, fx_rate: '1.1', fx_date: '2026-11-24' });
  });

  it('counts each account at the month end’s rate in net worth, not its euros as dollars', async () => {
    const report = (await call('GET', '/api/reports/net-worth?from=2026-10&to=2026-11')).json<Array<{ month: string; accounts_counted: number; net_worth: number }>>();
    // No account was open in October; at November's end: $1,000 + $108.50 arrived, €796.90 at 1.1, ¥1,000 at 0.0066.
    expect(report).toEqual([
      expect.objectContaining({ month: '2026-10', accounts_counted: 0, net_worth: 0 }),
      expect.objectContaining({ month: '2026-11', accounts_counted: 3, net_worth: 1108.5 + 876.59 + 6.6 }),
    ]);
  });

  it('counts a goal that follows the euro account in dollars at today’s rate', async () => {
    const goal = await call('POST', '/api/goals', { name: 'Trip home', target_amount: 5000, target_date: '2027-06-01', account_id: euros });
    expect(goal.statusCode, goal.body).toBe(201);
    // The account's balance of €1,000.00 at the rate of 24 November, 1.1.
    expect(goal.json()).toMatchObject({ saved: 1100, account_id: euros });
  });

  it('imports a EUR statement into the euro account only once there is a rate for its days, each row converted', async () => {
    const ofx = readFileSync(new URL('../../../../../packages/domain/src/imports/fixtures/ofx-eur-curdef.ofx', import.meta.url));
    const before = await countIn(euros);
    const early = await uploadStatement(t.app, token, euros, ofx, 'girokonto.ofx', 'application/x-ofx');
    // October has no rate yet: the statement is refused whole, saying which rate is missing.
    expect(early.job).toMatchObject({ status: 'failed' });
    expect(early.job).toMatchObject({ error: noRateForAmountMessage('EUR', 'USD', '2026-10-06') });
    expect(await countIn(euros)).toBe(before);

    expect((await call('PUT', '/api/fx-rates/EUR/2026-10-01', { rate: '1.07' })).statusCode).toBeLessThan(300);
    const { job } = await uploadStatement(t.app, token, euros, ofx, 'girokonto.ofx', 'application/x-ofx');
    expect(job).toMatchObject({ status: 'completed', rows_imported: 2 });
    const rows = await t.database.db
      .selectFrom('transactions')
      .select(['type', 'amount_cents', 'account_amount_cents', 'fx_rate', 'fx_date'])
      .where('account_id', '=', euros)
      .where('date', '<', '2026-11-01')
      .orderBy('date')
      .execute();
    expect(rows.map((row) => [row.type, Number(row.account_amount_cents), Number(row.amount_cents), row.fx_date])).toEqual([
      ['expense', 4280, 4580, '2026-10-01'],
      ['income', 215000, 230050, '2026-10-01'],
    ]);
  });

  it('counts a budget’s spending in dollars, from the euro purchase’s share of its converted amount', async () => {
    const budget = await call('POST', '/api/budgets', { transaction_subcategory_id: groceries, amount: 500, repeat_start: '2026-11-01' });
    expect(budget.statusCode, budget.body).toBe(201);
    const month = (await call('GET', '/api/budgets/month/11/year/2026')).json<{ budgets: Array<{ transaction_subcategory_id: number; spent: number }> }>();
    const spent = month.budgets.find((row) => row.transaction_subcategory_id === groceries)?.spent;
    const lines = await t.database.db
      .selectFrom('transaction_splits as s')
      .innerJoin('transactions as t', 't.id', 's.transaction_id')
      .select(['s.amount_cents', 's.account_amount_cents'])
      .where('s.subcategory_id', '=', groceries)
      .where('t.book_id', '=', bookId)
      .where('t.date', '>=', '2026-11-01')
      .execute();
    // The €40.00 line of €41.50 at 1.1 is $44.00 of the $45.65: the budget counts that, not 40.
    expect(lines.map((line) => [Number(line.account_amount_cents), Number(line.amount_cents)])).toContainEqual([4000, 4400]);
    expect(spent).toBe(lines.reduce((sum, line) => sum + Number(line.amount_cents), 0) / 100);
  });
});
