/**
 * The rows whose book figures a rate converted (DECISIONS.md #90): transactions of the book's
 * accounts in one currency from a day on, and their split lines; and the writes that put new
 * figures on them when the rate they use changes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ConvertedRow {
  id: number;
  date: string;
  account_amount_cents: number;
  fx_rate: string | null;
  fx_date: string | null;
}

/** Rows of the book's accounts kept in `currency`, dated `from` or later, that hold an amount of their own. */
export async function convertedRowsFrom(db: Kysely<Database>, bookId: number, currency: string, from: string): Promise<ConvertedRow[]> {
  const rows = await db
    .selectFrom('transactions as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .select(['t.id', 't.date', 't.account_amount_cents', 't.fx_rate', 't.fx_date'])
    .where('t.book_id', '=', bookId)
    .where('a.currency', '=', currency)
    .where('t.date', '>=', from)
    .where('t.account_amount_cents', 'is not', null)
    .orderBy('t.id')
    .execute();
  return rows.map((row) => ({ ...row, account_amount_cents: Number(row.account_amount_cents) }));
}

/** The split lines of a row, in their order, with their amounts in the account's currency. */
export async function linesOf(db: Kysely<Database>, bookId: number, transactionId: number) {
  const rows = await db
    .selectFrom('transaction_splits')
    .select(['id', 'subcategory_id', 'amount_cents', 'account_amount_cents'])
    .where('book_id', '=', bookId)
    .where('transaction_id', '=', transactionId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, subcategoryId: row.subcategory_id, amountCents: Number(row.account_amount_cents ?? row.amount_cents) }));
}

/** Each book with accounts kept in another currency than its base, with those currencies. */
export function booksWithOtherCurrencies(db: Kysely<Database>): Promise<Array<{ book_id: number; currency: string }>> {
  return db
    .selectFrom('accounts as a')
    .innerJoin('books as b', 'b.id', 'a.book_id')
    .select(['a.book_id', 'a.currency'])
    .distinct()
    .whereRef('a.currency', '!=', 'b.base_currency')
    .orderBy('a.book_id')
    .execute();
}

/** Puts a row's new book figure and the rate that gave it. */
export async function setRowFigure(
  db: Kysely<Database>,
  bookId: number,
  transactionId: number,
  values: { amount_cents: number; fx_rate: string; fx_date: string },
): Promise<void> {
  await db.updateTable('transactions').set(values).where('book_id', '=', bookId).where('id', '=', transactionId).execute();
}

/** Puts a split line's new share of the book figure. */
export async function setLineFigure(db: Kysely<Database>, bookId: number, lineId: number, amountCents: number): Promise<void> {
  await db.updateTable('transaction_splits').set({ amount_cents: amountCents }).where('book_id', '=', bookId).where('id', '=', lineId).execute();
}
