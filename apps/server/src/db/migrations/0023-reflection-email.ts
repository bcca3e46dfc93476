/**
 * The monthly reflection e-mail (issue 16; docs/DECISIONS.md #59, #60):
 *
 * - `users.reflection_email_since`: when the person turned the e-mail on; null (the default) is
 *   off, so nobody receives it without opting in.
 * - `reflection_emails`: one row per user and month whose e-mail was queued. The unique index is
 *   the claim that makes the e-mail go out once, even with several server processes sending.
 * - `outbox.body_html`: the HTML part of a message; null for the text-only ones.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('reflection_email_since', 'varchar(30)').execute();
  await db.schema.alterTable('outbox').addColumn('body_html', 'text').execute();

  await db.schema
    .createTable('reflection_emails')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('month', 'integer', (col) => col.notNull())
    .addColumn('outbox_id', 'integer')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('reflection_emails_user_month')
    .on('reflection_emails')
    .columns(['user_id', 'year', 'month'])
    .unique()
    .execute();
}
