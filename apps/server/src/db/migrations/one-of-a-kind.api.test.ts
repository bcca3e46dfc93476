/**
 * Migration 0011 on a database where racing requests had already made duplicates (issue 10): the
 * duplicates are repaired without deleting anything, and from then on the database refuses them.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../test/test-app';
import { type DatabaseHandle, openDatabase } from '../connection';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOW = '2026-11-01T12:00:00.000Z';

/** The schema before migration 0028, where each book table's rows were keyed by `user_id`. */
type BeforeBooks = {
  [T in keyof Database]: Database[T] extends { book_id: number } ? Omit<Database[T], 'book_id'> & { user_id: number } : Database[T];
};
const beforeBooks = (db: Kysely<Database>) => db as unknown as Kysely<BeforeBooks>;

/** The personal book migration 0028 made of the user's rows. */
async function personalBookOf(db: Kysely<Database>, userId: number): Promise<number> {
  const book = await db.selectFrom('books').select('id').where('personal_user_id', '=', userId).executeTakeFirstOrThrow();
  return book.id;
}

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

describe('migration 0011: what must never happen twice', () => {
  let handle: DatabaseHandle;
  let schema: string | undefined;

  beforeEach(async () => {
    if (TEST_DB === 'postgres') {
      schema = `test_${randomBytes(6).toString('hex')}`;
      await onPostgres(`CREATE SCHEMA "${schema}"`);
    }
    handle = openDatabase({
      databaseUrl: TEST_DB === 'postgres' ? PG_URL : undefined,
      dataDir: '',
      sqliteFile: ':memory:',
      pgSchema: schema,
    });
    await migrateToLatest(handle, '0010-bank-links');
  });
  afterEach(async () => {
    await handle.close();
    if (schema) await onPostgres(`DROP SCHEMA "${schema}" CASCADE`);
  });

  /** A user with one account, and an expense sub-category to budget. */
  async function seed() {
    const { db } = handle;
    const user = await db
      .insertInto('users')
      .values({
        email: 'raced@example.com',
        password_hash: 'x',
        first_name: null,
        last_name: null,
        plan: 'free',
        stripe_id: null,
        timezone: 0,
        finished_budget_suggestions: 0,
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const account = await beforeBooks(db)
      .insertInto('accounts')
      .values({ user_id: user.id, name: 'Checking', account_type_id: 2, subtype: null, created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subcategory = await db
      .selectFrom('subcategories')
      .select('id')
      .where('type', '=', 'expense')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { userId: user.id, accountId: account.id, subcategoryId: subcategory.id };
  }

  const budget = (subcategoryId: number, name: string) => ({
    subcategory_id: subcategoryId,
    display_name: name,
    emoji: '🛒',
    website: null,
    due_in_full: 0,
    amount_cents: 40000,
    is_recurring: 1,
    repeat_frequency: 'month' as const,
    repeat_interval: 1,
    repeat_start: '2026-09-15',
    start_day: null,
    ending: 'never' as const,
    repeat_num_occurrences: null,
    repeat_end: null,
    ends_before_month: null,
    created_at: NOW,
    updated_at: NOW,
  });

  const imported = (accountId: number, key: string, notes: string | null) => ({
    account_id: accountId,
    entity_id: null,
    type: 'expense' as const,
    amount_cents: 1250,
    date: '2026-10-03',
    description: 'COFFEE',
    notes,
    payment_method: null,
    purpose: null,
    emotion: null,
    pending: 0,
    import_key: key,
    created_at: NOW,
    updated_at: NOW,
  });

  it('keeps the first running budget of a sub-category and ends the later ones before their first month, deleting none', async () => {
    const { db } = handle;
    const { userId, subcategoryId } = await seed();
    const first = await beforeBooks(db)
      .insertInto('budgets')
      .values({ ...budget(subcategoryId, 'Groceries'), user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const twin = await beforeBooks(db)
      .insertInto('budgets')
      .values({ ...budget(subcategoryId, 'Groceries'), user_id: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await beforeBooks(db)
      .insertInto('budget_months')
      .values({
        user_id: userId,
        budget_id: twin.id,
        year: 2026,
        month: 10,
        amount_cents: null,
        ignore: 0,
        has_been_paid: 1,
      })
      .execute();

    await migrateToLatest(handle);
    const bookId = await personalBookOf(db, userId);

    const rows = await db.selectFrom('budgets').select(['id', 'ends_before_month']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: first.id, ends_before_month: null },
      { id: twin.id, ends_before_month: '2026-09' },
    ]);
    expect(await db.selectFrom('budget_months').select('budget_id').execute()).toEqual([
      { budget_id: twin.id },
    ]);
    await expect(
      db
        .insertInto('budgets')
        .values({ ...budget(subcategoryId, 'Again'), book_id: bookId })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps every imported row, taking the import key from the later copies, and refuses a key twice from then on', async () => {
    const { db } = handle;
    const { userId, accountId } = await seed();
    await beforeBooks(db)
      .insertInto('transactions')
      .values({ ...imported(accountId, 'fitid|A1', null), user_id: userId })
      .execute();
    await beforeBooks(db)
      .insertInto('transactions')
      .values({ ...imported(accountId, 'fitid|A1', 'edited after the import'), user_id: userId })
      .execute();

    await migrateToLatest(handle);
    const bookId = await personalBookOf(db, userId);

    const rows = await db.selectFrom('transactions').select(['import_key', 'notes']).orderBy('id').execute();
    expect(rows).toEqual([
      { import_key: 'fitid|A1', notes: null },
      { import_key: null, notes: 'edited after the import' },
    ]);
    await expect(
      db
        .insertInto('transactions')
        .values({ ...imported(accountId, 'fitid|A1', null), book_id: bookId })
        .execute(),
    ).rejects.toThrow();
    // Rows typed by hand have no key and are never refused.
    await db
      .insertInto('transactions')
      .values([
        { ...imported(accountId, 'x', null), book_id: bookId, import_key: null },
        { ...imported(accountId, 'x', null), book_id: bookId, import_key: null },
      ])
      .execute();
  });
});
