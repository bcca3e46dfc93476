/**
 * The ledger: account types, accounts with their balance history, the default category tree,
 * entities (payees and payors), transactions and their split lines. Amounts are integer cents.
 */
import { DEFAULT_CATEGORIES } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { type MigrationContext, idColumn, userIdColumn } from './helpers';

export const ACCOUNT_TYPE_NAMES = ['Savings', 'Checking', 'Credit card'] as const;

export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('account_types')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'varchar(40)', (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('account_type_id', 'integer', (col) => col.notNull().references('account_types.id'))
    .addColumn('subtype', 'varchar(40)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_id').on('accounts').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('account_balances')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('current_balance_cents', 'bigint', (col) => col.notNull())
    .addColumn('available_balance_cents', 'bigint', (col) => col.notNull())
    .addColumn('limit_cents', 'bigint')
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('account_balances_account')
    .on('account_balances')
    .columns(['account_id', 'date', 'id'])
    .execute();
  await db.schema.createIndex('account_balances_user_id').on('account_balances').column('user_id').execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('type', 'varchar(10)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('subcategories')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('name', 'varchar(60)', (col) => col.notNull())
    .addColumn('emoji', 'varchar(16)', (col) => col.notNull())
    .addColumn('type', 'varchar(10)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('entities')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('name_short', 'varchar(60)', (col) => col.notNull())
    .addColumn('address_line1', 'varchar(255)')
    .addColumn('address_line2', 'varchar(255)')
    .addColumn('city', 'varchar(100)')
    .addColumn('state', 'varchar(2)')
    .addColumn('zipcode', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('entities_user_name').on('entities').columns(['user_id', 'name']).execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (col) => col.references('entities.id').onDelete('set null'))
    .addColumn('type', 'varchar(10)', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('date', 'varchar(10)', (col) => col.notNull())
    .addColumn('description', 'varchar(255)')
    .addColumn('notes', 'text')
    .addColumn('payment_method', 'varchar(20)')
    .addColumn('purpose', 'varchar(20)')
    .addColumn('emotion', 'varchar(20)')
    .addColumn('pending', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(30)', (col) => col.notNull())
    .execute();
  // A month of one account, and a month of all accounts, are range scans on these.
  await db.schema
    .createIndex('transactions_account_date')
    .on('transactions')
    .columns(['account_id', 'date', 'id'])
    .execute();
  await db.schema.createIndex('transactions_user_date').on('transactions').columns(['user_id', 'date']).execute();
  await db.schema.createIndex('transactions_entity').on('transactions').column('entity_id').execute();

  await db.schema
    .createTable('transaction_splits')
    .addColumn('id', ...idColumn(ctx))
    .addColumn('user_id', ...userIdColumn())
    .addColumn('transaction_id', 'integer', (col) =>
      col.notNull().references('transactions.id').onDelete('cascade'),
    )
    .addColumn('subcategory_id', 'integer', (col) => col.notNull().references('subcategories.id'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('transaction_splits_transaction')
    .on('transaction_splits')
    .column('transaction_id')
    .execute();
  await db.schema
    .createIndex('transaction_splits_user_subcategory')
    .on('transaction_splits')
    .columns(['user_id', 'subcategory_id'])
    .execute();

  await seedReferenceData(db);
}

/** Account types and the default category tree, with fixed ids so every database agrees. */
async function seedReferenceData(db: Kysely<unknown>): Promise<void> {
  const typed = db as Kysely<{
    account_types: { id: number; name: string };
    categories: { id: number; name: string; type: string };
    subcategories: { id: number; category_id: number; name: string; emoji: string; type: string };
  }>;
  await typed
    .insertInto('account_types')
    .values(ACCOUNT_TYPE_NAMES.map((name, index) => ({ id: index + 1, name })))
    .execute();
  let subcategoryId = 0;
  for (const [index, category] of DEFAULT_CATEGORIES.entries()) {
    const categoryId = index + 1;
    await typed.insertInto('categories').values({ id: categoryId, name: category.name, type: category.type }).execute();
    await typed
      .insertInto('subcategories')
      .values(
        category.subcategories.map((subcategory) => ({
          id: (subcategoryId += 1),
          category_id: categoryId,
          name: subcategory.name,
          emoji: subcategory.emoji,
          type: category.type,
        })),
      )
      .execute();
  }
}
