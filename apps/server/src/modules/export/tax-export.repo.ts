/** Reads of the tax and warranty export (DECISIONS.md #113), each scoped by the book. */
import type { Kysely } from 'kysely';
import { type BookRows, hidingPrivate } from '../../db/private-accounts';
import type { Database } from '../../db/schema';

/** How many of these sub-category ids the book may use: its own and the shared default tree's. */
export async function usableSubcategoryCount(db: Kysely<Database>, bookId: number, ids: readonly number[]): Promise<number> {
  const rows = await db
    .selectFrom('subcategories')
    .select('id')
    .where('id', 'in', [...ids])
    .where((eb) => eb.or([eb('book_id', '=', bookId), eb('book_id', 'is', null)]))
    .execute();
  return rows.length;
}

/** The split lines in the chosen sub-categories of the range's transactions, by date, with payee and names. */
export function taxLines(db: Kysely<Database>, book: BookRows, range: { from: string; to: string }, subcategoryIds: readonly number[]) {
  return db
    .selectFrom('transaction_splits as s')
    .innerJoin('transactions as t', 't.id', 's.transaction_id')
    .innerJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
    .leftJoin('entities as e', 'e.id', 't.entity_id')
    .select(['t.id', 't.date', 't.type', 't.description', 't.notes', 'e.name as entity_name', 's.amount_cents', 'sc.name as subcategory_name'])
    .where('s.book_id', '=', book.bookId)
    .where('t.book_id', '=', book.bookId)
    .where('s.subcategory_id', 'in', [...subcategoryIds])
    .where('t.date', '>=', range.from)
    .where('t.date', '<=', range.to)
    .$call(hidingPrivate(book, 't.account_id'))
    .orderBy('t.date')
    .orderBy('t.id')
    .orderBy('s.id')
    .execute();
}

/** The files of these transactions, oldest first (the ids are of the book's visible transactions, from taxLines). */
export async function filesOf(db: Kysely<Database>, bookId: number, transactionIds: readonly number[]) {
  const rows = [];
  // A few thousand ids per query: under either database's bound-parameter limit.
  for (let start = 0; start < transactionIds.length; start += 5000) {
    const chunk = transactionIds.slice(start, start + 5000);
    rows.push(
      ...(await db
        .selectFrom('attachments')
        .select(['id', 'transaction_id', 'storage_key', 'file_name', 'size_bytes'])
        .where('book_id', '=', bookId)
        .where('transaction_id', 'in', chunk)
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}

export async function bookCurrency(db: Kysely<Database>, bookId: number): Promise<string> {
  const book = await db.selectFrom('books').select('base_currency').where('id', '=', bookId).executeTakeFirstOrThrow();
  return book.base_currency;
}
