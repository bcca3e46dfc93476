/**
 * Decimal strings ⇄ whole minor units, exactly: digits are moved around as text and BigInt, never
 * through a floating-point multiplication (DECISIONS.md #86). `12.34` EUR is 1234 because the two
 * fraction digits are the two minor-unit digits, not because 12.34 × 100 happened to round to it.
 */
import { AmountError } from './amount-error';
import { type CurrencyCode, minorUnits } from './currency-code';
import { minorUnitsFromBigInt, wholeMinorUnits } from './money-value';

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** `<code> amounts have no decimal places.` / `… at most 2 decimal places.` */
export function precisionMessage(currency: CurrencyCode): string {
  const digits = minorUnits(currency);
  if (digits === 0) return `${currency} amounts have no decimal places.`;
  return `${currency} amounts have at most ${digits} decimal places.`;
}

/**
 * The minor units of an integer part and fraction digits given as text; refuses a fraction longer
 * than the currency has (`12.345` EUR, `1.5` JPY) rather than rounding it away.
 */
export function minorUnitsOfDigits(whole: string, fraction: string, negative: boolean, currency: CurrencyCode): number {
  const digits = minorUnits(currency);
  if (fraction.length > digits) throw new AmountError(precisionMessage(currency));
  const units = BigInt(`${whole === '' ? '0' : whole}${fraction.padEnd(digits, '0')}`);
  return wholeMinorUnits(minorUnitsFromBigInt(negative ? -units : units));
}

/** `'12.34'` EUR → 1234; throws an AmountError for anything but a plain decimal within the currency's places. */
export function parseDecimalAmount(text: string, currency: CurrencyCode): number {
  const match = DECIMAL.exec(text);
  if (!match) throw new AmountError(`${JSON.stringify(text)} is not a decimal amount such as 12.34.`);
  const [, sign, whole = '', fraction = ''] = match;
  return minorUnitsOfDigits(whole, fraction, sign === '-', currency);
}

/**
 * A JSON number from the wire (`12.34`) in minor units. JavaScript prints a number as the shortest
 * decimal that reads back as the same number, so `String(12.34)` is `'12.34'` and the digits are
 * the ones that were sent; exponent forms (`1e-7`, `1e+21`) are beyond any currency's places or size.
 */
export function minorUnitsFromNumber(value: number, currency: CurrencyCode): number {
  if (!Number.isFinite(value)) throw new AmountError('The amount must be a number.');
  const text = String(value);
  if (text.includes('e')) throw new AmountError(Math.abs(value) < 1 ? precisionMessage(currency) : 'The amount is too large.');
  return parseDecimalAmount(text, currency);
}

/** 1234 BHD → `'1.234'`, -5 EUR → `'-0.05'`, 1234 JPY → `'1234'`: plain digits, no grouping. */
export function toDecimalString(amount: number, currency: CurrencyCode): string {
  const units = wholeMinorUnits(amount);
  const digits = minorUnits(currency);
  const sign = units < 0 ? '-' : '';
  const text = String(Math.abs(units));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}
