/**
 * A transaction in another currency and its split lines in the book's base currency (issue 27,
 * DECISIONS.md #90). The total is converted once (exchange.ts); the lines share that converted
 * total in proportion to their own amounts, by the largest remainder, so the lines always add up
 * to the total in base exactly as they did in the account's currency: a budget never counts a
 * cent more or less than the ledger shows. All in BigInt; no floating point.
 */
import { AmountError } from './amount-error';
import type { CurrencyCode } from './currency-code';
import { convert } from './exchange';
import { type Money, minorUnitsFromBigInt } from './money-value';

/** The total and each line in `base`; the lines add up to the total when they did before. */
export interface ConvertedParts {
  total: Money;
  lines: Money[];
}

/**
 * `total` and its `lines` (in total's currency, adding up to it, or empty) in `base` at `rate`.
 * Lines that do not add up to the total are an AmountError: there is no fair way to share them.
 */
export function convertWithLines(total: Money, lines: readonly Money[], rate: string, base: CurrencyCode): ConvertedParts {
  const converted = convert(total, rate, base);
  if (lines.length === 0) return { total: converted, lines: [] };
  const sum = lines.reduce((acc, line) => acc + BigInt(line.amount), 0n);
  if (lines.some((line) => line.currency !== total.currency) || sum !== BigInt(total.amount)) {
    throw new AmountError('The split amounts must add up to the transaction amount.');
  }
  return { total: converted, lines: shareOut(BigInt(converted.amount), lines.map((line) => BigInt(line.amount)), base) };
}

/** `whole` shared by `weights` (which add up to a non-zero total, or are all 0), largest remainder first. */
function shareOut(whole: bigint, weights: readonly bigint[], base: CurrencyCode): Money[] {
  const total = weights.reduce((acc, weight) => acc + weight, 0n);
  if (total === 0n) return weights.map((_, index) => ({ amount: index === 0 ? minorUnitsFromBigInt(whole) : 0, currency: base }));
  const shares = weights.map((weight) => (whole * weight) / total); // truncates toward zero
  const remainders = weights.map((weight, index) => ({ index, remainder: abs(whole * weight - (shares[index] ?? 0n) * total) }));
  let missing = whole - shares.reduce((acc, share) => acc + share, 0n);
  const step = missing < 0n ? -1n : 1n;
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (missing === 0n) break;
    shares[index] = (shares[index] ?? 0n) + step;
    missing -= step;
  }
  return shares.map((share) => ({ amount: share === 0n ? 0 : minorUnitsFromBigInt(share), currency: base }));
}

const abs = (value: bigint): bigint => (value < 0n ? -value : value);
