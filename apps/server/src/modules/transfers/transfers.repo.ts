/** SQL of transfers: the `transfers` row, its two legs in `transactions`, and dismissed suggestions. */
import { type Kysely, sql } from 'kysely';
import { clearFeelings } from '../../db/feelings';
import { type BookRows, hidingPrivate } from '../../db/private-accounts';
import type { Database } from '../../db/schema';

/** A transfer with what its two legs say: accounts, amount, date, notes. */
export interface TransferWithLegs {
  id: number;
  from_transaction_id: number;
  to_transaction_id: number;
  from_account_id: number;
  to_account_id: number;
  /** What left the from account, in hundredths of its currency (DECISIONS.md #90). */
  amount_cents: number;
  /** What arrived in the to account, in hundredths of its currency. */
  to_amount_cents: number;
  date: string;
  notes: string | null;
}

/**
 * One of the book's transfers with its legs, or undefined (someone else's, gone, or with a leg in
 * another member's private account: only they may see or change it).
 */
export function findTransfer(db: Kysely<Database>, book: BookRows, transferId: number): Promise<TransferWithLegs | undefined> {
  const bookId = book.bookId;
  return db
    .selectFrom('transfers as tr')
    .innerJoin('transactions as f', (join) => join.onRef('f.id', '=', 'tr.from_transaction_id').on('f.book_id', '=', bookId))
    .innerJoin('transactions as t', (join) => join.onRef('t.id', '=', 'tr.to_transaction_id').on('t.book_id', '=', bookId))
    .$call(hidingPrivate(book, 'f.account_id'))
    .$call(hidingPrivate(book, 't.account_id'))
    .select([
      'tr.id', 'tr.from_transaction_id', 'tr.to_transaction_id', 'f.account_id as from_account_id', 't.account_id as to_account_id',
      sql<number>`coalesce(f.account_amount_cents, f.amount_cents)`.as('amount_cents'),
      sql<number>`coalesce(t.account_amount_cents, t.amount_cents)`.as('to_amount_cents'),
      'f.date', 'f.notes',
    ])
    .where('tr.book_id', '=', bookId)
    .where('tr.id', '=', transferId)
    .executeTakeFirst();
}

/** Records the transfer over two existing rows and marks both as its legs. */
export async function linkTransfer(
  db: Kysely<Database>,
  bookId: number,
  legs: { fromTransactionId: number; toTransactionId: number },
  createdAt: string,
): Promise<number> {
  const { id } = await db
    .insertInto('transfers')
    .values({ book_id: bookId, from_transaction_id: legs.fromTransactionId, to_transaction_id: legs.toTransactionId, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('transactions')
    .set({ transfer_id: id, updated_at: createdAt })
    .where('book_id', '=', bookId)
    .where('id', 'in', [legs.fromTransactionId, legs.toTransactionId])
    .execute();
  return id;
}

/**
 * Makes two rows plain legs: a transfer is neither spending nor income, so it carries no
 * category, feeling, purpose or second look (docs/DECISIONS.md #48) and nothing asks for them.
 */
export async function clearSpendingDetails(db: Kysely<Database>, bookId: number, transactionIds: number[], updatedAt: string): Promise<void> {
  await db.deleteFrom('transaction_splits').where('book_id', '=', bookId).where('transaction_id', 'in', transactionIds).execute();
  await db.updateTable('transactions').set({ purpose: null, updated_at: updatedAt }).where('book_id', '=', bookId).where('id', 'in', transactionIds).execute();
  // Every member's feelings about them go too (db/feelings.ts).
  await clearFeelings(db, bookId, transactionIds, 'all', updatedAt);
}

/** The rows a suggestion may pair: the book's rows dated from `since` that are not legs yet. */
export function candidateRows(db: Kysely<Database>, book: BookRows, since: string) {
  return db
    .selectFrom('transactions')
    .select(['id', 'account_id', 'type', 'amount_cents', 'date', 'transfer_id', 'import_key'])
    .where('book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 'account_id'))
    .where('transfer_id', 'is', null)
    .where('date', '>=', since)
    .execute();
}

/** The rows a suggestion names, as the list shows them. */
export function suggestionSides(db: Kysely<Database>, book: BookRows, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('transactions as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .leftJoin('entities as e', 'e.id', 't.entity_id')
    .select(['t.id', 't.account_id', 'a.name as account_name', 't.date', 't.amount_cents', 'e.name as payee', 't.description'])
    .where('t.book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 't.account_id'))
    .where('t.id', 'in', ids)
    .execute();
}

/** One of the book's rows with what a suggestion checks, or undefined. */
export function findCandidate(db: Kysely<Database>, book: BookRows, transactionId: number) {
  return db
    .selectFrom('transactions')
    .select(['id', 'account_id', 'type', 'amount_cents', 'date', 'transfer_id'])
    .where('book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 'account_id'))
    .where('id', '=', transactionId)
    .executeTakeFirst();
}

/** Pairs the user dismissed, as `from:to` keys. */
export async function dismissedPairs(db: Kysely<Database>, bookId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('transfer_dismissals')
    .select(['from_transaction_id', 'to_transaction_id'])
    .where('book_id', '=', bookId)
    .execute();
  return new Set(rows.map((row) => `${row.from_transaction_id}:${row.to_transaction_id}`));
}

/** Remembers a dismissed pair; dismissing it again changes nothing (unique index, migration 0018). */
export async function insertDismissal(db: Kysely<Database>, bookId: number, fromId: number, toId: number, createdAt: string): Promise<void> {
  await db
    .insertInto('transfer_dismissals')
    .values({ book_id: bookId, from_transaction_id: fromId, to_transaction_id: toId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['book_id', 'from_transaction_id', 'to_transaction_id']).doNothing())
    .execute();
}

/** Writes what a transfer's PATCH changed onto one leg: its account, amount, date and notes. */
export async function updateLeg(
  db: Kysely<Database>,
  bookId: number,
  transactionId: number,
  values: {
    account_id: number;
    amount_cents: number;
    account_amount_cents: number | null;
    fx_rate: string | null;
    fx_date: string | null;
    date: string;
    notes: string | null;
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable('transactions').set(values).where('book_id', '=', bookId).where('id', '=', transactionId).execute();
}
