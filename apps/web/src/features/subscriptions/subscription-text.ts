/**
 * The words the subscriptions page writes (issue 31): cadences, dates, the price history and the
 * regretted total. Pure, with money written by the caller's formatter (lib/money.ts in the app), so
 * the wording can be tested without a book or a number format.
 */
import type { DetectedSubscriptionWire } from '@mindspend/api-contract';
import { isoDate, monthName, parseIsoDate } from '@mindspend/domain';

/** Writes an amount of the book (in its units, e.g. dollars) the person's way. */
export type MoneyText = (amount: number) => string;

type Cadence = DetectedSubscriptionWire['cadence'];

const CADENCE_WORDS: Record<Cadence, string> = {
  monthly: 'Monthly',
  // "Quarterly" reads as calendar quarters; the charges come three months apart from any day.
  quarterly: 'Every 3 months',
  yearly: 'Yearly',
};

/** 'Monthly', 'Every 3 months', 'Yearly'. */
export function cadenceWord(cadence: Cadence): string {
  return CADENCE_WORDS[cadence];
}

/**
 * `Jul 15` for a day of `today`'s year, `Jul 15, 2024` otherwise: the year only where it tells
 * something. A date that is no ISO date is shown as it came.
 */
export function dayText(iso: string, today: string): string {
  const date = parseIsoDate(iso);
  if (!date) return iso;
  const short = `${monthName(date.month).slice(0, 3)} ${date.day}`;
  return parseIsoDate(today)?.year === date.year ? short : `${short}, ${date.year}`;
}

/** The person's calendar day of a UTC instant (`created_at`), so an evening answer is not dated tomorrow. */
export function localDay(instant: string): string {
  const moment = new Date(instant);
  if (Number.isNaN(moment.getTime())) return instant.slice(0, 10);
  return isoDate({ year: moment.getFullYear(), month: moment.getMonth() + 1, day: moment.getDate() });
}

/** `1 charge`, `4 charges`. */
export function chargesText(count: number): string {
  return `${count} charge${count === 1 ? '' : 's'}`;
}

/**
 * `$13.99 → $15.49 since Jul 15`: each price it has had, and when the current one began; null
 * while it has had one price only (nothing to tell).
 */
export function priceHistoryText(history: DetectedSubscriptionWire['price_history'], money: MoneyText, today: string): string | null {
  const latest = history[history.length - 1];
  if (history.length < 2 || !latest) return null;
  return `${history.map((step) => money(step.amount)).join(' → ')} since ${dayText(latest.date, today)}`;
}

/** `Payee: StreamFlix Inc` when the person renamed it, else null (the name already is the payee's). */
export function payeeText(subscription: Pick<DetectedSubscriptionWire, 'name' | 'payee'>): string | null {
  return subscription.name === subscription.payee ? null : `Payee: ${subscription.payee}`;
}

/**
 * 'You said it is not worth it (Jul 15): "never watch it"', or null before any answer: the latest
 * second look, as the card recalls it.
 */
export function latestAnswerText(review: DetectedSubscriptionWire['latest_review'], today: string): string | null {
  if (!review) return null;
  const verdict = review.still_worth_it ? 'still worth it' : 'not worth it';
  const note = review.note ? `: “${review.note}”` : '';
  return `You said it is ${verdict} (${dayText(localDay(review.created_at), today)})${note}`;
}

/** 'These add up to $372.00 a year.' ('This adds up' for one.) */
export function regrettedTotalText(regretted: { count: number; yearly_total: number }, money: MoneyText): string {
  return `${regretted.count === 1 ? 'This adds' : 'These add'} up to ${money(regretted.yearly_total)} a year.`;
}
