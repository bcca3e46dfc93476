/**
 * Idempotent creates (issue 30; docs/DECISIONS.md #101): a request sent again with the same
 * `Idempotency-Key` (an app coming back online, a retry after a lost answer) gets the first
 * answer and writes nothing. One row per person and key: the unique index is what lets exactly
 * one of two processes racing the same key do the work.
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('key', 'varchar(200)', (col) => col.notNull())
    // SHA-256 of the method, the path and the body: a key sent with another request is refused.
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_once').on('idempotency_keys').columns(['user_id', 'key']).unique().execute();
  await db.schema.createIndex('idempotency_keys_age').on('idempotency_keys').column('created_at').execute();
}
