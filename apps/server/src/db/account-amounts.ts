/**
 * Which amounts an account's own figures add up (issue 27, DECISIONS.md #90). `amount_cents` is
 * the book's figure, in its base currency, which the covering indexes hold; an account kept in
 * another currency adds up its own amounts (`account_amount_cents`), read from the rows. Queries
 * of balances and of an account's month take the accounts in another currency apart, so the
 * base-currency accounts keep their index-only sums.
 */
import { type RawBuilder, sql } from 'kysely';

/** The book's figures, or the own amounts of the listed accounts (those in another currency). */
export type AccountAmounts = 'book figures' | { accountIds: readonly number[] };
export const BOOK_FIGURES: AccountAmounts = 'book figures';

/** The amount column to add up, of the table alias `table` (`'t.'`) or none. */
export function amountColumn(amounts: AccountAmounts, table = ''): RawBuilder<number> {
  return typeof amounts !== 'object'
    ? sql<number>`${sql.ref(`${table}amount_cents`)}`
    : sql<number>`coalesce(${sql.ref(`${table}account_amount_cents`)}, ${sql.ref(`${table}amount_cents`)})`;
}

/** The account ids to restrict a query of own amounts to; a list that is empty matches no account. */
export function ownAmountAccounts(amounts: AccountAmounts): readonly number[] | null {
  if (typeof amounts !== 'object') return null;
  return amounts.accountIds.length > 0 ? amounts.accountIds : [0];
}
