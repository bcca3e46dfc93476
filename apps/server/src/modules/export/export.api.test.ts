import { BACKUP_MAX_BYTES, SPLITS_MUST_ADD_UP } from '@mindspend/api-contract';
import { readCsv } from '@mindspend/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_CARD, createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';

type Json = Record<string, unknown>;

const TABLES = [
  ['accounts', null],
  ['account_balances', 'current_balance_cents'],
  ['entities', null],
  ['transactions', 'amount_cents'],
  ['transaction_splits', 'amount_cents'],
  ['budgets', 'amount_cents'],
  ['budget_months', 'amount_cents'],
  ['income_sources', 'amount_cents'],
  ['goals', 'target_cents'],
] as const;

/** Drops ids (which a restore renumbers) so two users' answers can be compared. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Json)
        .filter(([key]) => key !== 'id' && !key.endsWith('_id') && key !== 'created_at_js')
        .map(([key, inner]) => [key, withoutIds(inner)]),
    );
  }
  return value;
}

describe(`export and backup API on ${TEST_DB}`, () => {
  let t: TestApp;
  let a: { token: string; userId: number; bookId: number };
  let checking: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-15T12:00:00Z');
    a = await registerUser(t.app, 'backup-a@example.com');
    const { token } = a;
    checking = await createAccount(t.app, token);
    const card = await createAccount(t.app, token, { name: 'Visa, "Gold"', account_type_id: CREDIT_CARD, most_recent_balance: { current_balance: -120.5, date: '2026-10-01' } });
    const grocer = await createEntity(t.app, token, checking, 'Grocer');
    const employer = await createEntity(t.app, token, checking, 'Acme Payroll');
    const evil = await createEntity(t.app, token, checking, '=HYPERLINK("http://x")');
    const ids = await subcategoryIds(t.app, token);
    const add = (account: number, payload: Json) => createTransaction(t.app, token, account, payload);
    await add(checking, {
      date: '2026-11-03', amount: 60, entity_id: grocer, emotion_names: ['mixed'], purpose: 'survival', payment_method: 'debit_card',
      notes: 'Weekly shop, "big" one\nwith milk', subcategories: [{ id: ids.Groceries, amount: 40 }, { id: ids['Household Supplies'], amount: 20 }],
    });
    const dinner = await add(card, { date: '2026-11-05', amount: 30.25, entity_id: evil, emotion_names: ['negative'], subcategories: [{ id: ids['Dining Out'] }], pending: 1 });
    await add(checking, { date: '2026-11-01', amount: 2500, type: 'income', entity_id: employer, subcategories: [{ id: ids.Paycheck }] });
    await add(checking, { date: '2026-10-20', amount: 12, description: '-cash withdrawal' });
    const call = (method: 'POST' | 'PATCH', url: string, payload: Json) => asUser(t.app, token, { method, url, payload });
    const bill = await call('POST', '/api/budgets', { transaction_subcategory_id: ids.Electric, due_in_full: 1, amount: 90, repeat_start: '2026-10-01', start_day: 20 });
    await call('PATCH', `/api/budgets/${bill.json<{ id: number }>().id}`, { month: 11, year: 2026, has_been_paid: 1, amount: 95 });
    await call('POST', '/api/budgets', { transaction_subcategory_id: ids.Groceries, amount: 400, repeat_start: '2026-11-01' });
    await call('POST', '/api/income-sources', { account_id: checking, entity_id: employer, amount: 2500, start_date: '2026-11-01', recurrence: 'every_x_days', x_days: 15 });
    await call('POST', '/api/goals', { name: 'Trip', target_amount: 3000, target_date: '2027-05-15', saved_amount: 600 });
    await call('POST', '/api/goals', { name: 'Buffer', target_amount: 1000, target_date: '2027-01-01', account_id: checking });
    // Issue 16: a second look, purpose targets and a month's reflection travel with the backup too.
    await call('PATCH', `/api/transactions/${dinner}`, { second_feeling: 'positive' });
    await asUser(t.app, token, { method: 'PUT', url: '/api/purpose-targets', payload: { survival: 45, optional: 35, culture: 10, unexpected: 10 } });
    await asUser(t.app, token, { method: 'PUT', url: '/api/reflections/month/10/year/2026', payload: { went_well: 'Cooked at home', change_next: 'Fewer "quick" dinners' } });
  });
  afterAll(() => t.close());

  async function tableFigures(bookId: number) {
    const figures: Record<string, [number, number]> = {};
    for (const [table, column] of TABLES) {
      const sum = column ? sql<number>`coalesce(sum(${sql.ref(column)}), 0)` : sql<number>`0`;
      const row = await t.database.db
        .selectFrom(table)
        .select([sql<number>`count(*)`.as('n'), sum.as('total')])
        .where('book_id', '=', bookId)
        .executeTakeFirstOrThrow();
      figures[table] = [Number(row.n), Number(row.total)];
    }
    return figures;
  }

  const exportBackup = async (token: string) => {
    const response = await asUser(t.app, token, { method: 'GET', url: '/api/export/backup.json' });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const restore = (token: string, payload: unknown) =>
    asUser(t.app, token, { method: 'POST', url: '/api/import-backup', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

  it('exports every transaction as a spreadsheet-safe CSV, expenses negative, one row per transaction', async () => {
    const response = await asUser(t.app, a.token, { method: 'GET', url: '/api/export/transactions.csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mindspend-transactions-2026-11-15.csv"');
    const rows = readCsv(response.body.replace(/^\uFEFF/, '')).map((record) => record.fields);
    expect(rows[0]).toEqual(['Date', 'Account', 'Payee', 'Type', 'Amount', 'Category', 'Sub-category', 'Feeling', 'Purpose', 'Payment method', 'Notes', 'Pending', 'Transfer']);
    expect(rows.slice(1)).toEqual([
      ['2026-10-20', 'Everyday Checking', "'-cash withdrawal", 'Expense', '-12.00', '', '', '', '', '', '', 'No', 'No'],
      ['2026-11-01', 'Everyday Checking', 'Acme Payroll', 'Income', '2500.00', 'Income', 'Paycheck', '', '', '', '', 'No', 'No'],
      ['2026-11-03', 'Everyday Checking', 'Grocer', 'Expense', '-60.00', 'Food; Shopping', 'Groceries (40.00); Household Supplies (20.00)', 'Mixed feelings', 'Survival', 'Debit Card', 'Weekly shop, "big" one\nwith milk', 'No', 'No'],
      ['2026-11-05', 'Visa, "Gold"', '\'=HYPERLINK("http://x")', 'Expense', '-30.25', 'Food', 'Dining Out', 'Regretted it', '', '', '', 'Yes', 'No'],
    ]);
  });

  it('round-trips the whole account into a new user: every table, count and sum, and the same screens', async () => {
    const exported = await exportBackup(a.token);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="mindspend-backup-2026-11-15.json"');
    const backup = exported.json<Json>();
    expect(backup).toMatchObject({ format: 'mindspend-backup', version: 1 });

    const b = await registerUser(t.app, 'backup-b@example.com');
    const restored = await restore(b.token, backup);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({
      message: 'Backup restored.',
      counts: { accounts: 2, transactions: 4, transaction_splits: 4, goals: 2, month_reflections: 1 },
    });
    expect(backup).toMatchObject({
      purpose_targets: { survival: 45, optional: 35, culture: 10, unexpected: 10 },
      month_reflections: [{ year: 2026, month: 10, went_well: 'Cooked at home', change_next: 'Fewer "quick" dinners' }],
    });
    expect((await asUser(t.app, b.token, { method: 'GET', url: '/api/purpose-targets' })).json()).toMatchObject({ targets: { survival: 45 } });
    const months = (await asUser(t.app, b.token, { method: 'GET', url: '/api/accounts/transactions/month/11/year/2026' })).json<Array<{ transactions: Array<{ amount: number; second_feeling: string | null }> }>>();
    expect(months.flatMap((account) => account.transactions).find((row) => row.amount === 30.25)?.second_feeling).toBe('positive');

    const [figuresA, figuresB] = [await tableFigures(a.bookId), await tableFigures(b.bookId)];
    expect(figuresB).toEqual(figuresA);
    expect(figuresA.transactions).toEqual([4, 6000 + 3025 + 250000 + 1200]);

    const same = async (url: string) => {
      const [fromA, fromB] = await Promise.all([asUser(t.app, a.token, { method: 'GET', url }), asUser(t.app, b.token, { method: 'GET', url })]);
      expect(fromB.statusCode, url).toBe(200);
      expect(withoutIds(fromB.json()), url).toEqual(withoutIds(fromA.json()));
    };
    await same('/api/accounts/transactions/month/11/year/2026');
    await same('/api/accounts/transactions/month/10/year/2026');
    await same('/api/accounts/month/11/year/2026');
    await same('/api/budgets/month/11/year/2026');
    await same('/api/income-sources/expected/month/11/year/2026');
    await same('/api/goals');
    await same('/api/insights?from=2026-10&to=2026-11');
    // A second export of the copy is the same file apart from its ids.
    expect(withoutIds({ ...(await exportBackup(b.token)).json<Json>(), exported_at: 0 })).toEqual(withoutIds({ ...backup, exported_at: 0 }));

    const again = await restore(b.token, backup);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: 'Backups can only be restored into an empty account.' });
    expect(await tableFigures(b.bookId)).toEqual(figuresA);
  });

  it('refuses malformed, foreign and wrong-version files with a clear message and writes nothing', async () => {
    const backup = (await exportBackup(a.token)).json<Json & { transactions: Json[]; accounts: Json[]; goals: Json[] }>();
    const c = await registerUser(t.app, 'backup-c@example.com');
    const before = await tableFigures(c.bookId);
    const cases: Array<[unknown, RegExp]> = [
      [{ ...backup, version: 2 }, /not a Mindspend backup of format version 1/],
      [{ hello: 'world' }, /not a Mindspend backup of format version 1/],
      [[1, 2, 3], /must be the JSON object Mindspend exports/],
      [{ ...backup, transactions: [{ ...backup.transactions[0], amount_cents: 'lots' }] }, /transactions\[0\]\.amount_cents/],
      [{ ...backup, transactions: [...backup.transactions, { ...backup.transactions[0], id: 999_999, date: '2026-02-30' }] }, /transactions\[4\]\.date/],
      // Foreign: points at user A's real account, which is not part of the file.
      [{ ...backup, accounts: backup.accounts.slice(1) }, /refers to account \d+ that it does not contain/],
      [{ ...backup, goals: [{ ...backup.goals[0], account_id: 424242 }] }, /refers to account 424242 that it does not contain \(goal \d+\)/],
      [{ ...backup, transactions: [{ ...backup.transactions[0], amount_cents: 1, splits: [{ subcategory_id: 99999, amount_cents: 1 }] }] }, /sub-category 99999/],
      [{ ...backup, accounts: [...backup.accounts, backup.accounts[0]] }, /two accounts share an id/],
    ];
    for (const [payload, message] of cases) {
      const response = await restore(c.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(422);
      expect(response.json<{ message: string }>().message).toMatch(message);
      expect(response.json()).toMatchObject({ errors: { backup: expect.any(Array) } });
    }
    const notJson = await asUser(t.app, c.token, { method: 'POST', url: '/api/import-backup', payload: '{"format":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(await tableFigures(c.bookId)).toEqual(before);
    expect(before.transactions).toEqual([0, 0]);
  });

  it('refuses a split that does not add up exactly as creating it does (issue 12)', async () => {
    const backup = (await exportBackup(a.token)).json<Json & { transactions: Array<Json & { splits: Array<{ subcategory_id: number }> }> }>();
    const split = backup.transactions.find((transaction) => transaction.splits.length > 0);
    const subcategoryId = split?.splits[0]?.subcategory_id;
    if (!split || subcategoryId === undefined) throw new Error('the fixture has no categorized transaction');
    const e = await registerUser(t.app, 'backup-split@example.com');
    const account = await createAccount(t.app, e.token);

    const created = await asUser(t.app, e.token, {
      method: 'POST',
      url: `/api/accounts/${account}/transactions`,
      payload: { type: 'expense', amount: 30.3, date: '2026-11-10', subcategories: [{ id: subcategoryId, amount: 0.01 }] },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject({ errors: { subcategories: [SPLITS_MUST_ADD_UP] } });

    // Restored into an empty account, where nothing but the split rule stands in the way.
    const f = await registerUser(t.app, 'backup-split-restore@example.com');
    const before = await tableFigures(f.bookId);
    const bad = { ...split, amount_cents: 3030, splits: [{ subcategory_id: subcategoryId, amount_cents: 1 }] };
    const restored = await restore(f.token, { ...backup, transactions: [bad] });
    expect(restored.statusCode).toBe(422);
    expect(restored.json<{ message: string }>().message).toContain(SPLITS_MUST_ADD_UP);
    expect(await tableFigures(f.bookId)).toEqual(before);
  });

  it('refuses a backup over 100 MB with 413 before reading it', async () => {
    const c = await registerUser(t.app, 'backup-big@example.com');
    const huge = `{"format":"mindspend-backup","pad":"${'x'.repeat(BACKUP_MAX_BYTES)}"}`;
    const response = await asUser(t.app, c.token, { method: 'POST', url: '/api/import-backup', payload: huge, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('exports nothing of anyone else', async () => {
    const d = await registerUser(t.app, 'backup-d@example.com');
    const backup = (await exportBackup(d.token)).json<Json>();
    expect(backup).toMatchObject({ accounts: [], entities: [], transactions: [], budgets: [], income_sources: [], goals: [] });
    const csv = await asUser(t.app, d.token, { method: 'GET', url: '/api/export/transactions.csv' });
    expect(readCsv(csv.body.replace(/^\uFEFF/, ''))).toHaveLength(1);
    expect(checking).toBeGreaterThan(0);
  });
});
