/**
 * Transfers between the user's own accounts (issue 15; docs/DECISIONS.md #47):
 *
 * - `transfers`: one row per transfer, naming its two legs.
 * - `transactions.transfer_id`: set on both legs. A leg keeps its `type` (expense out of the
 *   paying account, income into the receiving one) so balances need no special case, while every
 *   figure of income or spending (budgets, Available to Spend, insights, reports) leaves out rows
 *   whose `transfer_id` is set.
 *
 * No foreign key from the leg to the transfer: the two rows are written together inside one
 * `writeAsUser` transaction and removed together, and SQLite cannot add a referencing column to an
 * existing table with a constraint that PostgreSQL would then also have to mirror.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('transfers')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('from_transaction_id', 'integer', (col) => col.notNull())
    .addColumn('to_transaction_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('transfers_user').on('transfers').column('user_id').execute();

  await db.schema.alterTable('transactions').addColumn('transfer_id', 'integer').execute();
  await db.schema.createIndex('transactions_transfer').on('transactions').column('transfer_id').execute();
}
