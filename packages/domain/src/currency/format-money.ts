/**
 * The one place money is formatted for people (DECISIONS.md #86): Intl.NumberFormat with the
 * currency, in the person's locale, fed the exact decimal string rather than a float.
 */
import { type CurrencyCode, minorUnits } from './currency-code';
import { toDecimalString } from './decimal-amount';
import type { Money } from './money-value';

export interface MoneyFormatOptions {
  /** Round to whole units (`$1,235`), as the budgets overview shows its figures. */
  wholeUnits?: boolean;
}

// Building a NumberFormat costs far more than using one; a page formats hundreds of figures.
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string, currency: CurrencyCode, wholeUnits: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${wholeUnits ? 'whole' : 'exact'}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // ISO's places, not CLDR's: CLDR shows IQD with 0 decimals where ISO and the stored amount have 3.
    const digits = wholeUnits ? 0 : minorUnits(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * `money` as the locale writes it (`€1,234.56` in en-US, `1.234,56 €` in de-DE). The amount goes
 * to Intl as its decimal string, which Intl reads exactly; whole units round half away from zero.
 * A locale Intl does not accept is a RangeError.
 */
export function formatMoneyIn(money: Money, locale: string, options: MoneyFormatOptions = {}): string {
  const decimal = toDecimalString(money.amount, money.currency);
  // `${number}` is how the ES2023 Intl types spell "a decimal string Intl reads exactly".
  return formatterFor(locale, money.currency, options.wholeUnits === true).format(decimal as `${number}`);
}
