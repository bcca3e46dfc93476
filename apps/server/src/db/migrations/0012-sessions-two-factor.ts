/**
 * Sessions (DECISIONS.md #27): each sign-in token keeps when it was last used and the device it
 * was issued to, so tokens can expire when idle and be listed and ended in Settings.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  // Tokens issued before this migration have no record of their last use: they count as used at
  // deploy time, so they all get the full idle period instead of expiring together at deploy.
  const deployedAt = new Date().toISOString();
  await db.schema.alterTable('api_tokens').addColumn('last_used_at', 'varchar(30)', (col) => col.notNull().defaultTo(deployedAt)).execute();
  await db.schema
    .alterTable('api_tokens')
    .addColumn('device', 'varchar(100)', (col) => col.notNull().defaultTo('Unknown device'))
    .execute();
}
