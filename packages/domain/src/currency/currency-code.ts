/** ISO 4217 currency codes as a checked type, and their minor units (DECISIONS.md #86). */
import { ISO_4217_MINOR_UNITS } from './iso-4217';

/**
 * A three-letter code that is in the ISO 4217 table. The brand means it was checked: a plain
 * string becomes one only through isCurrencyCode or currencyCode.
 */
export type CurrencyCode = IsoCode & { readonly __brand: 'CurrencyCode' };

type IsoCode = keyof typeof ISO_4217_MINOR_UNITS;

/** The decimal places an amount in a currency has: 0, 2, 3 or 4. */
export type MinorUnits = (typeof ISO_4217_MINOR_UNITS)[keyof typeof ISO_4217_MINOR_UNITS];

/** True when `text` is an active ISO 4217 code, exactly as written (upper case: `eur` is not). */
export function isCurrencyCode(text: string): text is CurrencyCode {
  return Object.hasOwn(ISO_4217_MINOR_UNITS, text);
}

/** The code itself when it is an active ISO 4217 code; throws a RangeError naming it otherwise. */
export function currencyCode(text: string): CurrencyCode {
  if (!isCurrencyCode(text)) throw new RangeError(`${JSON.stringify(text)} is not an ISO 4217 currency code.`);
  return text;
}

/** How many decimal places the currency's amounts have (JPY 0, EUR 2, BHD 3). */
export function minorUnits(code: CurrencyCode): MinorUnits {
  const iso: IsoCode = code;
  return ISO_4217_MINOR_UNITS[iso];
}

/** Every active code, in alphabetical order: for pickers and for tests that try each one. */
export const CURRENCY_CODES: readonly CurrencyCode[] = Object.keys(ISO_4217_MINOR_UNITS).filter(isCurrencyCode);

/** US dollars: the currency of every amount written before currencies existed. */
export const USD = currencyCode('USD');
