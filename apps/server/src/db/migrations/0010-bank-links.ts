/**
 * Banks linked through a bank-data provider (DECISIONS.md #8): one row per link (Plaid "item")
 * with its sealed access token and sync cursor, and which Mindspend account each of its bank
 * accounts feeds. Unlinking deletes these rows but keeps the accounts and their transactions.
 */
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('linked_institutions')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('item_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('access_token_encrypted', 'text', (col) => col.notNull())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull().defaultTo('connected'))
    .addColumn('cursor', 'text')
    .addColumn('last_synced_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('linked_institutions_user')
    .on('linked_institutions')
    .columns(['user_id', 'id'])
    .execute();
  // The same link exchanged twice must not feed its accounts twice.
  await db.schema
    .createIndex('linked_institutions_item')
    .on('linked_institutions')
    .columns(['user_id', 'item_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('linked_accounts')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('institution_id', 'integer', (col) =>
      col.notNull().references('linked_institutions.id').onDelete('cascade'),
    )
    .addColumn('provider_account_id', 'varchar(255)', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('linked_accounts_institution')
    .on('linked_accounts')
    .columns(['institution_id', 'provider_account_id'])
    .unique()
    .execute();
  await db.schema.createIndex('linked_accounts_account').on('linked_accounts').column('account_id').execute();
}
