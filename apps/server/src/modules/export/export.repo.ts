/** Reads of the book's transactions for the CSV export. */
import type { Kysely } from 'kysely';
import type { Feelings } from '../../db/feelings';
import { type BookRows, hidingPrivate } from '../../db/private-accounts';
import type { Database } from '../../db/schema';

/** Every transaction with its account and payee names, oldest first; the feeling is the reader's own. */
export function transactionsForCsv(db: Kysely<Database>, feelings: Feelings) {
  const { bookId } = feelings;
  return db
    .selectFrom('transactions as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .leftJoin('entities as e', 'e.id', 't.entity_id')
    .select([
      't.id', 't.date', 't.type', 't.amount_cents', 't.description', 't.notes', 't.payment_method', 't.purpose', feelings.first.as('emotion'),
      't.pending', 't.transfer_id', 'a.name as account_name', 'e.name as entity_name',
    ])
    .where('t.book_id', '=', bookId)
    .$call(hidingPrivate(feelings, 't.account_id'))
    .orderBy('t.date')
    .orderBy('t.id')
    .execute();
}

/** Every split line with its sub-category and category names. */
export function splitsForCsv(db: Kysely<Database>, book: BookRows) {
  return db
    .selectFrom('transaction_splits as s')
    .innerJoin('transactions as t', 't.id', 's.transaction_id')
    .innerJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
    .innerJoin('categories as c', 'c.id', 'sc.category_id')
    .select(['s.transaction_id', 's.amount_cents', 'sc.name as subcategory_name', 'c.name as category_name'])
    .where('s.book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 't.account_id'))
    .orderBy('s.transaction_id')
    .orderBy('s.id')
    .execute();
}
