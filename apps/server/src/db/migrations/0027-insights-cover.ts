/**
 * The insights page read from covering indexes (issue 16; docs/DECISIONS.md #69).
 *
 * - `transactions_flows_cover` (migration 0020: a user's transactions that are not transfer legs)
 *   gains the payee, and the feeling and purpose move right after the date. Without the payee the
 *   insights' payee query looked every expense of the year up in the table (or fell back to
 *   migration 0007's index, which cannot tell a transfer leg and so reads the table too); in the
 *   new order the spending query groups a day's expenses by feeling and purpose without sorting
 *   them. `transfer_id` stays in it (last): SQLite uses a partial index as covering only when its
 *   predicate's column is in it.
 * - `transactions_second_looks`: only the expenses with a second feeling, so the page's two
 *   second-look queries read those few rows instead of every expense of the range and its
 *   `second_feeling` from the table. Imports carry no second feeling and do not pay for it.
 */
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.dropIndex('transactions_flows_cover').execute();
  await db.schema
    .createIndex('transactions_flows_cover')
    .on('transactions')
    .columns(['user_id', 'type', 'date', 'emotion', 'purpose', 'entity_id', 'amount_cents', 'account_id', 'id', 'transfer_id'])
    .where(sql.ref('transfer_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('transactions_second_looks')
    .on('transactions')
    .columns(['user_id', 'type', 'date', 'account_id', 'entity_id', 'emotion', 'second_feeling', 'id', 'transfer_id'])
    .where(sql.ref('second_feeling'), 'is not', null)
    .execute();
}
