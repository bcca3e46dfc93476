/**
 * Enable Banking (issue 32; docs/DECISIONS.md #111).
 *
 * - `linked_institutions.consent_expires_at`: when the bank's consent lapses (Enable Banking's
 *   `access.valid_until`); null for providers whose access does not lapse on a known day.
 * - `bank_link_states`: the `state` of a redirect to a bank, stored as its SHA-256 only, bound to
 *   the person and the book that started it, short-lived and deleted when used (single use).
 */
import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('linked_institutions').addColumn('consent_expires_at', 'varchar(30)').execute();
  await db.schema
    .createTable('bank_link_states')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('state_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('book_id', 'integer', (col) => col.notNull().references('books.id').onDelete('cascade'))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('provider', 'varchar(20)', (col) => col.notNull())
    .addColumn('bank_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('country', 'varchar(2)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('bank_link_states_user').on('bank_link_states').column('user_id').execute();
  await db.schema.createIndex('bank_link_states_book').on('bank_link_states').column('book_id').execute();
}
