/** A money value: whole minor units of one currency (DECISIONS.md #86). */
import type { CurrencyCode } from './currency-code';
import { AmountError } from './amount-error';

/**
 * An amount and its currency. `amount` is an integer number of the currency's minor units
 * (cents, yen, fils), never a fraction: ¥1,234 is `{ amount: 1234, currency: 'JPY' }` and
 * BD 1.234 is `{ amount: 1234, currency: 'BHD' }`.
 */
export interface Money {
  readonly amount: number;
  readonly currency: CurrencyCode;
}

/** A Money value; throws an AmountError unless `amount` is a safe integer (no fraction, no NaN). */
export function money(amount: number, currency: CurrencyCode): Money {
  return { amount: wholeMinorUnits(amount), currency };
}

/** `amount` itself when it is a safe integer; -0 becomes 0 so that it prints without a sign. */
export function wholeMinorUnits(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new AmountError(`${amount} is not a whole number of minor units.`);
  return amount === 0 ? 0 : amount;
}

/** The safe integer a BigInt count of minor units is, or an AmountError when it is too large for one. */
export function minorUnitsFromBigInt(units: bigint): number {
  if (units > BigInt(Number.MAX_SAFE_INTEGER) || units < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new AmountError('The amount is too large.');
  }
  return Number(units);
}
