/**
 * Dismissed transfer suggestions (issue 15; docs/DECISIONS.md #48): a pair of transactions the
 * user said is not a transfer, so it is never suggested again. Suggestions themselves are not
 * stored: they are matched on read from the rows that are not legs yet.
 *
 * The unique index makes a dismissal sent twice at once (two tabs, two processes) one row.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('transfer_dismissals')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('from_transaction_id', 'integer', (col) => col.notNull())
    .addColumn('to_transaction_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('transfer_dismissals_pair')
    .unique()
    .on('transfer_dismissals')
    .columns(['user_id', 'from_transaction_id', 'to_transaction_id'])
    .execute();
}
