/**
 * SQL of applying a rule to the ledger (docs/DECISIONS.md #52): the book's transactions a rule may
 * change — never a transfer leg — with their payee and split lines, and the batched writes.
 */
import type { Kysely, Updateable } from 'kysely';
import type { TransactionsTable } from '../../db/ledger-schema';
import type { Feelings } from '../../db/feelings';
import { hidingPrivate } from '../../db/private-accounts';
import type { Database } from '../../db/schema';

/** Ids per `in (…)` list: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

export interface RuleCandidate {
  id: number;
  account_id: number;
  entity_id: number | null;
  entity_name: string | null;
  type: 'income' | 'expense';
  amount_cents: number;
  date: string;
  description: string | null;
  notes: string | null;
  purpose: string | null;
  emotion: string | null;
}

/** The book's transactions the member sees except transfer legs, newest first, with the acting member's feeling (db/feelings.ts). */
export function ruleCandidates(db: Kysely<Database>, feelings: Feelings): Promise<RuleCandidate[]> {
  return db
    .selectFrom('transactions as t')
    .leftJoin('entities as e', 'e.id', 't.entity_id')
    .select([
      't.id', 't.account_id', 't.entity_id', 'e.name as entity_name', 't.type', 't.amount_cents', 't.date',
      't.description', 't.notes', 't.purpose', feelings.first.as('emotion'),
    ])
    .where('t.book_id', '=', feelings.bookId)
    .$call(hidingPrivate(feelings, 't.account_id'))
    .where('t.transfer_id', 'is', null)
    .orderBy('t.date', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
}

/** Each transaction's split-line sub-categories. */
export async function splitSubcategories(db: Kysely<Database>, bookId: number): Promise<Map<number, number[]>> {
  const rows = await db.selectFrom('transaction_splits').select(['transaction_id', 'subcategory_id']).where('book_id', '=', bookId).execute();
  const byTransaction = new Map<number, number[]>();
  for (const row of rows) {
    const list = byTransaction.get(row.transaction_id);
    if (list) list.push(row.subcategory_id);
    else byTransaction.set(row.transaction_id, [row.subcategory_id]);
  }
  return byTransaction;
}

/** Sets the same fields on each of the book's transactions given. */
export async function updateTransactions(
  db: Kysely<Database>,
  bookId: number,
  ids: number[],
  values: Updateable<TransactionsTable>,
): Promise<void> {
  for (const chunk of chunks(ids))
    await db.updateTable('transactions').set(values).where('book_id', '=', bookId).where('id', 'in', chunk).execute();
}

/** Replaces each transaction's split lines with one line in the sub-category, for its whole amount. */
export async function replaceWithOneLine(
  db: Kysely<Database>,
  bookId: number,
  subcategoryId: number,
  transactions: { id: number; amount_cents: number }[],
): Promise<void> {
  for (const chunk of chunks(transactions)) {
    const ids = chunk.map((transaction) => transaction.id);
    await db.deleteFrom('transaction_splits').where('book_id', '=', bookId).where('transaction_id', 'in', ids).execute();
    await db
      .insertInto('transaction_splits')
      .values(chunk.map((transaction) => ({ book_id: bookId, transaction_id: transaction.id, subcategory_id: subcategoryId, amount_cents: transaction.amount_cents })))
      .execute();
  }
}
