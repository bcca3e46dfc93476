/**
 * Amounts are stored today as hundredths of their currency's unit, whatever the currency
 * (DECISIONS.md #88): the book's base currency (DECISIONS.md #87) names the unit, but the columns
 * and the wire still hold two decimal places, as they did for dollars. Until amounts carry their
 * own currency's minor units (issue 27's base amounts), this is the one exact step from a stored
 * figure to a Money value.
 */
import { type CurrencyCode, minorUnits } from './currency-code';
import { type MoneyFormatOptions, formatMoneyIn } from './format-money';
import type { Money } from './money-value';

/**
 * `hundredths` of `currency`'s unit as a Money value in its ISO minor units: ¥1,234 stored as
 * 123400 is 1234 yen; BD 1.23 stored as 123 is 1230 fils. A fraction of a yen (which the amount
 * box refuses) rounds half away from zero. Null for a figure that cannot be shown.
 */
export function moneyFromHundredths(hundredths: number | null | undefined, currency: CurrencyCode): Money | null {
  if (hundredths === null || hundredths === undefined || !Number.isFinite(hundredths)) return null;
  const whole = Math.sign(hundredths) * Math.round(Math.abs(hundredths));
  const digits = minorUnits(currency);
  const amount =
    digits >= 2
      ? whole * 10 ** (digits - 2)
      : Math.sign(whole) * Math.round(Math.abs(whole) / 10 ** (2 - digits));
  return Number.isSafeInteger(amount) ? { amount: amount === 0 ? 0 : amount, currency } : null;
}

/**
 * A stored amount written for people in `currency` (`€41.50` in en-US, `41,50 €` in de-DE): how
 * a book's figures are shown in the web app and in what the server writes (notices, e-mails),
 * which speak en-US. A figure that is no number shows as zero, as formatMoney(cents) always did.
 */
export function formatStoredAmount(
  hundredths: number | null | undefined,
  currency: CurrencyCode,
  locale = 'en-US',
  options: MoneyFormatOptions = {},
): string {
  const money = moneyFromHundredths(hundredths, currency) ?? { amount: 0, currency };
  return formatMoneyIn(money, locale, options);
}

/**
 * A Money value as stored hundredths of its currency's unit, the inverse of moneyFromHundredths:
 * 1234 yen is 123400, €41.50 is 4150. A third decimal (1230 fils) rounds half away from zero to
 * hundredths, which is all a stored amount holds (DECISIONS.md #88).
 */
export function hundredthsOf(money: Money): number {
  const digits = minorUnits(money.currency);
  if (digits <= 2) return wholeOrZero(money.amount * 10 ** (2 - digits));
  const scale = 10 ** (digits - 2);
  return wholeOrZero(Math.sign(money.amount) * Math.round(Math.abs(money.amount) / scale));
}

const wholeOrZero = (value: number): number => (value === 0 ? 0 : value);
