/**
 * Sessions (DECISIONS.md #27): each sign-in token keeps when it was last used and the device it
 * was issued to, so tokens can expire when idle and be listed and ended in Settings.
 * Two-factor sign-in (DECISIONS.md #28): the user's TOTP secret (encrypted), when it was turned
 * on, the last time step used (no replay), and ten single-use recovery codes stored hashed.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  // Tokens issued before this migration have no record of their last use: they count as used at
  // deploy time, so they all get the full idle period instead of expiring together at deploy.
  const deployedAt = new Date().toISOString();
  await db.schema.alterTable('api_tokens').addColumn('last_used_at', 'varchar(30)', (col) => col.notNull().defaultTo(deployedAt)).execute();
  await db.schema
    .alterTable('api_tokens')
    .addColumn('device', 'varchar(100)', (col) => col.notNull().defaultTo('Unknown device'))
    .execute();

  // Set while pending (after setup) and while on; on once two_factor_enabled_at is set.
  await db.schema.alterTable('users').addColumn('two_factor_secret_encrypted', 'text').execute();
  await db.schema.alterTable('users').addColumn('two_factor_enabled_at', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('code_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user')
    .on('two_factor_recovery_codes')
    .columns(['user_id', 'code_hash'])
    .execute();
}
