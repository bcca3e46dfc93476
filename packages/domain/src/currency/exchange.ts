/**
 * Money in another currency at a given rate, computed exactly (DECISIONS.md #86). A rate is a
 * decimal string, how many units of the base currency one unit of the money's currency is worth
 * (`'0.0061234567'` base USD for JPY). The product is formed in BigInt and rounded once, half away
 * from zero, to the base currency's minor units: no floating point anywhere on the way.
 */
import { AmountError } from './amount-error';
import { type CurrencyCode, minorUnits } from './currency-code';
import { type Money, minorUnitsFromBigInt } from './money-value';

const RATE = /^(\d+)(?:\.(\d+))?$/;

/** A rate's digits and scale: `'1.0823'` is 10823 / 10^4. */
interface ExactRate {
  digits: bigint;
  scale: number;
}

function exactRate(rate: string): ExactRate {
  const match = RATE.exec(rate);
  if (!match) throw new AmountError(`${JSON.stringify(rate)} is not a rate such as 1.0823.`);
  const [, whole = '', fraction = ''] = match;
  const digits = BigInt(`${whole}${fraction}`);
  if (digits === 0n) throw new AmountError('A rate must be above 0.');
  return { digits, scale: fraction.length };
}

/** numerator / denominator (denominator > 0), rounded half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator; // BigInt division truncates toward zero
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** True when the text is a rate convert accepts: a plain decimal above 0 (`'157.12'`, `'0.0064'`). */
export function isRate(rate: string): boolean {
  const match = RATE.exec(rate);
  return match !== null && /[1-9]/.test(rate);
}

/** `money` in `base` at `rate` (base units per unit of money's currency), to the base's minor units. */
export function convert(money: Money, rate: string, base: CurrencyCode): Money {
  const { digits, scale } = exactRate(rate);
  // amount / 10^from × digits / 10^scale × 10^to  =  amount × digits × 10^to / 10^(from + scale)
  const numerator = BigInt(money.amount) * digits * 10n ** BigInt(minorUnits(base));
  const denominator = 10n ** BigInt(minorUnits(money.currency) + scale);
  const amount = minorUnitsFromBigInt(divideRounded(numerator, denominator));
  return { amount: amount === 0 ? 0 : amount, currency: base };
}

/** The rate of each currency in the base currency, as decimal strings. */
export type Rates = ReadonlyMap<CurrencyCode, string>;

/**
 * The total of `parts` in `base`: each part converted and rounded on its own, then added, so the
 * total is exactly the sum of the converted figures a list beside it shows. A part already in the
 * base needs no rate; any other part without one is an AmountError naming its currency.
 */
export function sumInBase(parts: readonly Money[], rates: Rates, base: CurrencyCode): Money {
  let total = 0n;
  for (const part of parts) {
    if (part.currency === base) {
      total += BigInt(part.amount);
      continue;
    }
    const rate = rates.get(part.currency);
    if (rate === undefined) throw new AmountError(`There is no ${part.currency} rate to turn it into ${base}.`);
    total += BigInt(convert(part, rate, base).amount);
  }
  const amount = minorUnitsFromBigInt(total);
  return { amount: amount === 0 ? 0 : amount, currency: base };
}
