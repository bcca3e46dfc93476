/** Integer cents inside, decimal dollars on the wire, `$1,234.56` on screen (spec §9). */

export type Cents = number;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Converts a decimal dollar amount (at most two places) to integer cents. */
export function toCents(dollars: number): Cents {
  // Multiplying first and rounding avoids 0.1 + 0.2 style drift (19.99 * 100 = 1998.9999…).
  return Math.round(dollars * 100);
}

/** Converts integer cents to a decimal dollar number for the API. */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** True when a decimal amount has at most two decimal places. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return Number.isFinite(dollars) && Math.abs(toCents(dollars) - dollars * 100) < 1e-6;
}

/** `$1,234.56`; anything that is not a finite number shows the spec's fallback `$0.00`. */
export function formatMoney(cents: Cents | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '$0.00';
  return usd.format(cents / 100);
}

/** Whole dollars, as the budgets page's overview figures show them (`$1,235`). */
export function formatWholeDollars(cents: Cents | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '$0';
  return usdWhole.format(cents / 100);
}
