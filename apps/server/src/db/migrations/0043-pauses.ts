/**
 * The pause list (issue 31; docs/DECISIONS.md #99): purchases a member is still considering.
 *
 * - A pause is one member's, in one book: deleting the book or the person deletes it, and a member
 *   who leaves a book takes theirs along (books/members.service.ts).
 * - The forecast is kept as it was given (JSON text of the contract's `pauseForecastSchema`): what
 *   the person read when they paused is what the list shows them later, whatever they feel since.
 * - The payee is the name as written: a payee of the book (`entity_id` too) or one typed that the
 *   book does not have yet; a later purchase is matched to it by that name.
 * - The reminder job asks for pauses whose `remind_at` has passed and that nobody has reminded nor
 *   decided; `pauses_due` is that question's index. `reminded_at` is set in the same transaction
 *   as the notice, and the notice's once-key keeps it single on any number of processes.
 */
import { type Kysely, sql } from 'kysely';
import { idColumn, type MigrationContext, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('pauses')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('entity_id', 'integer', (col) => col.references('entities.id').onDelete('set null'))
    .addColumn('payee', 'varchar(255)', (col) => col.notNull())
    .addColumn('subcategory_id', 'integer', (col) => col.references('subcategories.id').onDelete('set null'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('payment_method', 'varchar(30)')
    .addColumn('note', 'text')
    .addColumn('forecast', 'text', (col) => col.notNull())
    .addColumn('cooling_off_days', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('remind_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('reminded_at', 'varchar(30)')
    .addColumn('decision', 'varchar(10)')
    .addColumn('decided_at', 'varchar(30)')
    .addColumn('transaction_id', 'integer', (col) => col.references('transactions.id').onDelete('set null'))
    .execute();
  // A member's list, newest first.
  await db.schema.createIndex('pauses_member').on('pauses').columns(['book_id', 'user_id', 'created_at']).execute();
  await db.schema.createIndex('pauses_due').on('pauses').columns(['remind_at']).where(sql.ref('reminded_at'), 'is', null).execute();
}
