/** SQL of transactions and their split lines. */
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TransactionRow } from '../../db/ledger-schema';
import { selectRowArrays } from '../../db/direct-reads';
import type { Feelings } from '../../db/feelings';
import { type BookRows, andNotHidden, joinHidingPrivate } from '../../db/private-accounts';
import type { Database } from '../../db/schema';

/**
 * The columns a transaction is shown and edited with (not its owner or bookkeeping times); its
 * feelings are the reader's own (db/feelings.ts).
 */
const shownColumns = (feelings: Feelings) =>
  [
    't.id', 't.account_id', 't.entity_id', 't.type', 't.amount_cents', 't.date', 't.description', 't.notes',
    't.payment_method', 't.purpose', feelings.first.as('emotion'), feelings.second.as('second_feeling'), 't.pending', 't.transfer_id',
    't.account_amount_cents', 't.fx_rate', 't.fx_date',
  ] as const;

export type TransactionWithEntity = Omit<TransactionRow, 'book_id' | 'created_at' | 'updated_at' | 'import_key'> & {
  entity_name: string | null;
  entity_name_short: string | null;
  /** A transfer leg's other account (docs/DECISIONS.md #47); null for ordinary rows. */
  transfer_account_id: number | null;
  transfer_account_name: string | null;
};

export interface SplitWithSubcategory {
  transaction_id: number;
  subcategory_id: number;
  /** The line's share in the book's base currency. */
  amount_cents: number;
  /** Its share in the account's currency where that is not the book's (DECISIONS.md #90); else null. */
  account_amount_cents: number | null;
  name: string;
  emoji: string;
  type: 'income' | 'expense';
  category_id: number;
}

export interface TransactionFilter {
  /** The book, less other members' private accounts (db/private-accounts.ts). */
  book: BookRows;
  accountId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  transactionId?: number | undefined;
  /** Lower-case text found in the payee, description or notes. */
  text?: string | undefined;
  /** Only transactions with a split line in this sub-category. */
  subcategoryId?: number | undefined;
  type?: 'income' | 'expense' | undefined;
  /** Only transactions this member has not looked at again yet. */
  notLookedAgainBy?: Feelings | undefined;
  /** Only transactions this member recorded a first feeling about. */
  feltBy?: Feelings | undefined;
  /** Only transactions after this one in oldest-first order (date, then id): the next page. */
  after?: { date: string; id: number } | undefined;
  /** Leave out the legs of transfers: they are neither income nor spending (docs/DECISIONS.md #47). */
  noTransferLegs?: boolean | undefined;
  /** Oldest first (the second look's order) instead of newest first. */
  oldestFirst?: boolean | undefined;
}

/**
 * The WHERE condition of a filter over `transactions t left join entities e`, shared by the
 * transaction list and its split lines so both always cover the same rows.
 */
function filterCondition(filter: TransactionFilter): RawBuilder<SqlBool> {
  const parts = [sql`t.book_id = ${filter.book.bookId}${andNotHidden(filter.book, 't.account_id')}`];
  if (filter.accountId !== undefined) parts.push(sql`t.account_id = ${filter.accountId}`);
  if (filter.from !== undefined) parts.push(sql`t.date >= ${filter.from}`);
  if (filter.to !== undefined) parts.push(sql`t.date <= ${filter.to}`);
  if (filter.transactionId !== undefined) parts.push(sql`t.id = ${filter.transactionId}`);
  if (filter.type !== undefined) parts.push(sql`t.type = ${filter.type}`);
  if (filter.notLookedAgainBy) parts.push(sql`${filter.notLookedAgainBy.second} is null`);
  if (filter.feltBy) parts.push(sql`${filter.feltBy.first} is not null`);
  if (filter.after) parts.push(sql`(t.date > ${filter.after.date} or (t.date = ${filter.after.date} and t.id > ${filter.after.id}))`);
  if (filter.noTransferLegs) parts.push(sql`t.transfer_id is null`);
  if (filter.subcategoryId !== undefined) {
    parts.push(
      sql`exists (select 1 from transaction_splits ss where ss.transaction_id = t.id and ss.subcategory_id = ${filter.subcategoryId})`,
    );
  }
  if (filter.text) {
    const pattern = `%${filter.text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(
      sql`(lower(e.name) like ${pattern} escape '\\' or lower(t.description) like ${pattern} escape '\\' or lower(t.notes) like ${pattern} escape '\\')`,
    );
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

function baseQuery(db: Kysely<Database>) {
  return db.selectFrom('transactions as t').leftJoin('entities as e', 'e.id', 't.entity_id');
}

/** Without a text filter the split lines need no payee: one join less per line of a month. */
function splitsBaseQuery(db: Kysely<Database>, filter: TransactionFilter) {
  return filter.text ? baseQuery(db) : db.selectFrom('transactions as t');
}

/**
 * A listed row from its column values, in the order of `shownColumns` and then the four joined
 * names below: one object literal of one shape per row (docs/DECISIONS.md #67).
 */
function transactionFromValues(values: unknown[]): TransactionWithEntity {
  return {
    id: values[0] as number,
    account_id: values[1] as number,
    entity_id: values[2] as number | null,
    type: values[3] as TransactionWithEntity['type'],
    amount_cents: values[4] as number,
    date: values[5] as string,
    description: values[6] as string | null,
    notes: values[7] as string | null,
    payment_method: values[8] as string | null,
    purpose: values[9] as string | null,
    emotion: values[10] as string | null,
    second_feeling: values[11] as string | null,
    pending: values[12] as TransactionWithEntity['pending'],
    transfer_id: values[13] as number | null,
    account_amount_cents: values[14] as number | null,
    fx_rate: values[15] as string | null,
    fx_date: values[16] as string | null,
    entity_name: values[17] as string | null,
    entity_name_short: values[18] as string | null,
    transfer_account_id: values[19] as number | null,
    transfer_account_name: values[20] as string | null,
  };
}

/**
 * Transactions matching the filter, newest first, with their entity's names and, for a transfer
 * leg, the other leg's account: left joins by primary key only (the transfer, the leg it names
 * that is not this row, that leg's account), which match nothing for ordinary rows, so a month
 * stays one query. Joining the other leg on `transfer_id` instead let SQLite's planner pick an
 * index led by `book_id` and read the book's whole ledger for every row (seconds per month).
 * The feelings are those of `feelings`' member.
 */
export async function listTransactions(
  db: Kysely<Database>,
  feelings: Feelings,
  filter: TransactionFilter,
  limit?: number,
): Promise<TransactionWithEntity[]> {
  let query = baseQuery(db)
    .leftJoin('transfers as tr', (join) => join.onRef('tr.id', '=', 't.transfer_id').onRef('tr.book_id', '=', 't.book_id'))
    .leftJoin('transactions as other', (join) =>
      join.on('other.id', '=', sql<number>`case when tr.from_transaction_id = t.id then tr.to_transaction_id else tr.from_transaction_id end`),
    )
    // A transfer with another member's private account names no account (DECISIONS.md #84).
    .leftJoin('accounts as oa', (join) => join.onRef('oa.id', '=', 'other.account_id').$call(joinHidingPrivate(feelings, 'oa.id')))
    .select(shownColumns(feelings))
    .select(['e.name as entity_name', 'e.name_short as entity_name_short', 'oa.id as transfer_account_id', 'oa.name as transfer_account_name'])
    .where(filterCondition(filter))
    .orderBy('t.date', filter.oldestFirst ? 'asc' : 'desc')
    .orderBy('t.id', filter.oldestFirst ? 'asc' : 'desc');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await selectRowArrays(db, query.compile());
  return rows.map(transactionFromValues);
}

/** How many transactions match the filter, without reading them. */
export async function countTransactions(db: Kysely<Database>, filter: TransactionFilter): Promise<number> {
  const row = await splitsBaseQuery(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(filterCondition(filter))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Split lines of the transactions matching the same filter, in one query (no query per row). */
export async function listSplits(db: Kysely<Database>, filter: TransactionFilter): Promise<SplitWithSubcategory[]> {
  const query = splitsBaseQuery(db, filter)
    .innerJoin('transaction_splits as s', 's.transaction_id', 't.id')
    .innerJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
    .select(['s.transaction_id', 's.subcategory_id', 's.amount_cents', 's.account_amount_cents', 'sc.name', 'sc.emoji', 'sc.type', 'sc.category_id'])
    .where(filterCondition(filter))
    .orderBy('s.id');
  const rows = await selectRowArrays(db, query.compile());
  // The selected columns' order (docs/DECISIONS.md #67).
  return rows.map((values) => ({
    transaction_id: values[0] as number,
    subcategory_id: values[1] as number,
    amount_cents: values[2] as number,
    account_amount_cents: values[3] as number | null,
    name: values[4] as string,
    emoji: values[5] as string,
    type: values[6] as SplitWithSubcategory['type'],
    category_id: values[7] as number,
  }));
}

/** Split lines of the given transactions. */
export function listSplitsOf(db: Kysely<Database>, bookId: number, transactionIds: number[]): Promise<SplitWithSubcategory[]> {
  if (transactionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('transaction_splits as s')
    .innerJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
    .select(['s.transaction_id', 's.subcategory_id', 's.amount_cents', 's.account_amount_cents', 'sc.name', 'sc.emoji', 'sc.type', 'sc.category_id'])
    .where('s.book_id', '=', bookId)
    .where('s.transaction_id', 'in', transactionIds)
    .orderBy('s.id')
    .execute();
}

/**
 * What create and edit write. `emotion` is the transaction's own column: a personal book's
 * feeling, null in a shared book, whose members' feelings are written apart (db/feelings.ts).
 */
export type TransactionValues = Omit<TransactionRow, 'id' | 'book_id' | 'account_id' | 'created_at' | 'import_key' | 'second_feeling' | 'transfer_id'>;

export async function insertTransaction(
  db: Kysely<Database>,
  bookId: number,
  accountId: number,
  values: TransactionValues,
  createdAt: string,
): Promise<number> {
  const row = await db
    .insertInto('transactions')
    .values({ ...values, book_id: bookId, account_id: accountId, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTransaction(
  db: Kysely<Database>,
  bookId: number,
  transactionId: number,
  values: TransactionValues,
): Promise<void> {
  await db.updateTable('transactions').set(values).where('book_id', '=', bookId).where('id', '=', transactionId).execute();
}

/** Replaces the split lines of a transaction. */
export async function replaceSplits(
  db: Kysely<Database>,
  bookId: number,
  transactionId: number,
  lines: ReadonlyArray<{ subcategoryId: number; amountCents: number; accountAmountCents?: number | null }>,
): Promise<void> {
  await db.deleteFrom('transaction_splits').where('book_id', '=', bookId).where('transaction_id', '=', transactionId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('transaction_splits')
    .values(
      lines.map((line) => ({
        book_id: bookId,
        transaction_id: transactionId,
        subcategory_id: line.subcategoryId,
        amount_cents: line.amountCents,
        account_amount_cents: line.accountAmountCents ?? null,
      })),
    )
    .execute();
}

/** The currencies rows of the book are shown in: the book's base and each account's own (DECISIONS.md #90). */
export interface RowCurrencies {
  base: string;
  byAccount: ReadonlyMap<number, string>;
}

export async function rowCurrencies(db: Kysely<Database>, bookId: number): Promise<RowCurrencies> {
  const rows = await db
    .selectFrom('books as b')
    .leftJoin('accounts as a', 'a.book_id', 'b.id')
    .select(['b.base_currency', 'a.id', 'a.currency'])
    .where('b.id', '=', bookId)
    .execute();
  const byAccount = new Map<number, string>();
  for (const row of rows) if (row.id !== null && row.currency !== null) byAccount.set(row.id, row.currency);
  return { base: rows[0]?.base_currency ?? 'USD', byAccount };
}

export async function deleteTransaction(db: Kysely<Database>, bookId: number, transactionId: number): Promise<void> {
  await db.deleteFrom('transactions').where('book_id', '=', bookId).where('id', '=', transactionId).execute();
}
