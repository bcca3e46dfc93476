/**
 * Integer cents inside, decimal dollars on the wire, `$1,234.56` on screen (spec §9). Amounts in
 * other currencies are Money values (`./currency`, DECISIONS.md #86); the cents helpers here are
 * those values in USD, and formatMoney is the one formatter both kinds go through.
 */
import { USD } from './currency/currency-code';
import { formatMoneyIn, type MoneyFormatOptions } from './currency/format-money';
import type { Money } from './currency/money-value';

export type Cents = number;

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

/**
 * Cents as a USD Money value, or null for a figure that cannot be shown. Every caller passes whole
 * cents; a fraction of a cent would be rounded half away from zero, as Intl rounded it before.
 */
function usdCents(cents: Cents | null | undefined): Money | null {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return null;
  const whole = Math.sign(cents) * Math.round(Math.abs(cents));
  return Number.isSafeInteger(whole) ? { amount: whole === 0 ? 0 : whole, currency: USD } : null;
}

/**
 * `$1,234.56` for cents (en-US dollars; anything that is not a finite number shows the spec's
 * fallback `$0.00`), or a Money value in the person's locale (`1.234,56 €` in de-DE).
 */
export function formatMoney(cents: Cents | null | undefined): string;
export function formatMoney(money: Money, locale: string, options?: MoneyFormatOptions): string;
export function formatMoney(value: Money | Cents | null | undefined, locale = 'en-US', options: MoneyFormatOptions = {}): string {
  if (typeof value === 'object' && value !== null) return formatMoneyIn(value, locale, options);
  const money = usdCents(value);
  return money ? formatMoneyIn(money, 'en-US') : '$0.00';
}

/** Whole dollars, as the budgets page's overview figures show them (`$1,235`). */
export function formatWholeDollars(cents: Cents | null | undefined): string {
  const money = usdCents(cents);
  return money ? formatMoneyIn(money, 'en-US', { wholeUnits: true }) : '$0';
}
