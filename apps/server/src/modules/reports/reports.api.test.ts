import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKING, CREDIT_CARD, createAccount, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

const SAVINGS = 1;
const MONTHS = [
  { key: '2026-08', month: 8, year: 2026, end: '2026-08-31' },
  { key: '2026-09', month: 9, year: 2026, end: '2026-09-30' },
  { key: '2026-10', month: 10, year: 2026, end: '2026-10-31' },
  { key: '2026-11', month: 11, year: 2026, end: '2026-11-30' },
];

interface AccountMonthWire {
  type: { name: string };
  subtype: string | null;
  most_recent_balance: { current_balance: number; available_balance: number } | null;
  balance: Array<{ date: string }>;
  month_summary: { income: number; expenses: number; ending_balance: number; owed: number | null };
  transactions?: Array<{ id: number; type: 'income' | 'expense'; amount: number }>;
}

const cents = (dollars: number) => Math.round(dollars * 100);

describe(`reports API on ${TEST_DB}`, () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let checking: number;
  let card: number;
  const legIds: number[] = [];

  /** A transfer as the transfers work will write it: two legs sharing a `transfers` row (docs/DECISIONS.md #47). */
  async function linkTransfer(userToken: string, from: number, to: number, amount: number, date: string) {
    const out = await createTransaction(t.app, userToken, from, { type: 'expense', amount, date });
    const into = await createTransaction(t.app, userToken, to, { type: 'income', amount, date });
    const db = t.database.db;
    const { book_id } = await db.selectFrom('transactions').select('book_id').where('id', '=', out).executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('transfers')
      .values({ book_id, from_transaction_id: out, to_transaction_id: into, created_at: '2026-11-15T12:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('transactions').set({ transfer_id: id }).where('id', 'in', [out, into]).execute();
    return [out, into];
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    ({ token } = await registerUser(t.app, 'reports@example.com'));
    checking = await createAccount(t.app, token, { most_recent_balance: { current_balance: 2500, date: '2026-09-01' } });
    card = await createAccount(t.app, token, {
      name: 'Card',
      account_type_id: CREDIT_CARD,
      most_recent_balance: { current_balance: 400, date: '2026-09-01', limit: 2000 },
    });
    // A checking account of the card subtype is a card too; its first reading comes after August.
    const cardLike = await createAccount(t.app, token, {
      name: 'Store card',
      account_type_id: CHECKING,
      subtype: 'credit card',
      most_recent_balance: { current_balance: 100, date: '2026-09-10', limit: 500 },
    });
    await createAccount(t.app, token, { name: 'Savings', account_type_id: SAVINGS, most_recent_balance: { current_balance: 1000, date: '2026-09-01' } });
    // A later reading of checking: months from October on start from it.
    const reread = await asUser(t.app, token, {
      method: 'PUT',
      url: `/api/accounts/${checking}`,
      payload: { name: 'Everyday Checking', account_type_id: CHECKING, most_recent_balance: { current_balance: 3000, date: '2026-10-15' } },
    });
    expect(reread.statusCode).toBe(200);

    const ids = await subcategoryIds(t.app, token);
    const add = (account: number, payload: Record<string, unknown>) => createTransaction(t.app, token, account, payload);
    await add(checking, { type: 'income', amount: 3000, date: '2026-09-01' });
    await add(checking, { date: '2026-09-05', amount: 100, emotion_names: ['positive'], purpose: 'survival', subcategories: [{ id: ids.Groceries, amount: 100 }] });
    await add(checking, { date: '2026-09-20', amount: 50, emotion_names: ['negative'], purpose: 'optional', subcategories: [{ id: ids['Alcohol & Bars'], amount: 50 }] });
    await add(card, { date: '2026-10-05', amount: 30, emotion_names: ['negative'], purpose: 'culture', subcategories: [{ id: ids['Dining Out'], amount: 30 }] });
    await add(checking, { date: '2026-10-06', amount: 60 });
    await add(cardLike, { date: '2026-10-25', amount: 15.5 });
    await add(checking, {
      date: '2026-11-03',
      amount: 60,
      emotion_names: ['mixed'],
      purpose: 'survival',
      subcategories: [{ id: ids.Groceries, amount: 40 }, { id: ids['Household Supplies'], amount: 20 }],
    });
    await add(checking, { type: 'income', amount: 500, date: '2026-11-07' });
    // Paying the card from checking: a transfer, in neither income nor spending.
    legIds.push(...(await linkTransfer(token, checking, card, 200, '2026-10-20')));

    // Another person's money in the same months must never show up.
    ({ token: otherToken } = await registerUser(t.app, 'reports-other@example.com'));
    const theirs = await createAccount(t.app, otherToken, { most_recent_balance: { current_balance: 99_999, date: '2026-08-01' } });
    await createTransaction(t.app, otherToken, theirs, { type: 'income', amount: 7777, date: '2026-10-02' });
    await createTransaction(t.app, otherToken, theirs, { amount: 888, date: '2026-10-03', purpose: 'survival' });
  });
  afterAll(() => t.close());

  const get = (url: string, as = token) => asUser(t.app, as, { method: 'GET', url: `/api/reports/${url}` });

  it('answers cash flow for every month of the range, transfers left out', async () => {
    const response = await get('cash-flow?from=2026-08&to=2026-11');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { month: '2026-08', income: 0, expenses: 0, net: 0 },
      { month: '2026-09', income: 3000, expenses: 150, net: 2850 },
      { month: '2026-10', income: 0, expenses: 105.5, net: -105.5 },
      { month: '2026-11', income: 500, expenses: 60, net: 440 },
    ]);
  });

  it('agrees with the ledger month: income − expenses of its rows without transfer legs', async () => {
    const flow = (await get('cash-flow?from=2026-08&to=2026-11')).json<Array<{ month: string; income: number; expenses: number; net: number }>>();
    for (const { key, month, year } of MONTHS) {
      const ledger = await asUser(t.app, token, { method: 'GET', url: `/api/accounts/transactions/month/${month}/year/${year}` });
      const rows = ledger.json<AccountMonthWire[]>().flatMap((account) => account.transactions ?? []).filter((row) => !legIds.includes(row.id));
      const income = rows.filter((row) => row.type === 'income').reduce((sum, row) => sum + cents(row.amount), 0);
      const expenses = rows.filter((row) => row.type === 'expense').reduce((sum, row) => sum + cents(row.amount), 0);
      const reported = flow.find((row) => row.month === key);
      expect([cents(reported?.income ?? NaN), cents(reported?.expenses ?? NaN), cents(reported?.net ?? NaN)]).toEqual([income, expenses, income - expenses]);
    }
  });

  it('answers net worth at each month end: assets less what the cards owe, a transfer changing nothing', async () => {
    const response = await get('net-worth?from=2026-08&to=2026-11');
    expect(response.statusCode).toBe(200);
    // October: checking 3000 read on the 15th − 200 paid to the card = 2800, savings 1000;
    // the card owed 400 + 30 spent − 200 paid = 230, the store card 100 + 15.50.
    expect(response.json()).toEqual([
      // August: no account had a balance yet, so none is counted (not September's drawn back).
      { month: '2026-08', accounts_counted: 0, assets: 0, liabilities: 0, net_worth: 0 },
      { month: '2026-09', accounts_counted: 4, assets: 3350, liabilities: 500, net_worth: 2850 },
      { month: '2026-10', accounts_counted: 4, assets: 3800, liabilities: 345.5, net_worth: 3454.5 },
      { month: '2026-11', accounts_counted: 4, assets: 4240, liabilities: 345.5, net_worth: 3894.5 },
    ]);
  });

  it('answers each month the same whatever month the range starts at (what came before is carried in)', async () => {
    const whole = (await get('net-worth?from=2026-08&to=2026-11')).json<unknown[]>();
    expect((await get('net-worth?from=2026-10&to=2026-11')).json()).toEqual(whole.slice(2));
    expect((await get('net-worth?from=2026-11&to=2026-11')).json()).toEqual(whole.slice(3));
  });

  it('agrees with the accounts screen: the sum of its ending balances, what cards owe counted against, from each first balance on', async () => {
    const worth = (await get('net-worth?from=2026-08&to=2026-11')).json<Array<{ month: string; assets: number; liabilities: number; net_worth: number }>>();
    for (const { key, month, year, end } of MONTHS) {
      // An account counts from its first balance on (DECISIONS.md #82); the screen shows it earlier.
      const accounts = (await asUser(t.app, token, { method: 'GET', url: `/api/accounts/month/${month}/year/${year}` }))
        .json<AccountMonthWire[]>()
        .filter((account) => (account.balance[0]?.date ?? '9999') <= end);
      const isCard = (account: AccountMonthWire) => account.type.name === 'Credit card' || account.subtype === 'credit card';
      const assets = accounts.filter((account) => !isCard(account)).reduce((sum, account) => sum + cents(account.month_summary.ending_balance), 0);
      // What each card owes at the month's end, as the ledger's card figures show it (issue 36).
      const owed = accounts.filter(isCard).reduce((sum, account) => sum + cents(account.month_summary.owed ?? NaN), 0);
      const reported = worth.find((row) => row.month === key);
      expect([cents(reported?.assets ?? NaN), cents(reported?.liabilities ?? NaN), cents(reported?.net_worth ?? NaN)]).toEqual([assets, owed, assets - owed]);
    }
  });

  it('answers spending per month by category, sub-category, purpose and feeling, transfers left out', async () => {
    const spending = async (group: string) => {
      const response = await get(`spending?from=2026-08&to=2026-11&group=${group}`);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect(await spending('category')).toEqual([
      { month: '2026-09', group: 'Food', amount: 150 },
      { month: '2026-10', group: 'Uncategorized', amount: 75.5 },
      { month: '2026-10', group: 'Food', amount: 30 },
      { month: '2026-11', group: 'Food', amount: 40 },
      { month: '2026-11', group: 'Shopping', amount: 20 },
    ]);
    expect(await spending('subcategory')).toEqual([
      { month: '2026-09', group: 'Groceries', amount: 100 },
      { month: '2026-09', group: 'Alcohol & Bars', amount: 50 },
      { month: '2026-10', group: 'Uncategorized', amount: 75.5 },
      { month: '2026-10', group: 'Dining Out', amount: 30 },
      { month: '2026-11', group: 'Groceries', amount: 40 },
      { month: '2026-11', group: 'Household Supplies', amount: 20 },
    ]);
    expect(await spending('purpose')).toEqual([
      { month: '2026-09', group: 'Survival', amount: 100 },
      { month: '2026-09', group: 'Optional', amount: 50 },
      { month: '2026-10', group: 'No purpose', amount: 75.5 },
      { month: '2026-10', group: 'Culture', amount: 30 },
      { month: '2026-11', group: 'Survival', amount: 60 },
    ]);
    expect(await spending('feeling')).toEqual([
      { month: '2026-09', group: 'Felt good', amount: 100 },
      { month: '2026-09', group: 'Regretted it', amount: 50 },
      { month: '2026-10', group: 'No feeling', amount: 75.5 },
      { month: '2026-10', group: 'Regretted it', amount: 30 },
      { month: '2026-11', group: 'Mixed feelings', amount: 60 },
    ]);
  });

  it('defaults to the 12 months ending with the current month', async () => {
    const flow = (await get('cash-flow')).json<Array<{ month: string }>>();
    expect(flow.map((row) => row.month)).toEqual([
      '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
    ]);
    expect((await get('net-worth')).json()).toHaveLength(12);
    expect((await get('spending?group=feeling')).json()).toHaveLength(5);
  });

  it('builds the answer afresh after a change and reuses it until then', async () => {
    const before = await get('cash-flow?from=2026-11&to=2026-11');
    const again = await asUser(t.app, token, { method: 'GET', url: '/api/reports/cash-flow?from=2026-11&to=2026-11', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const id = await createTransaction(t.app, token, checking, { amount: 9.99, date: '2026-11-12' });
    expect((await get('cash-flow?from=2026-11&to=2026-11')).json()).toEqual([{ month: '2026-11', income: 500, expenses: 69.99, net: 430.01 }]);
    expect((await asUser(t.app, token, { method: 'DELETE', url: `/api/transactions/${id}` })).statusCode).toBe(204);
    expect((await get('cash-flow?from=2026-11&to=2026-11')).json()).toEqual([{ month: '2026-11', income: 500, expenses: 60, net: 440 }]);
  });

  it("shows another person only their own money", async () => {
    expect((await get('cash-flow?from=2026-10&to=2026-10', otherToken)).json()).toEqual([{ month: '2026-10', income: 7777, expenses: 888, net: 6889 }]);
    expect((await get('net-worth?from=2026-10&to=2026-10', otherToken)).json()).toEqual([{ month: '2026-10', accounts_counted: 1, assets: 99_999 + 7777 - 888, liabilities: 0, net_worth: 99_999 + 7777 - 888 }]);
    expect((await get('spending?from=2026-10&to=2026-10&group=purpose', otherToken)).json()).toEqual([{ month: '2026-10', group: 'Survival', amount: 888 }]);
  });

  it('answers a person without accounts or transactions with zero months', async () => {
    const { token: fresh } = await registerUser(t.app, 'reports-new@example.com');
    expect((await get('net-worth?from=2026-10&to=2026-11', fresh)).json()).toEqual([
      { month: '2026-10', accounts_counted: 0, assets: 0, liabilities: 0, net_worth: 0 },
      { month: '2026-11', accounts_counted: 0, assets: 0, liabilities: 0, net_worth: 0 },
    ]);
    expect((await get('spending?from=2026-10&to=2026-11&group=category', fresh)).json()).toEqual([]);
  });

  it('refuses malformed, reversed and over-long ranges and unknown groupings with 422 and a sentence', async () => {
    for (const report of ['net-worth', 'cash-flow', 'spending']) {
      const group = report === 'spending' ? '&group=category' : '';
      const refused = async (query: string) => {
        const response = await get(`${report}?${query}${group}`);
        expect(response.statusCode).toBe(422);
        return response.json<{ message: string }>().message;
      };
      expect(await refused('from=2026-11&to=2026-09')).toBe('The end month must not be before the start month.');
      expect(await refused('from=2016-01&to=2026-01')).toBe('Choose at most 120 months (ten years).');
      expect(await refused('from=2026-1&to=2026-02')).toBe('The month must be written YYYY-MM, e.g. 2026-11.');
      expect(await refused('from=2026-13&to=2026-12')).toBe('The month must be written YYYY-MM, e.g. 2026-11.');
      expect(await refused('from=2026-01')).toBe('Send both from and to, or neither.');
      expect((await get(`${report}?from=2016-02&to=2026-01${group}`)).statusCode).toBe(200);
    }
    expect((await get('spending?from=2026-01&to=2026-02&group=payee')).json()).toMatchObject({ message: 'The selected group is invalid.' });
    expect((await get('spending?from=2026-01&to=2026-02')).statusCode).toBe(422);
  });

  it('answers 401 without a sign-in', async () => {
    for (const url of ['net-worth', 'cash-flow', 'spending?group=category']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/reports/${url}` });
      expect(response.statusCode).toBe(401);
    }
  });
});
