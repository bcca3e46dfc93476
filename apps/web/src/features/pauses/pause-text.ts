/**
 * The words the pause list writes (issue 31): the countdown to a decision, the forecast's figures
 * and the summary's sentences. Pure, with money written by the caller's formatter (lib/money.ts in
 * the app), so the rules can be tested without a book or a number format.
 */
import type { Pause, PauseForecast, PauseSummary } from '@mindspend/api-contract';
import { PAYMENT_METHODS, formatShortDate, parseIsoDate } from '@mindspend/domain';

/** Writes an amount of the book (in its units, e.g. dollars) the person's way. */
export type MoneyText = (amount: number) => string;

const DAY_MS = 86_400_000;

/** The local calendar day of an instant as a day count, so that differences are whole days. */
const localDayNumber = (moment: Date) => Date.UTC(moment.getFullYear(), moment.getMonth(), moment.getDate()) / DAY_MS;

/**
 * How long until the cooling-off ends, in the person's calendar days: 'Decide in 3 days',
 * 'Decide tomorrow', 'Decide later today', and 'Time to decide' once it has ended.
 */
export function countdownText(remindAt: string, now: Date): string {
  const due = new Date(remindAt);
  if (Number.isNaN(due.getTime()) || due.getTime() <= now.getTime()) return 'Time to decide';
  const days = localDayNumber(due) - localDayNumber(now);
  if (days <= 0) return 'Decide later today';
  if (days === 1) return 'Decide tomorrow';
  return `Decide in ${days} days`;
}

/** A percentage as the pause list writes it: `64%`, `63.6%` (the contract's one decimal). */
export function percentText(rate: number): string {
  return `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;
}

/** 'Expected regret: 64%', or null when the forecast has too little history to give a rate. */
export function expectedRegretText(forecast: Pick<PauseForecast, 'enough' | 'regret_rate'>): string | null {
  return forecast.enough && forecast.regret_rate !== null ? `Expected regret: ${percentText(forecast.regret_rate)}` : null;
}

/**
 * One line of what the forecast rests on: the similar purchases as a count ('Sound Shop: 7 of 11
 * regretted (63.6%)'), a trigger as its rate and how much it moves the forecast ('Friday: 40%
 * regretted (×1.6)').
 */
export function basisLine(line: PauseForecast['basis'][number]): string {
  if (line.lift === null) return `${line.label}: ${line.regretted} of ${line.feelings} regretted (${percentText(line.rate)})`;
  return `${line.label}: ${percentText(line.rate)} regretted (×${line.lift})`;
}

/** `1 purchase`, `3 purchases`. */
const purchases = (count: number) => `${count} purchase${count === 1 ? '' : 's'}`;

/** 'Skipped 3 purchases worth $420.00 — regret avoided'. */
export function skippedText(skipped: PauseSummary['skipped'], money: MoneyText): string {
  if (skipped.count === 0) return 'Nothing skipped yet';
  return `Skipped ${purchases(skipped.count)} worth ${money(skipped.total)} — regret avoided`;
}

/** 'Bought 1 purchase worth $180.00 after a pause'. */
export function boughtText(bought: PauseSummary['bought'], money: MoneyText): string {
  if (bought.count === 0) return 'Nothing bought after a pause';
  return `Bought ${purchases(bought.count)} worth ${money(bought.total)} after a pause`;
}

type FeltCounts = PauseSummary['after_pause'];

/** 'Bought after a pause: 1 of 4 regretted (25%) · everything else: 30%'; a rate without feelings is 'nothing felt yet'. */
export function feltComparisonText(afterPause: FeltCounts, rest: FeltCounts): string {
  const paused = afterPause.rate === null ? 'nothing felt yet' : `${afterPause.regretted} of ${afterPause.felt} regretted (${percentText(afterPause.rate)})`;
  const others = rest.rate === null ? 'nothing felt yet' : percentText(rest.rate);
  return `Bought after a pause: ${paused} · everything else: ${others}`;
}

/** '2 still waiting for a decision', or null when every pause of the range is decided. */
export function undecidedText(undecided: number): string | null {
  if (undecided === 0) return null;
  return `${undecided} still waiting for a decision`;
}

/** 'Credit Card'; null for no method. */
export function paymentMethodLabel(method: Pause['payment_method']): string | null {
  return PAYMENT_METHODS.find((entry) => entry.value === method)?.label ?? null;
}

export const DECISION_LABELS = { skipped: 'Skipped', bought: 'Bought' } as const satisfies Record<NonNullable<Pause['decision']>, string>;

/** The badge of a pause: its countdown while waiting, 'Time to decide' when due, its decision once made. */
export function statusText(pause: Pick<Pause, 'status' | 'decision' | 'remind_at'>, now: Date): string {
  if (pause.decision !== null) return DECISION_LABELS[pause.decision];
  if (pause.status === 'reminder_due') return 'Time to decide';
  return countdownText(pause.remind_at, now);
}

/** An instant of the API (ISO-8601 UTC) as the person's local date, as the forms write dates: `11/24/2026`. */
export function localDateText(instant: string): string {
  const moment = new Date(instant);
  if (Number.isNaN(moment.getTime())) return instant;
  return formatShortDate({ year: moment.getFullYear(), month: moment.getMonth() + 1, day: moment.getDate() });
}

/** A purchase's date (`YYYY-MM-DD`, already the person's) as the forms write dates. */
export function purchaseDateText(date: string): string {
  const day = parseIsoDate(date);
  return day ? formatShortDate(day) : date;
}

/** 'Looks like you bought it on 11/22/2026: Sound Shop $179.00'. */
export function matchText(match: NonNullable<Pause['match']>, money: MoneyText): string {
  return `Looks like you bought it on ${purchaseDateText(match.date)}: ${match.payee} ${money(match.amount)}`;
}
