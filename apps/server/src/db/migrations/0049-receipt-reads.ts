/**
 * Receipts read on this server (issue 33; docs/DECISIONS.md #108).
 *
 * - `receipt_reads`: one photographed receipt being read, or read. The process that received the
 *   photo reads it and writes what it found here, so `GET /api/receipts/{id}` answers on any
 *   process. The photo itself is never stored: only the total, the day (or both readings of an
 *   ambiguous one) and the merchant. A read still `reading` long after it began is one whose
 *   process stopped; it is answered as failed. Reads are kept a day.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('receipt_reads')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount_cents', 'integer')
    .addColumn('date', 'varchar(10)')
    .addColumn('date_candidates', 'varchar(30)', (col) => col.notNull().defaultTo(''))
    .addColumn('merchant', 'varchar(200)')
    .addColumn('error', 'varchar(300)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('receipt_reads_book').on('receipt_reads').columns(['book_id', 'created_at']).execute();
  await db.schema.createIndex('receipt_reads_user').on('receipt_reads').column('user_id').execute();
}
