/** Transaction rules of spec §3 and §4: amounts, categorization state, feelings, splits, dates. */
import type { Cents } from '../money';

export type TransactionType = 'income' | 'expense';
export const TRANSACTION_TYPES = ['income', 'expense'] as const;

export const FEELING_VALUES = ['positive', 'neutral', 'negative', 'mixed'] as const;
export type Feeling = (typeof FEELING_VALUES)[number];

export const PURPOSE_VALUES = ['survival', 'optional', 'culture', 'unexpected'] as const;
export type Purpose = (typeof PURPOSE_VALUES)[number];

export const PAYMENT_METHOD_VALUES = [
  'cash', 'check', 'ach', 'wire', 'credit_card', 'debit_card', 'bank_transfer', 'paypal', 'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_VALUES)[number];

/** Largest amount one transaction may carry: $99,999,999.99. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

/**
 * Spec §3: the credit amount if only credit is positive, the debit amount if only debit is
 * positive, otherwise whichever is set (credit first).
 */
export function amountFromCreditDebit(credit: number | null | undefined, debit: number | null | undefined): number {
  const creditPositive = typeof credit === 'number' && credit > 0;
  const debitPositive = typeof debit === 'number' && debit > 0;
  if (creditPositive && !debitPositive) return credit;
  if (debitPositive && !creditPositive) return debit;
  return credit ?? debit ?? 0;
}

/** Uncategorized means no sub-categories (spec §3). */
export function isUncategorized(transaction: { subcategories?: readonly unknown[] | null }): boolean {
  return !transaction.subcategories || transaction.subcategories.length === 0;
}

/** Missing emotions means `emotion_names` empty or absent (spec §3). */
export function isMissingEmotion(transaction: { emotion_names?: readonly string[] | null }): boolean {
  return !transaction.emotion_names || transaction.emotion_names.length === 0;
}

/** The feeling holds at most one value; clicking the selected one clears it (spec §4). */
export function toggleFeeling(current: Feeling | null, clicked: Feeling): Feeling | null {
  return current === clicked ? null : clicked;
}

export interface SplitLine {
  subcategoryId: number;
  amountCents: Cents;
}

/** Split lines add up to the transaction amount exactly. */
export function splitsAddUp(amountCents: Cents, lines: readonly SplitLine[]): boolean {
  return lines.reduce((sum, line) => sum + line.amountCents, 0) === amountCents;
}

export const SPLITS_MUST_ADD_UP = 'The split amounts must add up to the transaction amount.';
export const SUBCATEGORY_ONCE = 'Each sub-category can appear only once.';

/** A split line as a request or a backup file gives it: the amount may be left out. */
export interface SplitLineInput {
  subcategoryId: number;
  amountCents: Cents | undefined;
}

/**
 * The one rule set of a transaction's split lines, whether they come from the form, the API or a
 * restored backup (issue 12: restore used to skip it): each sub-category once; one line may leave
 * its amount out (it takes the whole amount); otherwise every line has an amount and they add up.
 * The add-up check waits for an amount (undefined while the amount field is itself refused).
 */
export function splitLineProblems(amountCents: Cents | undefined, lines: readonly SplitLineInput[]): string[] {
  const problems: string[] = [];
  if (new Set(lines.map((line) => line.subcategoryId)).size !== lines.length) problems.push(SUBCATEGORY_ONCE);
  if (amountCents === undefined || lines.length === 0) return problems;
  if (lines.length === 1 && lines[0]?.amountCents === undefined) return problems;
  const given = lines.map((line) => ({ subcategoryId: line.subcategoryId, amountCents: line.amountCents ?? 0 }));
  if (lines.some((line) => line.amountCents === undefined) || !splitsAddUp(amountCents, given)) problems.push(SPLITS_MUST_ADD_UP);
  return problems;
}

/** Amount stepper (spec §5, §9): +10, and −10 only when the result stays above 0. */
export function stepAmount(value: number, direction: 'up' | 'down', step = 10): number {
  if (direction === 'up') return value + step;
  return value - step > 0 ? value - step : value;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Parses `YYYY-MM-DD`; null for malformed or impossible dates such as 2026-02-30. */
export function parseIsoDate(iso: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid && year >= 1900 && year <= 2200 ? { year, month, day } : null;
}

function weekdayIndex(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** `Sunday` for 2026-11-22. */
export function dayOfWeek(date: CalendarDate): string {
  return WEEKDAYS[weekdayIndex(date)] as string;
}

/** The ledger row's date, weekday - month day: `Sun - Nov 22`. */
export function formatRowDate(date: CalendarDate): string {
  return `${dayOfWeek(date).slice(0, 3)} - ${MONTHS_SHORT[date.month - 1]} ${date.day}`;
}

/** m/d/Y as the forms show dates: `11/22/2026`. */
export function formatShortDate(date: CalendarDate): string {
  return `${date.month}/${date.day}/${date.year}`;
}

/** First and last ISO dates of a month, for range queries. */
export function monthRange(year: number, month: number): { from: string; to: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}
