/**
 * Statement imports: the job of each uploaded file, and on each transaction the key that
 * recognises it when the same or an overlapping file is imported again.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('progress', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_imported', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('duplicates_skipped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('categorized', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('import_jobs_status').on('import_jobs').columns(['status', 'id']).execute();
  await db.schema.createIndex('import_jobs_user').on('import_jobs').columns(['user_id', 'id']).execute();

  await db.schema.alterTable('transactions').addColumn('import_key', 'varchar(255)').execute();
  await db.schema.createIndex('transactions_import_key').on('transactions').columns(['account_id', 'import_key']).execute();
}
