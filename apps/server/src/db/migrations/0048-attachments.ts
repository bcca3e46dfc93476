/**
 * Attachments on transactions (issue 33; docs/DECISIONS.md #107): receipts and documents, one row
 * per file. The bytes live in the attachment store (a directory or an S3-compatible bucket) under
 * `storage_key`, written before the row; `thumbnail_key` is set once a thumbnail was made and
 * stored. Deleting the transaction (or its account, book or person) deletes the rows with it; the
 * sweep job then removes the files no row names.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('attachments')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('transaction_id', 'integer', (col) => col.notNull().references('transactions.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(100)', (col) => col.notNull())
    .addColumn('thumbnail_key', 'varchar(100)')
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('media_type', 'varchar(50)', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('attachments_storage_key').on('attachments').column('storage_key').unique().execute();
  await db.schema.createIndex('attachments_transaction').on('attachments').columns(['transaction_id', 'id']).execute();
  await db.schema.createIndex('attachments_book').on('attachments').column('book_id').execute();
}
