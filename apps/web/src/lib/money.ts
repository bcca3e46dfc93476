/**
 * The one way the web app shows a book's amounts (issue 27, DECISIONS.md #88): in the current
 * book's base currency, written the person's way (the number format of Settings), and an
 * account's own amounts in its currency (`formatAmountIn`, DECISIONS.md #90) through the same
 * cached formatter. Components import these, never the domain's USD `formatMoney`, which is kept for what is billed in dollars
 * (the subscription). A change of either setting remounts the screens (MoneyFormatBoundary), so
 * plain functions can read the settings without a hook.
 */
import { type CurrencyCode, USD, formatStoredAmount, isCurrencyCode } from '@mindspend/domain';
import { createExternalStore } from './external-store';
import { numberLocale } from './number-format';

/** The current book's base currency; USD until the book is known. */
export const displayCurrency = createExternalStore<CurrencyCode>(USD);

/** `$1,234.56`, `1.234,56 €` or `¥1,234` for a stored amount; a figure that is no number shows as zero. */
export function formatAmount(hundredths: number | null | undefined): string {
  return format(hundredths, false);
}

/** Whole units, as the budgets overview shows its figures (`$1,235`, `1.235 €`). */
export function formatWholeAmount(hundredths: number | null | undefined): string {
  return format(hundredths, true);
}

/**
 * A stored amount in the currency it belongs to (an account's, a transaction's: DECISIONS.md #90),
 * `€41.50` in a dollar book, through the same cached formatter as the book's own figures.
 */
export function formatAmountIn(hundredths: number | null | undefined, currency: string | null | undefined): string {
  return formatStoredAmount(hundredths, currencyOf(currency), numberLocale());
}

/**
 * A code from the API as a currency the formatter takes: the book's when it is none the domain
 * knows, so a figure still shows (as a relabelled one) rather than breaking the screen.
 */
export function currencyOf(code: string | null | undefined): CurrencyCode {
  return code !== null && code !== undefined && isCurrencyCode(code) ? code : displayCurrency.get();
}

/** True when `code` is the current book's base currency: its amounts need no base figure beside them. */
export function isBookCurrency(code: string | null | undefined): boolean {
  return currencyOf(code) === displayCurrency.get();
}

/** The currency's symbol as the locale writes it (`$`, `€`, `¥`), for an amount box's prefix; the book's unless told. */
export function currencySymbol(currency: CurrencyCode = displayCurrency.get()): string {
  // Read off a formatted zero, so the symbol comes from the one (cached) formatter, not a new Intl object per render.
  const zero = formatStoredAmount(0, currency, numberLocale(), { wholeUnits: true });
  return zero.replace(/[\d\s\u00a0\u202f.,'-]/g, '') || currency;
}

function format(hundredths: number | null | undefined, wholeUnits: boolean): string {
  return formatStoredAmount(hundredths, displayCurrency.get(), numberLocale(), { wholeUnits });
}
