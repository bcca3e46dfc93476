/**
 * The regret radar (issue 16; docs/DECISIONS.md #57):
 *
 * - `transactions_felt_expenses`: the user's felt expenses that are not transfer legs, by date,
 *   with their payee, feeling and id, read from the index alone. The radar's per-month counts
 *   read six months of them at every rebuilt ledger month; without the index each row cost a
 *   table lookup (for `transfer_id`, which no other index holds).
 * - `notifications.once_key`: names a notification that may exist only once per user ('regret at
 *   payee 12 on 2026-11-24'); the unique index makes it so on any number of server processes.
 *   Other notifications leave it null, and nulls never collide.
 */
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('transactions_felt_expenses')
    .on('transactions')
    .columns(['user_id', 'date', 'entity_id', 'emotion', 'id'])
    .where(sql.ref('type'), '=', 'expense')
    .where(sql.ref('emotion'), 'is not', null)
    .where(sql.ref('transfer_id'), 'is', null)
    .execute();
  await db.schema.alterTable('notifications').addColumn('once_key', 'varchar(120)').execute();
  await db.schema.createIndex('notifications_once').on('notifications').columns(['user_id', 'once_key']).unique().execute();
}
