/**
 * The one way the web app shows a book's amounts (issue 27, DECISIONS.md #88): in the current
 * book's base currency, written the person's way (the number format of Settings). Components
 * import these, never the domain's USD `formatMoney`, which is kept for what is billed in dollars
 * (the subscription). A change of either setting remounts the screens (MoneyFormatBoundary), so
 * plain functions can read the settings without a hook.
 */
import { type CurrencyCode, USD, formatStoredAmount } from '@mindspend/domain';
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

/** The currency's symbol as the locale writes it (`$`, `€`, `¥`), for an amount box's prefix. */
export function currencySymbol(): string {
  // Read off a formatted zero, so the symbol comes from the one (cached) formatter, not a new Intl object per render.
  const zero = formatStoredAmount(0, displayCurrency.get(), numberLocale(), { wholeUnits: true });
  return zero.replace(/[\d\s\u00a0\u202f.,'-]/g, '') || displayCurrency.get();
}

function format(hundredths: number | null | undefined, wholeUnits: boolean): string {
  return formatStoredAmount(hundredths, displayCurrency.get(), numberLocale(), { wholeUnits });
}
