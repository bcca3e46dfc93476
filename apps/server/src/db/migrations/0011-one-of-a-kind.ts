/**
 * What must never happen twice, enforced by the database (docs/concurrent-writes.md):
 *
 * - one running budget per user and sub-category (`ends_before_month is null`);
 * - one imported row per account and import key, so the same statement uploaded twice at once
 *   cannot add its rows twice;
 * - (one month row per budget and month is the unique constraint of migration 0004.)
 *
 * Before this migration, racing requests on PostgreSQL could create such duplicates. They are
 * repaired without deleting anything a person may have edited: a later duplicate budget is ended
 * before its first month (it shows in no month; its rows stay), and a later duplicate imported row
 * keeps its data but loses its import key (it is an ordinary transaction from then on).
 *
 * `import_jobs.heartbeat_at`: the lease of a job being processed (modules/imports/job-queue.ts).
 */
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers';

export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await sql`
    update budgets set ends_before_month = substr(repeat_start, 1, 7)
    where ends_before_month is null and exists (
      select 1 from budgets earlier
      where earlier.user_id = budgets.user_id and earlier.subcategory_id = budgets.subcategory_id
        and earlier.ends_before_month is null and earlier.id < budgets.id)`.execute(db);
  await sql`
    create unique index budgets_one_running_per_subcategory on budgets (user_id, subcategory_id)
    where ends_before_month is null`.execute(db);

  await sql`
    update transactions set import_key = null
    where import_key is not null and exists (
      select 1 from transactions earlier
      where earlier.account_id = transactions.account_id and earlier.import_key = transactions.import_key
        and earlier.id < transactions.id)`.execute(db);
  await sql`
    create unique index transactions_one_import_key on transactions (account_id, import_key)
    where import_key is not null`.execute(db);
  // The unique index serves every lookup the plain one did.
  await db.schema.dropIndex('transactions_import_key').execute();

  await db.schema.alterTable('import_jobs').addColumn('heartbeat_at', 'varchar(30)').execute();
}
