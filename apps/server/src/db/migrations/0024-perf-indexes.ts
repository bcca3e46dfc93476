/**
 * A covering index for account balances at a month's end (docs/DECISIONS.md #61). The ending
 * balance of the all-accounts month adds every transaction since the account's balance date: on
 * the bench user's five years that is 200,000 rows, which read through `transactions_account_date`
 * cost a table lookup each (330 ms of the month's 530 ms rebuild on the loaded bench machine).
 * From this index a sum per account and type is a range of index entries and no table reads.
 * `user_id` leads, as in the other covering indexes: with `account_id` first, SQLite's planner
 * chose this index for a month's split lines on `account_id` alone and read all of the account's
 * rows instead of the month's.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('transactions_user_account_type_date_amount')
    .on('transactions')
    .columns(['user_id', 'account_id', 'type', 'date', 'amount_cents'])
    .execute();
}
