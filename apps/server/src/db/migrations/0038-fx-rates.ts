/**
 * A base currency per book and exchange rates (issue 27; docs/DECISIONS.md #87).
 *
 * - `books.base_currency`: the ISO 4217 code a book's figures are in. Every existing book is USD,
 *   the currency every amount was written in before currencies existed (DECISIONS.md #86).
 * - `fx_ecb_rates`: the ECB's euro reference figures, shared by every book: units of a currency
 *   per euro on a day, as the decimal text the ECB publishes (never a float column). One row per
 *   currency and day: the primary key is what lets several processes store the same file at
 *   once, each inserting what is not there yet.
 * - `fx_manual_rates`: a member's own rate of a currency on a day, in the base currency the book
 *   had when it was entered (kept with it: a later change of base does not reinterpret it).
 * - `job_leases`: which process runs a scheduled job until when (db/job-leases.ts), so that on
 *   PostgreSQL one process of many fetches the rates.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('books')
    .addColumn('base_currency', 'varchar(3)', (col) => col.notNull().defaultTo('USD'))
    .execute();

  await db.schema
    .createTable('fx_ecb_rates')
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('per_eur', 'varchar(40)', (col) => col.notNull())
    .addColumn('fetched_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('fx_ecb_rates_pkey', ['currency', 'date'])
    .execute();
  // Listing every currency of a span of days reads by date first.
  await db.schema.createIndex('fx_ecb_rates_date').on('fx_ecb_rates').column('date').execute();

  await db.schema
    .createTable('fx_manual_rates')
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('base_currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('currency', 'varchar(3)', (col) => col.notNull())
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('rate', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .addPrimaryKeyConstraint('fx_manual_rates_pkey', ['book_id', 'base_currency', 'currency', 'date'])
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(60)', (col) => col.primaryKey())
    .addColumn('holder', 'varchar(100)', (col) => col.notNull())
    .addColumn('leased_until', 'varchar(30)', (col) => col.notNull())
    .execute();
}
