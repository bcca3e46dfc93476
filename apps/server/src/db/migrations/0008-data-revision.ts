/**
 * `users.data_revision`: a counter the database itself bumps whenever any row of a user's money
 * data is inserted, changed or deleted. The heavy read routes (a ledger month, the budgets month,
 * insights) reuse a serialized answer only while the revision it was built at is still current
 * (lib/answer-cache.ts). Triggers rather than application code do the bumping so that no write
 * path — a route, an import, a restore, another server process — can leave a stale answer behind.
 *
 * SQLite has only row-level triggers. PostgreSQL bumps once per statement from a transition
 * table, so a 400-row batch insert costs one UPDATE, not 400.
 */
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './helpers';

/** Tables whose rows any cached answer may be built from. */
export const REVISIONED_TABLES = [
  'accounts',
  'account_balances',
  'entities',
  'transactions',
  'transaction_splits',
  'budgets',
  'budget_months',
  'income_sources',
  'goals',
] as const;

const EVENTS = [
  { event: 'INSERT', row: 'NEW', transition: 'NEW TABLE' },
  { event: 'UPDATE', row: 'NEW', transition: 'NEW TABLE' },
  { event: 'DELETE', row: 'OLD', transition: 'OLD TABLE' },
] as const;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('data_revision', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  if (ctx.dialect === 'postgres') {
    await sql`
      CREATE FUNCTION bump_data_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE users SET data_revision = data_revision + 1 WHERE id IN (SELECT DISTINCT user_id FROM changed_rows);
        RETURN NULL;
      END $$`.execute(db);
  }

  for (const table of REVISIONED_TABLES) {
    for (const { event, row, transition } of EVENTS) {
      const name = sql.raw(`${table}_${event.toLowerCase()}_bumps_revision`);
      const on = sql.table(table);
      if (ctx.dialect === 'postgres') {
        await sql`CREATE TRIGGER ${name} AFTER ${sql.raw(event)} ON ${on}
          REFERENCING ${sql.raw(transition)} AS changed_rows
          FOR EACH STATEMENT EXECUTE FUNCTION bump_data_revision()`.execute(db);
      } else {
        await sql`CREATE TRIGGER ${name} AFTER ${sql.raw(event)} ON ${on} FOR EACH ROW BEGIN
          UPDATE users SET data_revision = data_revision + 1 WHERE id = ${sql.raw(row)}.user_id;
          END`.execute(db);
      }
    }
  }
}
