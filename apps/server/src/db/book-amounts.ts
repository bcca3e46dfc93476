/**
 * Amounts a book's currency can hold (issue 27, DECISIONS.md #89). The wire carries two decimal
 * places for every currency (DECISIONS.md #88), so a book kept in yen would otherwise store
 * ¥12.50: half a yen that no bank account holds and no figure can show. A write checks its amounts
 * against the book's base currency inside its transaction, and refuses, naming the field, what the
 * currency cannot hold; nothing is written.
 */
import { AmountError, type CurrencyCode, type FieldErrors, minorUnitsFromNumber } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { validationFailed } from '../lib/http-errors';
import { bookCurrency } from './book-scope';
import type { Database } from './schema';

/** An amount as the body sent it; absent and null amounts are not checked. */
type SentAmount = number | null | undefined;

/** The amounts of one write, by the field a refusal names: `{ amount: 12.5, subcategories: [6, 6.5] }`. */
export type SentAmounts = Readonly<Record<string, SentAmount | ReadonlyArray<SentAmount>>>;

/** Throws a 422 naming each field whose amount is finer than the book's currency allows. */
export async function requireAmountsFitBook(db: Kysely<Database>, bookId: number, amounts: SentAmounts): Promise<void> {
  if (Object.values(amounts).every((value) => value === undefined || value === null)) return;
  requireAmountsFit(await bookCurrency(db, bookId), amounts);
}

/**
 * Throws a 422 naming each field whose amount is finer than `currency` allows: an account's
 * balance and a transaction are in the account's currency (DECISIONS.md #90).
 */
export function requireAmountsFit(currency: CurrencyCode, amounts: SentAmounts): void {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(amounts)) {
    const problem = [value].flat().map((amount) => amountProblem(amount, currency)).find((message) => message !== undefined);
    if (problem !== undefined) errors[field] = [problem];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

function amountProblem(amount: SentAmount, currency: CurrencyCode): string | undefined {
  if (amount === undefined || amount === null) return undefined;
  try {
    minorUnitsFromNumber(amount, currency);
    return undefined;
  } catch (error) {
    if (error instanceof AmountError) return error.message;
    throw error;
  }
}
