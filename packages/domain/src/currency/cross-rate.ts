/**
 * Cross rates from the European Central Bank's euro reference figures (DECISIONS.md #87). The ECB
 * publishes how many units of each currency one euro buys (`per_eur`); a book wants how many units
 * of its base currency one unit of a currency is worth:
 *
 *   rate(C → base) = per_eur(base) / per_eur(C),   with per_eur(EUR) = 1.
 *
 * The quotient is computed in BigInt and rounded once, half up, to RATE_SIGNIFICANT_DIGITS
 * significant digits: the ECB's figures have at most six, so ten keep every digit the quotient
 * can honestly claim, and the same figures always give the same text.
 */
import { AmountError } from './amount-error';
import { type ScaledRate, decimalText, scaledRate } from './rate-text';

/** Significant digits of a cross rate. */
export const RATE_SIGNIFICANT_DIGITS = 10;

/** What one euro is worth in euros: the figure the ECB never lists. */
export const EUR_PER_EUR = '1';

function positive(text: string): ScaledRate {
  const rate = scaledRate(text);
  if (!rate) throw new AmountError(`${JSON.stringify(text)} is not a rate such as 1.0823.`);
  if (rate.digits === 0n) throw new AmountError('A rate must be above 0.');
  return rate;
}

/** numerator / denominator (both > 0), rounded half up. */
function roundedDivision(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return (numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient;
}

/** ⌊n / d × 10^k⌋ or its rounding, for any whole k. */
function shifted(n: bigint, d: bigint, k: number, round: boolean): bigint {
  const [num, den] = k >= 0 ? [n * 10n ** BigInt(k), d] : [n, d * 10n ** BigInt(-k)];
  return round ? roundedDivision(num, den) : num / den;
}

/**
 * `dividend / divisor` (positive decimal texts) as decimal text of at most `significant`
 * significant digits, rounded half up: `divideRates('1', '3')` is `'0.3333333333'`.
 */
export function divideRates(dividend: string, divisor: string, significant = RATE_SIGNIFICANT_DIGITS): string {
  const a = positive(dividend);
  const b = positive(divisor);
  // a / b = (a.digits · 10^b.scale) / (b.digits · 10^a.scale)
  const n = a.digits * 10n ** BigInt(b.scale);
  const d = b.digits * 10n ** BigInt(a.scale);
  const lower = 10n ** BigInt(significant - 1);
  const upper = 10n ** BigInt(significant);
  // The digit counts put n / d within a factor of ten of 10^(len n − len d): k lands the truncated
  // quotient × 10^k among numbers of `significant` digits, or one short of them.
  let k = significant - 1 - (n.toString().length - d.toString().length);
  if (shifted(n, d, k, false) < lower) k += 1;
  let digits = shifted(n, d, k, true);
  // Rounding 9.99…95 up gives one digit more, a power of ten: drop the zero it added.
  if (digits === upper) {
    digits /= 10n;
    k -= 1;
  }
  return decimalText(digits, k);
}

/**
 * How many units of `base` one unit of a currency was worth, from the ECB's figures of one day
 * for that currency and for the base (EUR_PER_EUR for the euro).
 */
export function crossRate(perEurOfCurrency: string, perEurOfBase: string): string {
  return divideRates(perEurOfBase, perEurOfCurrency);
}
