/**
 * Budget rollover and the per-budget regret cap (issues 15 and 16; docs/DECISIONS.md #55, #56):
 *
 * - `budget_rollover_changes`: rollover turned on or off for a flexible budget from a month
 *   (`YYYY-MM`) on, one row per budget and month. The history, not a flag, is what lets turning
 *   rollover off stop carrying from that month while earlier months keep what they carried.
 *   Its rows bump `users.data_revision` like the budget tables of migration 0008, so no cached
 *   budgets month outlives a change of the setting.
 * - `budgets.regret_cap_cents`: the optional cap on a month's regretted spending; null is none.
 * - `budget_regret_alerts`: one row per budget and month whose cap was passed; its unique key
 *   is what makes the notification once per budget per month even when writes race.
 */
import { type Kysely, sql } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

const EVENTS = [
  { event: 'INSERT', row: 'NEW', transition: 'NEW TABLE' },
  { event: 'UPDATE', row: 'NEW', transition: 'NEW TABLE' },
  { event: 'DELETE', row: 'OLD', transition: 'OLD TABLE' },
] as const;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('budgets').addColumn('regret_cap_cents', 'bigint').execute();

  await db.schema
    .createTable('budget_rollover_changes')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('budget_id', 'integer', (col) => col.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('from_month', 'varchar(7)', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addUniqueConstraint('budget_rollover_changes_budget_month', ['budget_id', 'from_month'])
    .execute();
  await db.schema
    .createIndex('budget_rollover_changes_user')
    .on('budget_rollover_changes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('budget_regret_alerts')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('budget_id', 'integer', (col) => col.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addUniqueConstraint('budget_regret_alerts_budget_month', ['budget_id', 'month'])
    .execute();
  await db.schema
    .createIndex('budget_regret_alerts_user')
    .on('budget_regret_alerts')
    .column('user_id')
    .execute();

  // The same triggers as migration 0008's tables (its bump_data_revision() on PostgreSQL).
  for (const { event, row, transition } of EVENTS) {
    const name = sql.raw(`budget_rollover_changes_${event.toLowerCase()}_bumps_revision`);
    if (ctx.dialect === 'postgres') {
      await sql`CREATE TRIGGER ${name} AFTER ${sql.raw(event)} ON budget_rollover_changes
        REFERENCING ${sql.raw(transition)} AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION bump_data_revision()`.execute(db);
    } else {
      await sql`CREATE TRIGGER ${name} AFTER ${sql.raw(event)} ON budget_rollover_changes FOR EACH ROW BEGIN
        UPDATE users SET data_revision = data_revision + 1 WHERE id = ${sql.raw(row)}.user_id;
        END`.execute(db);
    }
  }
}
