/**
 * Issue 17, statement imports from real banks:
 *
 * - `import_jobs` says what it passed over and why: `rows_skipped` and `skipped` (the first lines,
 *   JSON `[{ line, reason }]`), and `notice`, a sentence on what the file held that Mindspend does
 *   not track (an investment statement's trades);
 * - a CSV whose columns are not recognised fails with `needs_mapping` and its header cells in
 *   `columns` (JSON); the upload that follows carries the person's `mapping` (JSON);
 * - `import_mappings` remembers that mapping per account and header signature, so the next export
 *   of the same bank imports without asking.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('import_jobs').addColumn('rows_skipped', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('import_jobs').addColumn('skipped', 'text').execute();
  await db.schema.alterTable('import_jobs').addColumn('notice', 'text').execute();
  await db.schema.alterTable('import_jobs').addColumn('needs_mapping', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('import_jobs').addColumn('columns', 'text').execute();
  await db.schema.alterTable('import_jobs').addColumn('mapping', 'text').execute();

  await db.schema
    .createTable('import_mappings')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('header_signature', 'varchar(255)', (col) => col.notNull())
    .addColumn('mapping', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('import_mappings_one_per_header')
    .on('import_mappings')
    .columns(['account_id', 'header_signature'])
    .unique()
    .execute();
}
