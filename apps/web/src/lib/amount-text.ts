/**
 * Amount inputs are free text (spec §5): typed the person's way and written as plain numbers on
 * save. Every typed amount in the app is read here, through the domain's parseTypedAmount with the
 * number format chosen in Settings (issue 27, DECISIONS.md #86): `12,34` is 12.34 with German
 * numbers and refused with a sentence with American ones, never 1,234.00.
 */
import { type CurrencyCode, minorUnits, numberSeparators, parseTypedAmount, toDecimalString } from '@mindspend/domain';
import { displayCurrency } from './money';
import { numberLocale } from './number-format';

/** A typed amount as the wire number, or why it was refused (`empty` when nothing was typed). */
export type AmountReading = { ok: true; value: number } | { ok: false; empty: boolean; reason: string };

/**
 * Reads typed text in the chosen number format and the current book's currency (lib/money.ts), so
 * that `12.50` in a yen book is refused rather than stored as a fraction of a yen.
 */
export function readAmountText(
  text: string,
  locale: string = numberLocale(),
  currency: CurrencyCode = displayCurrency.get(),
): AmountReading {
  const read = parseTypedAmount(text, locale, currency);
  if (!read.ok) return { ok: false, empty: read.problem === 'empty', reason: read.reason };
  // The wire speaks decimal numbers: the exact decimal string, read once, is the nearest one there is.
  return { ok: true, value: Number(toDecimalString(read.money.amount, read.money.currency)) };
}

/**
 * `1,234.50` (en-US) or `1.234,50` (de-DE) → 1234.5; null when nothing usable was typed. The
 * currency is the book's unless the amount is an account's own (DECISIONS.md #90).
 */
export function parseAmountText(text: string, locale: string = numberLocale(), currency: CurrencyCode = displayCurrency.get()): number | null {
  const read = readAmountText(text, locale, currency);
  return read.ok ? read.value : null;
}

/** Why typed text is refused, as a field error; null when it reads, or when nothing was typed. */
export function amountProblem(text: string, locale: string = numberLocale(), currency: CurrencyCode = displayCurrency.get()): string | null {
  const read = readAmountText(text, locale, currency);
  return read.ok || read.empty ? null : read.reason;
}

/**
 * A number as the amount box shows it: the currency's decimals (two at most, as amounts are stored
 * in hundredths), the locale's decimal separator, no grouping (`1234,50`; `1234` in yen).
 */
export function amountText(value: number, locale: string = numberLocale(), currency: CurrencyCode = displayCurrency.get()): string {
  return value.toFixed(Math.min(minorUnits(currency), 2)).replace('.', numberSeparators(locale).decimal);
}
