/**
 * Switching in one step (issue 34; DECISIONS.md #98): each app's export of our own brings its
 * accounts, categories, splits and transfers, with every account's total equal to the source's;
 * the same export uploaded again adds nothing; bad uploads are refused with a message.
 */
import { appAccountTotals, readFireflyExport, readMintExport, readYnabExport, type AppExport } from '@mindspend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleActualExport } from '../../test/actual-export-zip';
import { statementFixture } from '../../test/statement-ledger';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { type UploadPart, multipartBody } from '../../test/uploads';
import { readActualExport } from './actual-export';

interface Summary {
  accounts_created: number;
  accounts_matched: number;
  categories_created: number;
  transactions: number;
  splits: number;
  transfers: number;
  duplicates_skipped: number;
  left_behind: Array<{ source: string; reason: string }>;
  left_behind_count: number;
}

const ynabRegister = () => statementFixture('switching-ynab-register.csv');
const ynabBudget = () => statementFixture('switching-ynab-budget.csv');
const mintCsv = () => statementFixture('switching-mint-transactions.csv');
const fireflyCsv = () => statementFixture('switching-firefly-export.csv');

describe(`switching from another app on ${TEST_DB}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00Z');
  });
  afterAll(() => t.close());

  const send = (token: string, fields: Record<string, string>, files: UploadPart[]) => {
    const body = multipartBody(fields, files);
    return asUser(t.app, token, { method: 'POST', url: '/api/imports/from-app', headers: body.headers, payload: body.payload });
  };
  const csv = (content: Buffer, field = 'file'): UploadPart => ({ name: `${field}.csv`, type: 'text/csv', content, field });

  /** Each account's signed total in the book, by account name, in the account's currency. */
  const bookTotals = async (email: string) => {
    const rows = await t.database.db
      .selectFrom('transactions as t')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .innerJoin('users as u', 'u.email', 'u.email')
      .innerJoin('books as b', (join) => join.onRef('b.personal_user_id', '=', 'u.id').onRef('b.id', '=', 'a.book_id'))
      .where('u.email', '=', email)
      .select(['a.name', 't.type', 't.amount_cents', 't.account_amount_cents'])
      .execute();
    // In the account's own currency, as the app showed it.
    const totals = new Map<string, number>();
    for (const row of rows) totals.set(row.name, (totals.get(row.name) ?? 0) + (row.type === 'expense' ? -1 : 1) * Number(row.account_amount_cents ?? row.amount_cents));
    return totals;
  };

  const expectTotalsOf = async (email: string, source: AppExport) => {
    const expected = appAccountTotals(source);
    const actual = await bookTotals(email);
    for (const [account, cents] of expected) expect(actual.get(account) ?? 0, account).toBe(cents);
  };

  it('YNAB: accounts, categories under "From YNAB", splits and transfers, totals as in YNAB; again adds nothing', async () => {
    const email = 'switch-ynab@example.com';
    const { token } = await registerUser(t.app, email);
    const source = readYnabExport(ynabRegister().toString('utf8'), ynabBudget().toString('utf8'));
    const first = await send(token, { app: 'ynab' }, [csv(ynabRegister()), csv(ynabBudget(), 'budget')]);
    expect(first.statusCode, first.body).toBe(201);
    const summary = first.json<Summary>();
    expect(summary.accounts_created).toBe(source.accounts.length);
    expect(summary.transactions).toBe(source.transactions.length);
    expect(summary.transfers).toBe(source.transfers.length);
    expect(summary.transfers).toBeGreaterThanOrEqual(2);
    expect(summary.splits).toBeGreaterThanOrEqual(1);
    expect(summary.left_behind.some((entry) => entry.reason.includes('monthly budget amounts'))).toBe(true);
    await expectTotalsOf(email, source);

    // Categories Mindspend lacks are the book's own, under "From YNAB"; Groceries is the default tree's.
    const tree = (await asUser(t.app, token, { method: 'GET', url: '/api/transactions/categories' })).json<
      Array<{ name: string; type: string; subcategories: Array<{ id: number; name: string }> }>
    >();
    const fromYnab = tree.filter((category) => category.name === 'From YNAB').flatMap((category) => category.subcategories.map((sub) => sub.name));
    expect(summary.categories_created).toBeGreaterThan(0);
    expect(fromYnab).toHaveLength(summary.categories_created);
    expect(fromYnab).not.toContain('Groceries');
    // Categories of the budget file with money planned and nothing spent yet come along.
    expect(fromYnab).toEqual(expect.arrayContaining(['Vacation', 'Old Gym']));
    const transfers = await t.database.db.selectFrom('transfers').select('id').execute();
    expect(transfers.length).toBeGreaterThanOrEqual(summary.transfers);

    const again = await send(token, { app: 'ynab' }, [csv(ynabRegister()), csv(ynabBudget(), 'budget')]);
    expect(again.statusCode).toBe(201);
    expect(again.json<Summary>()).toMatchObject({ accounts_created: 0, accounts_matched: source.accounts.length, transactions: 0, transfers: 0, categories_created: 0 });
    expect(again.json<Summary>().duplicates_skipped).toBe(source.transactions.length + source.transfers.length);
    await expectTotalsOf(email, source);

    // Another person's tree has none of these categories.
    const other = await registerUser(t.app, 'switch-ynab-other@example.com');
    const otherTree = (await asUser(t.app, other.token, { method: 'GET', url: '/api/transactions/categories/expenses' })).json<Array<{ name: string }>>();
    expect(otherTree.map((category) => category.name)).not.toContain('From YNAB');
    // Nor may they use one of its ids.
    const ownId = tree.find((category) => category.name === 'From YNAB' && category.type === 'expense')?.subcategories[0]?.id;
    expect(ownId).toBeDefined();
    const account = await asUser(t.app, other.token, {
      method: 'POST',
      url: '/api/accounts',
      payload: { name: 'Checking', account_type_id: 2, most_recent_balance: { current_balance: 0, date: '2026-01-01' } },
    });
    const foreign = await asUser(t.app, other.token, {
      method: 'POST',
      url: `/api/accounts/${account.json<{ id: number }>().id}/transactions`,
      payload: { type: 'expense', amount: 5, date: '2026-11-02', description: 'Lunch', subcategories: [{ id: ownId, amount: 5 }] },
    });
    expect(foreign.statusCode).toBe(422);
    const budget = await asUser(t.app, other.token, {
      method: 'POST',
      url: '/api/budgets',
      payload: { transaction_subcategory_id: ownId, display_name: 'Theirs', due_in_full: 0, amount: 50, repeat_start: '2026-11-01' },
    });
    expect(budget.statusCode).toBe(422);
    await asUser(t.app, other.token, { method: 'DELETE', url: `/api/accounts/${account.json<{ id: number }>().id}` });

    // A backup of the book restores its own categories, and its rows keep them.
    const categoryNamesOf = async (who: string) =>
      (
        await t.database.db
          .selectFrom('transaction_splits as s')
          .innerJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
          .innerJoin('transactions as t', 't.id', 's.transaction_id')
          .innerJoin('books as b', 'b.id', 't.book_id')
          .innerJoin('users as u', 'u.id', 'b.personal_user_id')
          .where('u.email', '=', who)
          .select('sc.name')
          .orderBy('sc.name')
          .execute()
      ).map((row) => row.name);
    const backup = await asUser(t.app, token, { method: 'GET', url: '/api/export/backup.json' });
    expect(backup.statusCode).toBe(200);
    const restored = await asUser(t.app, other.token, { method: 'POST', url: '/api/import-backup', payload: backup.body, headers: { 'content-type': 'application/json' } });
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json<{ counts: { categories: number } }>().counts.categories).toBeGreaterThan(0);
    expect(await categoryNamesOf('switch-ynab-other@example.com')).toEqual(await categoryNamesOf(email));
    const restoredTree = (await asUser(t.app, other.token, { method: 'GET', url: '/api/transactions/categories' })).json<Array<{ name: string; subcategories: unknown[] }>>();
    expect(restoredTree.filter((category) => category.name === 'From YNAB').flatMap((category) => category.subcategories)).toHaveLength(summary.categories_created);
  });

  it('Mint: debit and credit rows with transfers paired, totals as in Mint', async () => {
    const email = 'switch-mint@example.com';
    const { token } = await registerUser(t.app, email);
    const source = readMintExport(mintCsv().toString('utf8'));
    const response = await send(token, { app: 'mint' }, [csv(mintCsv())]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Summary>()).toMatchObject({ transactions: source.transactions.length, transfers: source.transfers.length });
    expect(source.transfers.length).toBeGreaterThan(0);
    await expectTotalsOf(email, source);
  });

  it('Firefly III: withdrawals, deposits, split groups and transfers, totals as in Firefly', async () => {
    const email = 'switch-firefly@example.com';
    const { token } = await registerUser(t.app, email);
    const source = readFireflyExport(fireflyCsv().toString('utf8'));
    // The export keeps euros and one account in dollars: its accounts keep their currencies in a euro book.
    const books = (await asUser(t.app, token, { method: 'GET', url: '/api/books' })).json<{ books: Array<{ id: number; personal: boolean }> }>();
    const personal = books.books.find((book) => book.personal);
    const euros = await asUser(t.app, token, { method: 'PATCH', url: `/api/books/${personal?.id}`, payload: { base_currency: 'EUR' } });
    expect(euros.statusCode).toBe(200);
    // Its dollar account's rows are converted at the rate of their day: without one, nothing is written.
    const noRate = await send(token, { app: 'firefly' }, [csv(fireflyCsv())]);
    expect(noRate.statusCode).toBe(422);
    expect((await bookTotals(email)).size).toBe(0);
    const rate = await asUser(t.app, token, { method: 'PUT', url: '/api/fx-rates/USD/2024-01-01', payload: { rate: '0.9240' } });
    expect(rate.statusCode, rate.body).toBeLessThan(300);
    const response = await send(token, { app: 'firefly' }, [csv(fireflyCsv())]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Summary>()).toMatchObject({ transactions: source.transactions.length, transfers: source.transfers.length });
    await expectTotalsOf(email, source);
    const accounts = (await asUser(t.app, token, { method: 'GET', url: '/api/accounts' })).json<Array<{ name: string; currency: string }>>();
    expect(accounts.find((account) => account.name === 'US Dollar Account')?.currency).toBe('USD');
    expect(accounts.find((account) => account.name === 'Checking Account')?.currency).toBe('EUR');
  });

  it('Actual Budget: the export zip brings accounts, split lines and transfers once, totals as in Actual', async () => {
    const email = 'switch-actual@example.com';
    const { token } = await registerUser(t.app, email);
    const zip = sampleActualExport();
    const source = readActualExport(zip);
    const response = await send(token, { app: 'actual' }, [{ name: 'My-Budget.zip', type: 'application/zip', content: zip }]);
    expect(response.statusCode, response.body).toBe(201);
    const summary = response.json<Summary>();
    expect(summary).toMatchObject({ accounts_created: source.accounts.length, transactions: source.transactions.length, transfers: source.transfers.length });
    expect(summary.splits).toBeGreaterThanOrEqual(1);
    await expectTotalsOf(email, source);
    const splitLines = await t.database.db
      .selectFrom('transaction_splits as s')
      .innerJoin('transactions as t', 't.id', 's.transaction_id')
      .select(['t.id', 't.amount_cents', (eb) => eb.fn.sum<number>('s.amount_cents').as('lines')])
      .groupBy(['t.id', 't.amount_cents'])
      .having((eb) => eb.fn.count('s.id'), '>', 1)
      .execute();
    expect(splitLines.length).toBeGreaterThan(0);
    for (const row of splitLines) expect(Number(row.lines)).toBe(Number(row.amount_cents));
  });

  it('YNAB: dates that read both ways are asked about, and the answer decides how they are read', async () => {
    const email = 'switch-ynab-dates@example.com';
    const { token } = await registerUser(t.app, email);
    const header = '"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"';
    const register = Buffer.from(
      [header, '"Girokonto","","03/04/2024","Bäckerei","Food: Bakery","Food","Bakery","","4,00€","0,00€","Cleared"', '"Girokonto","","05/06/2024","Bäckerei","Food: Bakery","Food","Bakery","","3,50€","0,00€","Cleared"'].join('\n'),
    );
    const asked = await send(token, { app: 'ynab' }, [csv(register)]);
    expect(asked.statusCode).toBe(422);
    const body = asked.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.errors.date_order?.[0]).toMatch(/read both month first and day first \(like 03\/04\/2024\).*nothing is brought in until then/);
    expect((await bookTotals(email)).size).toBe(0);
    expect((await send(token, { app: 'ynab', date_order: 'sideways' }, [csv(register)])).statusCode).toBe(422);

    const answered = await send(token, { app: 'ynab', date_order: 'day-first' }, [csv(register)]);
    expect(answered.statusCode, answered.body).toBe(201);
    const dates = await t.database.db.selectFrom('transactions as t').innerJoin('accounts as a', 'a.id', 't.account_id').where('a.name', '=', 'Girokonto').select('t.date').orderBy('t.date').execute();
    expect(dates.map((row) => row.date)).toEqual(['2024-04-03', '2024-06-05']);
  });

  it('refuses an upload without an app, with an unknown app, without a file, or with another app’s file, writing nothing', async () => {
    const email = 'switch-refused@example.com';
    const { token } = await registerUser(t.app, email);
    const noApp = await send(token, {}, [csv(mintCsv())]);
    expect(noApp.statusCode).toBe(422);
    expect(noApp.json<{ message: string }>().message).toMatch(/Choose the app you are switching from/);
    expect((await send(token, { app: 'quicken' }, [csv(mintCsv())])).statusCode).toBe(422);
    const noFile = await send(token, { app: 'mint' }, []);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json<{ message: string }>().message).toMatch(/export file/);
    const wrong = await send(token, { app: 'ynab' }, [csv(mintCsv())]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ message: string }>().message).toMatch(/YNAB/);
    const notZip = await send(token, { app: 'actual' }, [csv(mintCsv())]);
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json<{ message: string }>().message).toMatch(/not a zip file/);
    expect((await bookTotals(email)).size).toBe(0);
    const accounts = (await asUser(t.app, token, { method: 'GET', url: '/api/accounts' })).json<unknown[]>();
    expect(accounts).toHaveLength(0);
  });
});
