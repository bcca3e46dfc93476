/**
 * `rules`: a user's categorization rules, in order (issue 15; docs/DECISIONS.md #51). Conditions
 * and actions are JSON text, validated by the API contract on the way in and by the rule model's
 * schema on the way out, so adding a kind of condition needs no migration. `position` orders the
 * list; it is not unique, so a reorder can rewrite every position in one transaction without a
 * conflict midway, and a removal leaves a gap that changes nothing.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('rules')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('conditions', 'text', (col) => col.notNull())
    .addColumn('actions', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  // Every import and the Rules screen read one user's rules in order.
  await db.schema.createIndex('rules_user_position').on('rules').columns(['user_id', 'position']).execute();
}
