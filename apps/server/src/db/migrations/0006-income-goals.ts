/** Recurring income sources and savings goals (DECISIONS.md #4, #5). */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('income_sources')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    // Deleting the account or the payor deletes the income it stood for.
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (col) => col.notNull().references('entities.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('start_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('recurrence', 'varchar(20)', (col) => col.notNull())
    .addColumn('x_days', 'integer')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('income_sources_user').on('income_sources').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('goals')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('target_cents', 'bigint', (col) => col.notNull())
    .addColumn('target_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('saved_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    // A deleted account stops being tracked; the goal falls back to the amount entered.
    .addColumn('account_id', 'integer', (col) => col.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('goals_user').on('goals').columns(['user_id', 'id']).execute();
}
