/**
 * The insert step of the ledger writer: many new transactions, and the split line of each
 * categorized one, in a few statements whose rows travel as ONE JSON parameter that the database
 * unpacks itself — SQLite's json_each, PostgreSQL's json_to_recordset (docs/DECISIONS.md #63).
 * Building a multi-row INSERT with thousands of bound parameters per batch cost more than the
 * database's own work: the query builder's objects, the compiled SQL text, and on PostgreSQL the
 * driver serializing every parameter. The SQL text is the same for every batch, so SQLite's
 * statement cache prepares it once.
 *
 * Split lines find their transaction by (account, import key), the unique index an import already
 * relies on, instead of the ids coming back to JavaScript in an order neither database promises
 * for INSERT ... SELECT. On SQLite the join is a CROSS JOIN, which keeps the JSON rows outside: left
 * to itself the planner scanned the JSON once per transaction of the account, quadratic in the
 * file's size.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/** A transaction to insert: the import's columns; the rest are the same for every row. */
export interface NewLedgerRow {
  key: string;
  entityId: number | null;
  type: 'income' | 'expense';
  /** In the book's base currency (DECISIONS.md #90). */
  amountCents: number;
  /** For an account in another currency: its own amount, and the rate and day that converted it; else null. */
  accountAmountCents: number | null;
  fxRate: string | null;
  fxDate: string | null;
  date: string;
  description: string | null;
  notes: string | null;
  /** Set by a categorization rule (docs/DECISIONS.md #52); null otherwise. */
  purpose: string | null;
  /** The feeling a rule gives the row (stored in `emotion`); null otherwise. */
  feeling: string | null;
  /** The one split line's sub-category, or null for a row left uncategorized. */
  subcategoryId: number | null;
}

/** Whose rows, in which account, stamped when. */
export interface BulkTarget {
  book_id: number;
  account_id: number;
  now: string;
}

/**
 * Rows per statement. Large enough that the per-statement costs (a round trip, PostgreSQL's
 * statement-level revision trigger, a progress event) vanish; small enough that one statement's
 * JSON stays a few hundred kilobytes and progress still moves every few percent of a big file.
 */
export const BULK_BATCH = 5_000;

/**
 * [key, entityId, type, amountCents, date, description, notes, purpose, feeling,
 * accountAmountCents, fxRate, fxDate]: positions the SQL reads.
 */
function transactionsJson(rows: readonly NewLedgerRow[]): string {
  return JSON.stringify(
    rows.map((row) => [
      row.key,
      row.entityId,
      row.type,
      row.amountCents,
      row.date,
      row.description,
      row.notes,
      row.purpose,
      row.feeling,
      row.accountAmountCents,
      row.fxRate,
      row.fxDate,
    ]),
  );
}

/** [key, subcategoryId] of the categorized rows. */
function splitsJson(rows: readonly NewLedgerRow[]): string {
  return JSON.stringify(
    rows.filter((row) => row.subcategoryId !== null).map((row) => [row.key, row.subcategoryId]),
  );
}

/**
 * SQLite's revision triggers are row-level: the batch's two statements run with the user in
 * `revision_bumps_deferred`, which the insert triggers skip (migration 0025), and the revisions
 * move once afterwards, in the same transaction — the feelings revision only when a rule gave a
 * row a feeling, as the triggers would have (docs/DECISIONS.md #66).
 */
async function insertSqlite(
  trx: Kysely<Database>,
  target: BulkTarget,
  rows: readonly NewLedgerRow[],
): Promise<void> {
  const bookId = target.book_id;
  await sql`insert into revision_bumps_deferred (book_id) values (${bookId})`.execute(trx);
  try {
    await insertSqliteRows(trx, target, rows);
  } finally {
    await sql`delete from revision_bumps_deferred where book_id = ${bookId}`.execute(trx);
  }
  const felt = rows.some((row) => row.feeling !== null) ? 1 : 0;
  await sql`update books set data_revision = data_revision + 1, feelings_revision = feelings_revision + ${felt}
    where id = ${bookId}`.execute(trx);
}

async function insertSqliteRows(
  trx: Kysely<Database>,
  target: BulkTarget,
  rows: readonly NewLedgerRow[],
): Promise<void> {
  const { book_id: bookId, account_id: accountId, now } = target;
  await sql`
    insert into transactions
      (book_id, account_id, entity_id, type, amount_cents, date, description, notes, purpose, emotion, pending, import_key, created_at, updated_at,
       account_amount_cents, fx_rate, fx_date)
    select ${bookId}, ${accountId}, r.value ->> 1, r.value ->> 2, r.value ->> 3, r.value ->> 4, r.value ->> 5, r.value ->> 6,
      r.value ->> 7, r.value ->> 8, 0, r.value ->> 0, ${now}, ${now}, r.value ->> 9, r.value ->> 10, r.value ->> 11
    from json_each(${transactionsJson(rows)}) r`.execute(trx);
  const splits = splitsJson(rows);
  if (splits === '[]') return;
  await sql`
    insert into transaction_splits (book_id, transaction_id, subcategory_id, amount_cents, account_amount_cents)
    select ${bookId}, t.id, r.value ->> 1, t.amount_cents, t.account_amount_cents
    from json_each(${splits}) r
    cross join transactions t on t.account_id = ${accountId} and t.import_key = r.value ->> 0`.execute(trx);
}

/** The rows as JSON objects with one-letter keys, for PostgreSQL's json_to_recordset. */
function recordsJson(rows: readonly NewLedgerRow[]): string {
  return JSON.stringify(
    rows.map((row) => ({
      k: row.key,
      e: row.entityId,
      t: row.type,
      a: row.amountCents,
      d: row.date,
      s: row.description,
      n: row.notes,
      p: row.purpose,
      f: row.feeling,
      c: row.subcategoryId,
      x: row.accountAmountCents,
      r: row.fxRate,
      y: row.fxDate,
    })),
  );
}

/**
 * One statement: the JSON is read once into records, the transactions' INSERT returns their ids,
 * and the split lines join those returned rows by key — only this batch's rows, where a join on
 * the table scanned the whole account's transactions for every batch.
 */
async function insertPostgres(
  trx: Kysely<Database>,
  target: BulkTarget,
  rows: readonly NewLedgerRow[],
): Promise<void> {
  const { book_id: bookId, account_id: accountId, now } = target;
  await sql`
    with given as materialized (
      select * from json_to_recordset(${recordsJson(rows)}::json)
        as r(k text, e integer, t text, a bigint, d text, s text, n text, p text, f text, c integer, x bigint, r text, y text)
    ), inserted as (
      insert into transactions
        (book_id, account_id, entity_id, type, amount_cents, date, description, notes, purpose, emotion, pending, import_key, created_at, updated_at,
         account_amount_cents, fx_rate, fx_date)
      select ${bookId}, ${accountId}, g.e, g.t, g.a, g.d, g.s, g.n, g.p, g.f, 0, g.k, ${now}, ${now}, g.x, g.r, g.y from given g
      returning id, import_key, amount_cents, account_amount_cents
    )
    insert into transaction_splits (book_id, transaction_id, subcategory_id, amount_cents, account_amount_cents)
    select ${bookId}, i.id, g.c, i.amount_cents, i.account_amount_cents
    from inserted i join given g on g.k = i.import_key
    where g.c is not null`.execute(trx);
}

/**
 * Inserts `rows` (a BULK_BATCH or so: two statements on SQLite, one on PostgreSQL) in the caller's
 * transaction. Every key must be new to the account: the unique (account, import
 * key) index refuses a repeat, which fails the whole transaction rather than skipping it.
 */
export function insertLedgerRows(
  trx: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  target: BulkTarget,
  rows: readonly NewLedgerRow[],
): Promise<void> {
  if (rows.length === 0) return Promise.resolve();
  return dialect === 'postgres' ? insertPostgres(trx, target, rows) : insertSqlite(trx, target, rows);
}
