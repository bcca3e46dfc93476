/** SQL of the accounts module: accounts, their types and balance history. */
import { type Kysely, sql } from 'kysely';
import { type AccountAmounts, BOOK_FIGURES, amountColumn, ownAmountAccounts } from '../../db/account-amounts';
import type { Database } from '../../db/schema';
import { type BookRows, andNotHidden, hidingPrivate } from '../../db/private-accounts';
import { endTransfers } from '../../db/transfer-links';
import type { AccountRow, BalanceRow } from '../../db/ledger-schema';

export type AccountWithType = AccountRow & { type_name: string };

export function listAccountTypes(db: Kysely<Database>) {
  return db.selectFrom('account_types').selectAll().orderBy('id').execute();
}

export function findAccountType(db: Kysely<Database>, id: number) {
  return db.selectFrom('account_types').selectAll().where('id', '=', id).executeTakeFirst();
}

function accountsQuery(db: Kysely<Database>, scope: BookRows) {
  return db
    .selectFrom('accounts')
    .innerJoin('account_types', 'account_types.id', 'accounts.account_type_id')
    .selectAll('accounts')
    .select('account_types.name as type_name')
    .where('accounts.book_id', '=', scope.bookId)
    .$call(hidingPrivate(scope, 'accounts.id'));
}

/** The accounts the person sees in the book, in the order they were created. */
export function listAccounts(db: Kysely<Database>, scope: BookRows): Promise<AccountWithType[]> {
  return accountsQuery(db, scope).orderBy('accounts.id').execute();
}

/** The account, unless it is not in the book or is another member's private one. */
export function findAccount(db: Kysely<Database>, scope: BookRows, accountId: number): Promise<AccountWithType | undefined> {
  return accountsQuery(db, scope).where('accounts.id', '=', accountId).executeTakeFirst();
}

/** Balance history of the given accounts, oldest first per account. */
export function listBalances(db: Kysely<Database>, scope: BookRows, accountIds: number[]): Promise<BalanceRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('account_balances')
    .selectAll()
    .where('book_id', '=', scope.bookId)
    .where('account_id', 'in', accountIds)
    .$call(hidingPrivate(scope, 'account_id'))
    .orderBy('account_id')
    .orderBy('date')
    .orderBy('id')
    .execute();
}

export function insertAccount(
  db: Kysely<Database>,
  values: {
    bookId: number;
    name: string;
    accountTypeId: number;
    subtype: string | null;
    createdBy: number;
    privateTo: number | null;
    /** The account's ISO 4217 code (DECISIONS.md #90). */
    currency: string;
    createdAt: string;
  },
) {
  return db
    .insertInto('accounts')
    .values({
      book_id: values.bookId,
      name: values.name,
      account_type_id: values.accountTypeId,
      subtype: values.subtype,
      created_by_user_id: values.createdBy,
      private_user_id: values.privateTo,
      currency: values.currency,
      created_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateAccount(
  db: Kysely<Database>,
  bookId: number,
  accountId: number,
  values: { name: string; accountTypeId: number; subtype: string | null; privateTo: number | null; currency: string },
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ name: values.name, account_type_id: values.accountTypeId, subtype: values.subtype, private_user_id: values.privateTo, currency: values.currency })
    .where('book_id', '=', bookId)
    .where('id', '=', accountId)
    .execute();
}

/** True when the account has at least one transaction (a transfer's leg counts). */
export async function hasTransactions(db: Kysely<Database>, bookId: number, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('transactions').select('id').where('book_id', '=', bookId).where('account_id', '=', accountId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertBalance(
  db: Kysely<Database>,
  values: Omit<BalanceRow, 'id'>,
): Promise<void> {
  await db.insertInto('account_balances').values(values).execute();
}

/** Deletes the account; its balances, transactions and their split lines go with it (cascade). */
export async function deleteAccount(db: Kysely<Database>, bookId: number, accountId: number): Promise<void> {
  await db.deleteFrom('accounts').where('book_id', '=', bookId).where('id', '=', accountId).execute();
}

export interface MonthTotals {
  account_id: number;
  income: number;
  expenses: number;
  transaction_count: number;
}

/**
 * Income, expenses and count per account for the days from..to. A transfer's legs count as rows
 * but not as income or expenses (docs/DECISIONS.md #47); the ending balance (`netChangeSince`)
 * keeps them, since the money did move.
 */
export function monthTotals(db: Kysely<Database>, scope: BookRows, from: string, to: string, amounts: AccountAmounts = BOOK_FIGURES): Promise<MonthTotals[]> {
  const amount = amountColumn(amounts);
  let query = db
    .selectFrom('transactions')
    .select((eb) => [
      'account_id',
      eb.fn.sum<number>(sql`case when type = 'income' and transfer_id is null then ${amount} else 0 end`).as('income'),
      eb.fn.sum<number>(sql`case when type = 'expense' and transfer_id is null then ${amount} else 0 end`).as('expenses'),
      eb.fn.countAll<number>().as('transaction_count'),
    ])
    .where('book_id', '=', scope.bookId)
    .$call(hidingPrivate(scope, 'account_id'))
    .where('date', '>=', from)
    .where('date', '<=', to);
  const only = ownAmountAccounts(amounts);
  if (only) query = query.where('account_id', 'in', only);
  return query.groupBy('account_id').execute();
}


/**
 * Net change (income − expenses) per account from the day after each account's balance date up
 * to `until`: the part of the ending balance of §9 that the balance itself does not hold yet.
 * It spans every transaction since the balance date (years of them), so each account's income
 * and expenses are summed by a scalar subquery over a range of the covering index
 * `transactions_user_account_type_date_amount`: no table reads, and no sort of those rows for a GROUP
 * BY, which alone cost more than the sums (docs/DECISIONS.md #61).
 */
export async function netChangeSince(
  db: Kysely<Database>,
  scope: BookRows,
  sinceByAccount: ReadonlyArray<{ accountId: number; since: string }>,
  until: string,
  amounts: AccountAmounts = BOOK_FIGURES,
): Promise<Map<number, number>> {
  if (sinceByAccount.length === 0) return new Map();
  const chosen = sql.join(sinceByAccount.map(({ accountId, since }) => sql`select cast(${accountId} as integer) as account_id, cast(${since} as varchar(10)) as since`), sql` union all `);
  const total = (type: 'income' | 'expense') => sql`(select coalesce(sum(${amountColumn(amounts, 't.')}), 0) from transactions t
      where t.book_id = ${scope.bookId}${andNotHidden(scope, 't.account_id')} and t.account_id = c.account_id and t.type = ${type} and t.date > c.since and t.date <= ${until})`;
  const rows = await sql<{ account_id: number; income: number | string; expenses: number | string }>`
    with chosen as (${chosen})
    select c.account_id as account_id, ${total('income')} as income, ${total('expense')} as expenses
    from chosen c`.execute(db);
  return new Map(rows.rows.map((row) => [Number(row.account_id), Number(row.income) - Number(row.expenses)]));
}

/**
 * Before an account is deleted: its transfers end, and their legs in other accounts stay as
 * ordinary rows, since the money did leave or reach those accounts (docs/DECISIONS.md #48).
 */
export async function unlinkTransfersOfAccount(db: Kysely<Database>, bookId: number, accountId: number, updatedAt: string): Promise<void> {
  const legs = await db
    .selectFrom('transactions')
    .select('transfer_id')
    .where('book_id', '=', bookId)
    .where('account_id', '=', accountId)
    .where('transfer_id', 'is not', null)
    .execute();
  await endTransfers(db, bookId, legs.flatMap((leg) => (leg.transfer_id === null ? [] : [leg.transfer_id])), updatedAt);
}

/** The accounts of the book that are private to the user. */
export async function privateAccountIdsOf(db: Kysely<Database>, bookId: number, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('accounts').select('id').where('book_id', '=', bookId).where('private_user_id', '=', userId).execute();
  return rows.map((row) => row.id);
}
