/** SQL of a book's base currency and its members' manual rates (DECISIONS.md #87), every query by book. */
import { type CurrencyCode, currencyCode } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The book's base currency; the caller knows the book exists. */
export async function bookBaseCurrency(db: Kysely<Database>, bookId: number): Promise<CurrencyCode> {
  const row = await db.selectFrom('books').select('base_currency').where('id', '=', bookId).executeTakeFirstOrThrow();
  return currencyCode(row.base_currency);
}

/** Which manual rate: of a book, entered in a base currency, of a currency, on a day. */
export interface ManualRateKey {
  bookId: number;
  base: CurrencyCode;
  currency: CurrencyCode;
  date: string;
}

/** Enters the rate, or replaces the one already entered for that day. */
export async function upsertManualRate(
  db: Kysely<Database>,
  key: ManualRateKey,
  values: { rate: string; userId: number; now: string },
): Promise<void> {
  await db
    .insertInto('fx_manual_rates')
    .values({
      book_id: key.bookId,
      base_currency: key.base,
      currency: key.currency,
      date: key.date,
      rate: values.rate,
      updated_by: values.userId,
      updated_at: values.now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['book_id', 'base_currency', 'currency', 'date'])
        .doUpdateSet({ rate: values.rate, updated_by: values.userId, updated_at: values.now }),
    )
    .execute();
}

/** Deletes the day's manual rate; true when there was one. */
export async function deleteManualRate(db: Kysely<Database>, key: ManualRateKey): Promise<boolean> {
  const result = await db
    .deleteFrom('fx_manual_rates')
    .where('book_id', '=', key.bookId)
    .where('base_currency', '=', key.base)
    .where('currency', '=', key.currency)
    .where('date', '=', key.date)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The latest manual rate of the currency on or before the key's day. */
export function latestManualRate(db: Kysely<Database>, key: ManualRateKey): Promise<{ date: string; rate: string } | undefined> {
  return db
    .selectFrom('fx_manual_rates')
    .select(['date', 'rate'])
    .where('book_id', '=', key.bookId)
    .where('base_currency', '=', key.base)
    .where('currency', '=', key.currency)
    .where('date', '<=', key.date)
    .orderBy('date', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The book's manual rates in its base currency from `from` to `to`, of one currency or all. */
export function manualRatesBetween(
  db: Kysely<Database>,
  scope: { bookId: number; base: CurrencyCode; currency: CurrencyCode | undefined },
  from: string,
  to: string,
): Promise<{ currency: string; date: string; rate: string }[]> {
  return db
    .selectFrom('fx_manual_rates')
    .select(['currency', 'date', 'rate'])
    .where('book_id', '=', scope.bookId)
    .where('base_currency', '=', scope.base)
    .$if(scope.currency !== undefined, (query) => query.where('currency', '=', scope.currency ?? ''))
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}
