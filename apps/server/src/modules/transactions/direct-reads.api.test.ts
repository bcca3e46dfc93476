/**
 * The month listings read their rows as arrays (docs/DECISIONS.md #67) and the sign-in lookup its
 * row (#68): straight from SQLite's connection outside a transaction, through Kysely inside one and
 * on PostgreSQL. Every path must give the rows Kysely's own row objects give, field for field, on
 * both databases.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createEntity, createTransaction, subcategoryIds } from '../../test/ledger-fixtures';
import { TEST_DB, type TestApp, asUser, createTestApp, registerUser } from '../../test/test-app';
import { listSplits, listTransactions, type TransactionFilter } from './transactions.repo';
import { selectFirstRow, selectRowArrays } from '../../db/direct-reads';
import { type Feelings, feelingsOf } from '../../db/feelings';
import type { Database } from '../../db/schema';
import { sqliteConnectionOf } from '../../db/sqlite-database';

describe(`rows read as arrays on ${TEST_DB}`, () => {
  let t: TestApp;
  let filter: TransactionFilter;
  let feelings: Feelings;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { token, userId: registered, bookId } = await registerUser(t.app, 'arrays@example.com');
    userId = registered;
    const checking = await createAccount(t.app, token);
    const savings = await createAccount(t.app, token, { name: 'Savings' });
    const payee = await createEntity(t.app, token, checking);
    const ids = await subcategoryIds(t.app, token);
    await createTransaction(t.app, token, checking, {
      entity_id: payee, amount: 42.5, description: 'Weekly shop', notes: 'with a note', payment_method: 'debit_card',
      emotion: 'positive', date: '2026-11-05', subcategories: [{ id: ids.Groceries, amount: 30 }, { id: ids['Dining Out'], amount: 12.5 }],
    });
    await createTransaction(t.app, token, checking, { type: 'income', amount: 1200, date: '2026-11-01' });
    const transfer = await asUser(t.app, token, {
      method: 'POST', url: '/api/transfers', payload: { from_account_id: checking, to_account_id: savings, amount: 100, date: '2026-11-03' },
    });
    expect(transfer.statusCode).toBe(201);
    filter = { book: { bookId, hiddenAccountIds: [] }, from: '2026-11-01', to: '2026-11-30' };
    feelings = await feelingsOf(t.database.db, { bookId, userId, timeZone: 'UTC', hiddenAccountIds: [] });
  });
  afterAll(() => t.close());

  /** The listings' rows as Kysely reads them, through a Kysely with no connection of its own to read from. */
  const viaKysely = (db: Kysely<Database>) => db.withPlugin({ transformQuery: ({ node }) => node, transformResult: ({ result }) => Promise.resolve(result) });

  it('gives the same transactions and split lines as row objects do, outside and inside a transaction', async () => {
    const db = t.database.db;
    if (TEST_DB === 'sqlite') expect(sqliteConnectionOf(db)).toBeDefined();
    const rows = await listTransactions(db, feelings, filter);
    const splits = await listSplits(db, filter);
    expect(rows).toHaveLength(4);
    expect(splits).toHaveLength(2);
    expect(rows).toEqual(await listTransactions(viaKysely(db), feelings, filter));
    expect(splits).toEqual(await listSplits(viaKysely(db), filter));
    // Key order too: the presenter reads by name, but nothing should depend on which path ran.
    expect(JSON.stringify(rows)).toBe(JSON.stringify(await listTransactions(viaKysely(db), feelings, filter)));
    const inside = await db.transaction().execute(async (trx) => [await listTransactions(trx, feelings, filter), await listSplits(trx, filter)] as const);
    expect(inside).toEqual([rows, splits]);
    const legs = rows.filter((row) => row.transfer_id !== null).map((row) => row.transfer_account_name);
    expect(legs.sort()).toEqual(['Everyday Checking', 'Savings']);
    expect(rows.find((row) => row.description === 'Weekly shop')).toMatchObject({ amount_cents: 4250, notes: 'with a note', entity_name: 'Fred Meyer #441' });
  });

  it('gives a lookup\'s first row as Kysely does, and nothing when no row matches', async () => {
    const db = t.database.db;
    const lookup = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).compile();
    const found = await selectFirstRow(db, lookup('arrays@example.com'));
    expect(found).toEqual((await viaKysely(db).executeQuery(lookup('arrays@example.com'))).rows[0]);
    expect(found).toMatchObject({ id: userId, email: 'arrays@example.com' });
    expect(await selectFirstRow(db, lookup('nobody@example.com'))).toBeUndefined();
  });

  it('does not read another request\'s uncommitted writes while a transaction is open on the connection', async () => {
    const db = t.database.db;
    let seenInside = -1;
    let seenOutside = -1;
    const count = sql<number>`select count(*) as n from transactions where book_id = ${filter.book.bookId}`.compile(db);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('transactions').values({
        book_id: filter.book.bookId, account_id: (await listTransactions(trx, feelings, filter))[0]!.account_id, type: 'expense', amount_cents: 1,
        date: '2026-11-20', created_at: '2026-11-20T00:00:00.000Z', updated_at: '2026-11-20T00:00:00.000Z', pending: 0,
      }).execute();
      seenInside = Number((await selectRowArrays(trx, count))[0]![0]);
      // Another request reading meanwhile: on SQLite it must wait for the transaction (Kysely's
      // one connection), not read straight from the connection the transaction holds.
      const outside = selectRowArrays(db, count).then((found) => { seenOutside = Number(found[0]![0]); });
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (TEST_DB === 'sqlite') expect(seenOutside).toBe(-1);
      throw Object.assign(new Error('roll back'), { outside });
    }).catch(async (error: { outside?: Promise<void> }) => {
      await error.outside;
    });
    expect(seenInside).toBe(5);
    expect(seenOutside).toBe(4);
  });
});
