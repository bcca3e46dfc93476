/**
 * Feelings, further (issue 16; DECISIONS.md #44–#46):
 *
 * - `transactions.second_feeling`: how an expense feels on a second look, kept beside the first
 *   feeling (`emotion`), never over it. The triggers of migration 0008 fire on an UPDATE of any
 *   column, so a second look moves `data_revision` on and no cached month or insights answer
 *   outlives it.
 * - `users.second_look_days`: days after an expense before its second look; null turns it off.
 * - `purpose_targets`: the four purposes' monthly target shares, one row per user who set them
 *   (no row: the person has not chosen targets, and is invited to, not given defaults).
 * - `month_reflections`: the month-end reflection, one row per user and month.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('second_feeling', 'varchar(20)').execute();
  await db.schema.alterTable('users').addColumn('second_look_days', 'integer', (col) => col.defaultTo(7)).execute();

  await db.schema
    .createTable('purpose_targets')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('survival', 'integer', (col) => col.notNull())
    .addColumn('optional', 'integer', (col) => col.notNull())
    .addColumn('culture', 'integer', (col) => col.notNull())
    .addColumn('unexpected', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('purpose_targets_user').on('purpose_targets').column('user_id').unique().execute();

  await db.schema
    .createTable('month_reflections')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('month', 'integer', (col) => col.notNull())
    .addColumn('went_well', 'text', (col) => col.notNull())
    .addColumn('change_next', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('month_reflections_user_month')
    .on('month_reflections')
    .columns(['user_id', 'year', 'month'])
    .unique()
    .execute();
}
