/**
 * The data rules every figure of spending shares (issue 25): what counts as a book's spending is
 * written once here, not in each repo. Spending is an expense of the book that is not a transfer's
 * leg (a transfer moves money between the book's own accounts: docs/DECISIONS.md #47), dated in
 * the range (both ends included; an open end reaches as far as the data), and not in another
 * member's private account (docs/DECISIONS.md #84).
 */
import type { Kysely } from 'kysely';
import { type BookRows, hidingPrivate } from './private-accounts';
import type { Database } from './schema';

export interface SpendingRange {
  /** `YYYY-MM-DD`, included. */
  from: string;
  /** `YYYY-MM-DD`, included; none: up to the latest expense. */
  to?: string | undefined;
}

/**
 * The book's spending rows as `transactions as t`, for a repo to join (split lines), narrow
 * (an account, felt rows) and aggregate.
 */
export function spendingOf(db: Kysely<Database>, book: BookRows, range: SpendingRange) {
  const query = db
    .selectFrom('transactions as t')
    .where('t.book_id', '=', book.bookId)
    .$call(hidingPrivate(book, 't.account_id'))
    .where('t.type', '=', 'expense')
    .where('t.transfer_id', 'is', null)
    .where('t.date', '>=', range.from);
  return range.to === undefined ? query : query.where('t.date', '<=', range.to);
}
