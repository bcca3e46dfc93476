/**
 * Migration 0028 (issue 25) on a database of the schema before it, where every row of money data
 * was keyed by its user: each user gets a personal book with their own id, every row is kept and
 * now belongs to that book, the revisions carry over and the triggers bump the book's, and the
 * foreign keys point at books (a row of a missing book is refused; a deleted user takes their
 * personal book and its rows along).
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../test/test-app';
import { type DatabaseHandle, openDatabase } from '../connection';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import { BOOK_TABLES_0028 as BOOK_OWNED_TABLES } from './0028-books';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOW = '2026-11-01T12:00:00.000Z';

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** Rows of one user in the old schema: one or more in every table that becomes a book's. */
async function seedUser(db: Kysely<Database>, email: string, n: number): Promise<number> {
  const { rows: [user] } = await sql<{ id: number }>`insert into users (email, password_hash, plan, timezone, finished_budget_suggestions, created_at, updated_at)
    values (${email}, 'x', 'free', 0, 0, ${NOW}, ${NOW}) returning id`.execute(db);
  const u = user!.id;
  const one = async (statement: ReturnType<typeof sql<{ id: number }>>) => (await statement.execute(db)).rows[0]!.id;
  const account = await one(sql`insert into accounts (user_id, name, account_type_id, created_at) values (${u}, ${`Checking ${n}`}, 2, ${NOW}) returning id`);
  const savings = await one(sql`insert into accounts (user_id, name, account_type_id, created_at) values (${u}, 'Savings', 1, ${NOW}) returning id`);
  await sql`insert into account_balances (user_id, account_id, current_balance_cents, available_balance_cents, date, created_at)
    values (${u}, ${account}, 250000, 250000, '2026-10-01', ${NOW})`.execute(db);
  const entity = await one(sql`insert into entities (user_id, name, name_short, created_at) values (${u}, 'Fred Meyer', 'Fred Meyer', ${NOW}) returning id`);
  const subcategory = (await sql<{ id: number }>`select id from subcategories where type = 'expense' order by id limit 1`.execute(db)).rows[0]!.id;
  for (let i = 0; i < 3; i += 1) {
    const expense = await one(sql`insert into transactions (user_id, account_id, entity_id, type, amount_cents, date, emotion, pending, created_at, updated_at)
      values (${u}, ${account}, ${entity}, 'expense', ${1_000 + i}, ${`2026-10-0${i + 1}`}, 'negative', 0, ${NOW}, ${NOW}) returning id`);
    await sql`insert into transaction_splits (user_id, transaction_id, subcategory_id, amount_cents) values (${u}, ${expense}, ${subcategory}, ${1_000 + i})`.execute(db);
  }
  const out = await one(sql`insert into transactions (user_id, account_id, type, amount_cents, date, pending, created_at, updated_at)
    values (${u}, ${account}, 'expense', 5000, '2026-10-05', 0, ${NOW}, ${NOW}) returning id`);
  const into = await one(sql`insert into transactions (user_id, account_id, type, amount_cents, date, pending, created_at, updated_at)
    values (${u}, ${savings}, 'income', 5000, '2026-10-05', 0, ${NOW}, ${NOW}) returning id`);
  const transfer = await one(sql`insert into transfers (user_id, from_transaction_id, to_transaction_id, created_at) values (${u}, ${out}, ${into}, ${NOW}) returning id`);
  await sql`update transactions set transfer_id = ${transfer} where id in (${out}, ${into})`.execute(db);
  await sql`insert into transfer_dismissals (user_id, from_transaction_id, to_transaction_id, created_at) values (${u}, ${out}, ${into}, ${NOW})`.execute(db);
  const budget = await one(sql`insert into budgets (user_id, subcategory_id, display_name, emoji, due_in_full, amount_cents, is_recurring, repeat_frequency,
      repeat_interval, repeat_start, ending, created_at, updated_at, regret_cap_cents)
    values (${u}, ${subcategory}, 'Groceries', '🛒', 0, 40000, 1, 'month', 1, '2026-01-01', 'never', ${NOW}, ${NOW}, 1000) returning id`);
  await sql`insert into budget_months (user_id, budget_id, year, month, amount_cents, ignore, has_been_paid) values (${u}, ${budget}, 2026, 10, 45000, 0, 0)`.execute(db);
  await sql`insert into budget_rollover_changes (user_id, budget_id, from_month, enabled, created_at) values (${u}, ${budget}, '2026-10', 1, ${NOW})`.execute(db);
  await sql`insert into budget_regret_alerts (user_id, budget_id, month, created_at) values (${u}, ${budget}, '2026-10', ${NOW})`.execute(db);
  await sql`insert into income_sources (user_id, account_id, entity_id, amount_cents, start_date, recurrence, created_at, updated_at)
    values (${u}, ${account}, ${entity}, 300000, '2026-01-01', 'monthly', ${NOW}, ${NOW})`.execute(db);
  await sql`insert into goals (user_id, name, target_cents, target_date, saved_cents, created_at, updated_at) values (${u}, 'Trip', 100000, '2027-06-01', 0, ${NOW}, ${NOW})`.execute(db);
  await sql`insert into rules (user_id, position, conditions, actions, created_at, updated_at) values (${u}, 0, '[]', '{}', ${NOW}, ${NOW})`.execute(db);
  await sql`insert into notifications (user_id, title, message, created_at, once_key) values (${u}, 'Welcome', 'Hello', ${NOW}, ${`k${n}`})`.execute(db);
  await sql`insert into import_jobs (user_id, account_id, file_name, content, status, created_at) values (${u}, ${account}, 'a.csv', '', 'completed', ${NOW})`.execute(db);
  await sql`insert into import_mappings (user_id, account_id, header_signature, mapping, updated_at) values (${u}, ${account}, 'sig', '{}', ${NOW})`.execute(db);
  const institution = await one(sql`insert into linked_institutions (user_id, item_id, access_token_encrypted, name, status, created_at)
    values (${u}, ${`item-${n}`}, 'sealed', 'Bank', 'active', ${NOW}) returning id`);
  await sql`insert into linked_accounts (user_id, institution_id, provider_account_id, account_id)
    values (${u}, ${institution}, ${`acc-${n}`}, ${savings})`.execute(db);
  await sql`insert into purpose_targets (user_id, survival, optional, culture, unexpected, updated_at) values (${u}, 50, 30, 10, 10, ${NOW})`.execute(db);
  await sql`insert into month_reflections (user_id, year, month, went_well, change_next, updated_at) values (${u}, 2026, 10, 'Cooked', 'Less takeout', ${NOW})`.execute(db);
  return u;
}

/** Every row of every book table, as `table → [[id, owner]]`, the owner being `user_id` or `book_id`. */
async function owners(db: Kysely<Database>, column: 'user_id' | 'book_id'): Promise<Record<string, Array<[number, number]>>> {
  const all: Record<string, Array<[number, number]>> = {};
  for (const table of BOOK_OWNED_TABLES) {
    const { rows } = await sql<{ id: number; owner: number }>`select id, ${sql.ref(column)} as owner from ${sql.table(table)} order by id`.execute(db);
    all[table] = rows.map((row) => [Number(row.id), Number(row.owner)]);
  }
  return all;
}

describe(`migration 0028: books on ${TEST_DB}`, () => {
  let handle: DatabaseHandle;
  let schema: string | undefined;

  beforeEach(async () => {
    if (TEST_DB === 'postgres') {
      schema = `test_${randomBytes(6).toString('hex')}`;
      await onPostgres(`CREATE SCHEMA "${schema}"`);
    }
    handle = openDatabase({ databaseUrl: TEST_DB === 'postgres' ? PG_URL : undefined, dataDir: '', sqliteFile: ':memory:', pgSchema: schema });
    await migrateToLatest(handle, '0027-insights-cover');
  });
  afterEach(async () => {
    await handle.close();
    if (schema) await onPostgres(`DROP SCHEMA "${schema}" CASCADE`);
  });

  it('keeps every row, each in its user\'s personal book, with the revisions the user had', async () => {
    const { db } = handle;
    const first = await seedUser(db, 'first@example.com', 1);
    const second = await seedUser(db, 'second@example.com', 2);
    const before = await owners(db, 'user_id');
    for (const table of BOOK_OWNED_TABLES) expect(before[table]?.length, table).toBeGreaterThan(0);
    const { rows: revisions } = await sql<{ id: number; data_revision: number; feelings_revision: number }>`
      select id, data_revision, feelings_revision from users order by id`.execute(db);
    expect(revisions.every((user) => Number(user.data_revision) > 0 && Number(user.feelings_revision) > 0)).toBe(true);

    expect(await migrateToLatest(handle, '0028-books')).toEqual(['0028-books']);

    expect(await owners(db, 'book_id')).toEqual(before);
    const books = await db.selectFrom('books').select(['id', 'name', 'personal_user_id', 'data_revision', 'feelings_revision']).orderBy('id').execute();
    expect(books).toEqual(
      revisions.map((user) => ({
        id: user.id,
        name: 'Personal',
        personal_user_id: user.id,
        data_revision: Number(user.data_revision),
        feelings_revision: Number(user.feelings_revision),
      })),
    );
    const members = await db.selectFrom('book_members').select(['book_id', 'user_id', 'role']).orderBy('book_id').execute();
    expect(members).toEqual([
      { book_id: first, user_id: first, role: 'owner' },
      { book_id: second, user_id: second, role: 'owner' },
    ]);
    const jobs = await db.selectFrom('import_jobs').select(['book_id', 'created_by']).orderBy('id').execute();
    expect(jobs).toEqual([
      { book_id: first, created_by: first },
      { book_id: second, created_by: second },
    ]);
  });

  it('bumps the book\'s revisions from the triggers, and numbers new books past every user', async () => {
    const { db } = handle;
    const user = await seedUser(db, 'revisions@example.com', 1);
    await migrateToLatest(handle, '0028-books');
    const revisionOf = async () => db.selectFrom('books').select(['data_revision', 'feelings_revision']).where('id', '=', user).executeTakeFirstOrThrow();
    const before = await revisionOf();
    await db.updateTable('transactions').set({ emotion: 'positive' }).where('book_id', '=', user).where('emotion', '=', 'negative').execute();
    const after = await revisionOf();
    expect(after.data_revision).toBeGreaterThan(before.data_revision);
    expect(after.feelings_revision).toBeGreaterThan(before.feelings_revision);
    const shared = await db
      .insertInto('books')
      .values({ name: 'Shared', personal_user_id: null, created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(shared.id).toBeGreaterThan(user);
  });

  it('refuses a row of a book that does not exist, and deletes a user\'s book and rows with the user', async () => {
    const { db } = handle;
    const gone = await seedUser(db, 'gone@example.com', 1);
    const kept = await seedUser(db, 'kept@example.com', 2);
    await migrateToLatest(handle, '0028-books');
    const keptBefore = await owners(db, 'book_id');
    await expect(
      db.insertInto('goals').values({ book_id: 999_999, name: 'Orphan', target_cents: 1, target_date: '2027-01-01', saved_cents: 0, created_at: NOW, updated_at: NOW }).execute(),
    ).rejects.toThrow();
    await db.deleteFrom('users').where('id', '=', gone).execute();
    const after = await owners(db, 'book_id');
    for (const table of BOOK_OWNED_TABLES) {
      expect(after[table], table).toEqual(keptBefore[table]?.filter(([, book]) => book === kept));
    }
    expect(await db.selectFrom('books').select('id').execute()).toEqual([{ id: kept }]);
  });
});
