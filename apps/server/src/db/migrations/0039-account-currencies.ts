/**
 * A currency per account and each transaction's own amount (issue 27; docs/DECISIONS.md #90).
 *
 * - `accounts.currency`: the ISO 4217 code the account keeps its money in; every existing account
 *   takes its book's base currency, the currency its amounts were written in.
 * - `transactions.account_amount_cents`, `fx_rate`, `fx_date`: for a transaction in an account
 *   whose currency is not the book's, its amount as the account holds it (hundredths of the
 *   account's currency, as every stored amount, DECISIONS.md #88), and the rate and the rate's day
 *   that turned it into `amount_cents`, which stays the book's figure every sum reads. Null for a
 *   transaction in the base currency, whose `amount_cents` is both: existing rows need no rewrite,
 *   and the covering indexes every sum reads keep serving it.
 * - `transaction_splits.account_amount_cents`: a split line's share in the account's currency,
 *   likewise.
 * - The covering index of an account's balance (`transactions_user_account_type_date_amount`,
 *   migration 0024) holds the own amount too: an account in another currency adds up its own
 *   amounts over years of rows, which without it read every row from the table (+20 % on the
 *   all-accounts month, docs/PERFORMANCE.md "Accounts in three currencies").
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('currency', 'varchar(3)', (col) => col.notNull().defaultTo('USD'))
    .execute();
  await sql`update accounts set currency = (select b.base_currency from books b where b.id = accounts.book_id)`.execute(db);

  await db.schema.alterTable('transactions').addColumn('account_amount_cents', 'bigint').execute();
  await db.schema.alterTable('transactions').addColumn('fx_rate', 'varchar(40)').execute();
  await db.schema.alterTable('transactions').addColumn('fx_date', 'varchar(10)').execute();
  await db.schema.alterTable('transaction_splits').addColumn('account_amount_cents', 'bigint').execute();

  await db.schema.dropIndex('transactions_user_account_type_date_amount').execute();
  await db.schema
    .createIndex('transactions_user_account_type_date_amount')
    .on('transactions')
    .columns(['book_id', 'account_id', 'type', 'date', 'amount_cents', 'account_amount_cents'])
    .execute();
}
