/**
 * A changed rate changes the figures it gave (issue 27, DECISIONS.md #90): after a member enters
 * or removes a rate of a currency for a day, every transaction of the book's accounts in that
 * currency from that day on is converted again at the rate that now holds for its day, and its
 * split lines share the new figure. Rows whose rate did not change are left alone. A row that no
 * longer has any rate on or before its day keeps the figure it had, with the rate it names.
 */
import { isCurrencyCode } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { type WriteDeps, writeLocked } from '../../db/locked-writes';
import type { Database } from '../../db/schema';
import { atRate } from './amounts-in-base';
import { bookBaseCurrency } from './fx-rates.repo';
import { booksWithOtherCurrencies, convertedRowsFrom, linesOf, setLineFigure, setRowFigure } from './base-amounts.repo';
import { rateOn } from './rate-on';

/** Converts the book's rows in `currency` dated `from` or later again; answers how many changed. */
export async function recomputeBaseAmounts(db: Kysely<Database>, bookId: number, currency: string, from: string): Promise<number> {
  if (!isCurrencyCode(currency)) return 0;
  const base = await bookBaseCurrency(db, bookId);
  if (currency === base) return 0;
  let changed = 0;
  for (const row of await convertedRowsFrom(db, bookId, currency, from)) {
    // The rate found is converted with directly: asking amountsInBase would look it up again.
    const rate = await rateOn(db, bookId, currency, row.date);
    if (!rate || (rate.rate === row.fx_rate && rate.date === row.fx_date)) continue;
    const lines = await linesOf(db, bookId, row.id);
    const stored = atRate(currency, base, rate, row.account_amount_cents, lines);
    await setRowFigure(db, bookId, row.id, { amount_cents: stored.amount_cents, fx_rate: rate.rate, fx_date: rate.date });
    for (const [index, line] of lines.entries()) await setLineFigure(db, bookId, line.id, stored.lines[index]?.amountCents ?? 0);
    changed += 1;
  }
  return changed;
}

/**
 * After the ECB's figures from `from` on were stored: every book with accounts in another currency
 * converts those accounts' rows again, each book under its own write lock, as a member's write
 * would. Answers how many rows changed.
 */
export async function recomputeAfterEcbFigures(deps: WriteDeps, from: string): Promise<number> {
  let changed = 0;
  for (const { book_id: bookId, currency } of await booksWithOtherCurrencies(deps.db)) {
    changed += await writeLocked(deps, 'book', bookId, (trx) => recomputeBaseAmounts(trx, bookId, currency, from));
  }
  return changed;
}
