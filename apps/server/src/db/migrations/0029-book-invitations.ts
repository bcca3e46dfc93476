/**
 * Invitations to a book (issue 25; docs/DECISIONS.md #74): one row per invitation sent. Only the
 * SHA-256 of its token is stored (as for sessions, DECISIONS.md #3); the link in the e-mail is the
 * only copy of the token. An invitation is used once (`accepted_at`) and expires after 7 days.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('book_invitations')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('role', 'varchar(10)', (col) => col.notNull())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('accepted_at', 'varchar(30)')
    .addColumn('accepted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('book_invitations_book').on('book_invitations').column('book_id').execute();
}
