/**
 * Exchange rates as decimal text (DECISIONS.md #87): read into digits and a scale, written back
 * without float, and a person's manual rate checked with sentences the form and the API share.
 */

/** A rate's digits and scale: `'1.0823'` is 10823 / 10^4. */
export interface ScaledRate {
  digits: bigint;
  scale: number;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Largest rate a person may enter: beyond it the rate is almost surely the wrong way round. */
export const MAX_RATE = 1_000_000;
/** Most decimal places a person's rate may have (a base unit per dong or rupiah needs about 8). */
export const MAX_RATE_DECIMALS = 12;

export const RATE_NOT_A_NUMBER = 'The rate must be a number written with a point, such as 1.0823.';
export const RATE_NOT_POSITIVE = 'The rate must be more than 0.';
export const RATE_TOO_LARGE =
  'The rate may not be more than 1,000,000: it says how much of the base currency one unit of the currency is worth.';
export const RATE_TOO_PRECISE = `The rate may have at most ${MAX_RATE_DECIMALS} decimal places.`;

/** The digits and scale of plain decimal text (`'0.0064'`), or null when it is not one. */
export function scaledRate(text: string): ScaledRate | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  return { digits: BigInt(`${whole}${fraction}`), scale: fraction.length };
}

/** digits / 10^scale as plain decimal text, without leading or trailing zeros: (12340n, 3) → `'12.34'`. */
export function decimalText(digits: bigint, scale: number): string {
  if (scale <= 0) return (digits * 10n ** BigInt(-scale)).toString();
  const padded = digits.toString().padStart(scale + 1, '0');
  const whole = padded.slice(0, -scale);
  const fraction = padded.slice(-scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** The sentence that refuses a manual rate, or null when it is one a person may enter. */
export function rateProblem(text: string): string | null {
  const rate = scaledRate(text.trim());
  if (!rate) return RATE_NOT_A_NUMBER;
  if (rate.digits === 0n) return RATE_NOT_POSITIVE;
  if (rate.digits > BigInt(MAX_RATE) * 10n ** BigInt(rate.scale)) return RATE_TOO_LARGE;
  // Trailing zeros say nothing: 1.50000000000000 is 1.5.
  const significantScale = decimalText(rate.digits, rate.scale).split('.')[1]?.length ?? 0;
  if (significantScale > MAX_RATE_DECIMALS) return RATE_TOO_PRECISE;
  return null;
}

/** A rate rateProblem accepts, written the one way it is stored: `' 001.50'` → `'1.5'`. */
export function canonicalRate(text: string): string {
  const rate = scaledRate(text.trim());
  if (!rate || rateProblem(text) !== null) throw new RangeError(`${JSON.stringify(text)} is not a rate a person may enter.`);
  return decimalText(rate.digits, rate.scale);
}
