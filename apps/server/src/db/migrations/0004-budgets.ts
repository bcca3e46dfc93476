/** Budgets (flexible expenses and bills) with their recurrence, and per-month rows. */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('budgets')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('subcategory_id', 'integer', (col) => col.notNull().references('subcategories.id'))
    .addColumn('display_name', 'varchar(100)', (col) => col.notNull())
    .addColumn('emoji', 'varchar(16)', (col) => col.notNull())
    .addColumn('website', 'varchar(255)')
    .addColumn('due_in_full', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('is_recurring', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('repeat_frequency', 'varchar(10)', (col) => col.notNull().defaultTo('month'))
    .addColumn('repeat_interval', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('repeat_start', 'varchar(10)', (col) => col.notNull())
    .addColumn('start_day', 'integer')
    .addColumn('ending', 'varchar(10)', (col) => col.notNull().defaultTo('never'))
    .addColumn('repeat_num_occurrences', 'integer')
    .addColumn('repeat_end', 'varchar(10)')
    // DELETE with a month (DECISIONS.md #17): from this month on the budget no longer applies.
    .addColumn('ends_before_month', 'varchar(7)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('budgets_user_subcategory').on('budgets').columns(['user_id', 'subcategory_id']).execute();

  await db.schema
    .createTable('budget_months')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('budget_id', 'integer', (col) => col.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('month', 'integer', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint')
    .addColumn('ignore', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('has_been_paid', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('budget_months_budget_month', ['budget_id', 'year', 'month'])
    .execute();
  await db.schema.createIndex('budget_months_user').on('budget_months').column('user_id').execute();
}
