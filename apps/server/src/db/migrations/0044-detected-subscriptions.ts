/**
 * What people say about the subscriptions found in their expenses (issue 31; docs/DECISIONS.md
 * #100). The subscriptions themselves are found anew from the book's expenses on every read; these
 * tables keep only the words about them, keyed by the series' id (its first charge's transaction id).
 *
 * - `subscription_choices`: the book's name for one and whether it is one (confirmed) or not
 *   (dismissed); one row per series, a household's shared view.
 * - `subscription_reviews`: each member's answers to 'still worth it?', kept as history: the
 *   latest is shown, the earlier ones say when it was last asked.
 * - `transactions_payee_charges`: a payee's expenses by date, so the list counts each payee's
 *   charges up to a cap without reading every expense of three years.
 */
import { type Kysely, sql } from 'kysely';
import { idColumn, type MigrationContext, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('subscription_choices')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (col) => col.notNull())
    .addColumn('name', 'varchar(255)')
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('subscription_choices_series').on('subscription_choices').columns(['book_id', 'series_id']).unique().execute();

  await db.schema
    .createTable('subscription_reviews')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('series_id', 'integer', (col) => col.notNull())
    .addColumn('still_worth_it', 'integer', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('subscription_reviews_member').on('subscription_reviews').columns(['book_id', 'user_id', 'series_id', 'created_at']).execute();
  await db.schema
    .createIndex('transactions_payee_charges')
    .on('transactions')
    .columns(['book_id', 'entity_id', 'date', 'amount_cents', 'account_id', 'id'])
    .where(sql.ref('type'), '=', 'expense')
    .where(sql.ref('transfer_id'), 'is', null)
    .execute();
}
