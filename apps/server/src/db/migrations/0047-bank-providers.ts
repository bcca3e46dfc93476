/**
 * Banks beyond Plaid, synced on a schedule (issue 32; docs/DECISIONS.md #106).
 *
 * - `provider`: which provider the link was made through ('plaid' for every link made before).
 * - `next_sync_at`: when the scheduled sync next takes the link up (null: at once); the job's lease
 *   per link lives in `job_leases` as `bank-sync:<id>`.
 * - The last sync's result as the person sees it: `last_sync_at` (the attempt, successful or not;
 *   `last_synced_at` stays the last success), `last_sync_added`, `last_sync_error`,
 *   `sync_failures` (consecutive, for the backoff) and `notices` (the provider's own messages,
 *   SimpleFIN's `errors`, as a JSON array).
 *
 * The stored credentials are re-sealed under the bank key (BANK_TOKEN_ENCRYPTION_KEY or
 * DATA_DIR/bank-token.key) at start-up, not here: SQL cannot run AES-GCM, and the key lives in the
 * server's environment, not in the database (modules/institutions/bank-token-cipher.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('linked_institutions')
    .addColumn('provider', 'varchar(20)', (col) => col.notNull().defaultTo('plaid'))
    .execute();
  await db.schema.alterTable('linked_institutions').addColumn('next_sync_at', 'varchar(30)').execute();
  await db.schema.alterTable('linked_institutions').addColumn('last_sync_at', 'varchar(30)').execute();
  await db.schema.alterTable('linked_institutions').addColumn('last_sync_added', 'integer').execute();
  await db.schema.alterTable('linked_institutions').addColumn('last_sync_error', 'varchar(500)').execute();
  await db.schema
    .alterTable('linked_institutions')
    .addColumn('sync_failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('linked_institutions').addColumn('notices', 'text').execute();
  // The schedule's question: which links are due.
  await db.schema.createIndex('linked_institutions_due').on('linked_institutions').column('next_sync_at').execute();
}
