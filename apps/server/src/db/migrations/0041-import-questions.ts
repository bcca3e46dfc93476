/**
 * The question an import asks when a statement's evidence disagrees (issue 34; DECISIONS.md #95).
 *
 * - `import_jobs.needs_confirmation` and `question` (JSON): the job stopped before writing and
 *   asks which way the amounts go or the dates read; the upload that follows carries `confirm`.
 * - `import_jobs.answers` (JSON): the answers the job went on with, from the upload or remembered.
 * - `import_jobs.notes` (JSON array): what the person should know about how the file was read.
 * - `import_jobs.column_samples` (JSON array) and `has_header`: for a CSV to map, one value of
 *   each column, and whether its first line is a header (a file without one is mapped by position).
 * - `import_answers`: each answer remembered per account and question, so the same bank's next
 *   file imports without asking again. Deleting the account or the book deletes them.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('import_jobs').addColumn('needs_confirmation', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('import_jobs').addColumn('question', 'text').execute();
  await db.schema.alterTable('import_jobs').addColumn('answers', 'text').execute();
  await db.schema.alterTable('import_jobs').addColumn('notes', 'text').execute();
  await db.schema.alterTable('import_jobs').addColumn('column_samples', 'text').execute();
  await db.schema.alterTable('import_jobs').addColumn('has_header', 'integer', (col) => col.notNull().defaultTo(1)).execute();

  await db.schema
    .createTable('import_answers')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('question', 'varchar(20)', (col) => col.notNull())
    .addColumn('answer', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('import_answers_one_per_question').on('import_answers').columns(['account_id', 'question']).unique().execute();
}
