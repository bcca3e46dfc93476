/**
 * What a transaction stores for its amount (issue 27, DECISIONS.md #90). In an account kept in
 * the book's base currency the amount is the book's figure as it stands. In an account kept in
 * another currency, the amount as the account holds it is kept beside the book's figure, which is
 * converted at the rate of the transaction's day (rate-on.ts), with that rate and its day; the
 * split lines share the converted figure so they still add up to it. Without a rate on or before
 * the day the write is refused with a 422 naming `date`: a figure is never guessed.
 */
import { SPLITS_MUST_ADD_UP, noRateForAmountMessage } from '@mindspend/api-contract';
import { AmountError, type CurrencyCode, convertWithLines, hundredthsOf, isCurrencyCode, moneyFromHundredths } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { validationFailed } from '../../lib/http-errors';
import { bookBaseCurrency } from './fx-rates.repo';
import { rateOn } from './rate-on';

/** A split line as a write gives it: hundredths of the account's currency. */
export interface LineInAccount {
  subcategoryId: number;
  amountCents: number;
}

/** A split line as stored: the book's figure, and the account's where the currencies differ. */
export interface StoredLine extends LineInAccount {
  accountAmountCents: number | null;
}

/** The transaction's stored amount columns, and its lines. */
export interface AmountsInBase {
  amount_cents: number;
  account_amount_cents: number | null;
  fx_rate: string | null;
  fx_date: string | null;
  lines: StoredLine[];
}

/**
 * The stored amounts of a transaction of `amountCents` (hundredths of `accountCurrency`) on
 * `date`, with its split lines. Takes the database or a transaction, so a write converts inside
 * its own.
 */
export async function amountsInBase(
  db: Kysely<Database>,
  bookId: number,
  accountCurrency: string,
  date: string,
  amountCents: number,
  lines: readonly LineInAccount[],
): Promise<AmountsInBase> {
  const base = await bookBaseCurrency(db, bookId);
  if (!isCurrencyCode(accountCurrency) || accountCurrency === base) {
    return { amount_cents: amountCents, account_amount_cents: null, fx_rate: null, fx_date: null, lines: lines.map((line) => ({ ...line, accountAmountCents: null })) };
  }
  const rate = await rateOn(db, bookId, accountCurrency, date);
  if (!rate) throw validationFailed({ date: [noRateForAmountMessage(accountCurrency, base, date)] });
  return atRate(accountCurrency, base, rate, amountCents, lines);
}

/** The stored amounts of `amountCents` of `currency` and its lines at a rate already found. */
export function atRate(
  currency: CurrencyCode,
  base: CurrencyCode,
  rate: { rate: string; date: string },
  amountCents: number,
  lines: readonly LineInAccount[],
): AmountsInBase {
  const converted = convertExactly(currency, base, rate.rate, amountCents, lines);
  return {
    amount_cents: hundredthsOf(converted.total),
    account_amount_cents: amountCents,
    fx_rate: rate.rate,
    fx_date: rate.date,
    lines: lines.map((line, index) => ({
      ...line,
      amountCents: hundredthsOf(converted.lines[index] ?? { amount: 0, currency: base }),
      accountAmountCents: line.amountCents,
    })),
  };
}

function convertExactly(currency: CurrencyCode, base: CurrencyCode, rate: string, amountCents: number, lines: readonly LineInAccount[]) {
  const inAccount = (hundredths: number) => moneyFromHundredths(hundredths, currency) ?? { amount: 0, currency };
  try {
    return convertWithLines(inAccount(amountCents), lines.map((line) => inAccount(line.amountCents)), rate, base);
  } catch (error) {
    if (error instanceof AmountError) throw validationFailed({ subcategories: [SPLITS_MUST_ADD_UP] });
    throw error;
  }
}

/** A row's stored amount columns without split lines: what a statement's rows are written with. */
export type RowAmounts = Omit<AmountsInBase, 'lines'>;

/**
 * Converts many rows of one account, as an import or a bank sync writes them: each day's rate is
 * looked up once. A day without a rate refuses the whole write with the same 422 as one
 * transaction's, so a statement is never half converted. Null for an account in the book's base
 * currency, whose rows are stored as they come.
 */
export async function rowConverter(
  db: Kysely<Database>,
  bookId: number,
  accountCurrency: string,
): Promise<((date: string, amountCents: number) => Promise<RowAmounts>) | null> {
  const base = await bookBaseCurrency(db, bookId);
  if (!isCurrencyCode(accountCurrency) || accountCurrency === base) return null;
  const rates = new Map<string, { rate: string; date: string }>();
  return async (date, amountCents) => {
    let rate = rates.get(date);
    if (!rate) {
      const found = await rateOn(db, bookId, accountCurrency, date);
      if (!found) throw validationFailed({ date: [noRateForAmountMessage(accountCurrency, base, date)] });
      rate = { rate: found.rate, date: found.date };
      rates.set(date, rate);
    }
    const { lines: _lines, ...amounts } = atRate(accountCurrency, base, rate, amountCents, []);
    return amounts;
  };
}
