/** The sentences a refused typed amount answers with, each showing the locale's own way (DECISIONS.md #86). */
import { type CurrencyCode, minorUnits } from './currency-code';
import { precisionMessage } from './decimal-amount';

// One Intl call per locale and currency: an example is built for every amount read.
const examples = new Map<string, string>();

/** 1234567.89 as the locale writes it for this currency's places: `1,234,567.89`, `12,34,567.89`, `1.234.567`. */
export function exampleAmount(locale: string, currency: CurrencyCode): string {
  const key = `${locale}|${currency}`;
  const cached = examples.get(key);
  if (cached !== undefined) return cached;
  const digits = minorUnits(currency);
  const decimal = digits === 0 ? '1234567' : `1234567.${'8912'.slice(0, digits)}`;
  // The currency style's separators, as numberSeparators reads them, without the symbol.
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    numberingSystem: 'latn',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).formatToParts(decimal as `${number}`);
  const example = parts
    .filter((part) => ['integer', 'group', 'decimal', 'fraction'].includes(part.type))
    .map((part) => part.value)
    .join('');
  examples.set(key, example);
  return example;
}

const quoted = (text: string) => `“${text}”`;

export const ENTER_AN_AMOUNT = 'Enter an amount.';

/** Letters or symbols that have no place in an amount. */
export function digitsOnly(example: string): string {
  return `Type the amount in digits, as in ${example}.`;
}

/** A separator the locale does not use, such as `.` in fr-FR. */
export function unusedSeparator(separator: string, example: string): string {
  const named = separator === ' ' ? 'A space' : quoted(separator);
  return `${named} is not used in this number format: write the amount as in ${example}.`;
}

/** Two decimal separators. */
export function oneDecimalSeparator(decimal: string, example: string): string {
  return `An amount has one decimal separator, ${quoted(decimal)}, as in ${example}.`;
}

/** A group separator after the decimal one: `1.234,56` typed in en-US. */
export function otherNumberFormat(typed: string, decimal: string, example: string): string {
  return `${quoted(typed)} looks like another number format: here decimals follow ${quoted(decimal)}, as in ${example}.`;
}

/** Groups that are not the locale's: `12,34` in en-US may have meant 12.34 or 1,234. */
export function unclearGrouping(typed: string, decimal: string, example: string): string {
  return `${quoted(typed)} is unclear: in this number format decimals follow ${quoted(decimal)} and digits are grouped as in ${example}.`;
}

/** More fraction digits than the currency has; says which separator started them. */
export function tooManyDecimals(currency: CurrencyCode, decimal: string): string {
  return `${precisionMessage(currency)} In this number format ${quoted(decimal)} starts the decimals.`;
}
