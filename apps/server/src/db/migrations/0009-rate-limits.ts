/**
 * `rate_limit_hits`: the sign-in and public-form rate limiter's counters, one row per route and
 * client address, so every server process sharing a PostgreSQL database counts against one limit
 * (plugins/rate-limit-store.ts). SQLite keeps the counters in memory, since one process owns the
 * file, but gets the table too so both dialects have the same schema.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  // The store's sweep deletes expired rows by this column.
  await db.schema.createIndex('rate_limit_hits_expires_at').on('rate_limit_hits').column('expires_at').execute();
}
