/**
 * When a budget falls due (spec §2.5 add-budget form, DECISIONS.md #14): every N days, months or
 * years from its start, optionally 'On day N' of the month, ending never, after N occurrences or
 * by a date.
 */
import type { YearMonth } from '../months';
import { daysInMonth } from '../months';
import { clampedDay, dayNumber, fromDayNumber, monthsBetween, mustParse, toIso } from './calendar';

export const REPEAT_FREQUENCIES = ['day', 'month', 'year'] as const;
export type RepeatFrequency = (typeof REPEAT_FREQUENCIES)[number];
export const ENDINGS = ['never', 'end_after', 'end_by'] as const;
export type Ending = (typeof ENDINGS)[number];

export interface Recurrence {
  /** First occurrence, `YYYY-MM-DD` (repeat_start). */
  start: string;
  isRecurring: boolean;
  frequency: RepeatFrequency;
  /** Every N units, N ≥ 1. */
  interval: number;
  /** 'On day N' for monthly budgets; the start's day when absent. Short months use their last day. */
  dayOfMonth?: number | null;
  ending: Ending;
  /** For `end_after`: how many occurrences in all. */
  occurrences?: number | null;
  /** For `end_by`: the last day an occurrence may fall on, inclusive. */
  endDate?: string | null;
}

/** Repeat count options by frequency (spec §9). */
export const REPEAT_COUNT_OPTIONS = { year: 50, month: 12, week: 52, weekday: 7 } as const;

/** A monthly budget due on one day each month: the common case and the form's default (spec §9). */
export function monthlyRecurrence(start: string, dayOfMonth?: number): Recurrence {
  return { start, isRecurring: true, frequency: 'month', interval: 1, dayOfMonth: dayOfMonth ?? null, ending: 'never' };
}

/**
 * The n-th occurrence (0-based) of a recurrence, ignoring how it ends. Monthly and yearly
 * occurrences that would fall before the start (an 'On day N' earlier than the start's day) are
 * skipped, so occurrence 0 is always on or after the start.
 */
function nthOccurrence(recurrence: Recurrence, n: number): string {
  const start = mustParse(recurrence.start);
  if (recurrence.frequency === 'day') return toIso(fromDayNumber(dayNumber(start) + n * recurrence.interval));
  const unitMonths = recurrence.frequency === 'month' ? recurrence.interval : recurrence.interval * 12;
  const day = recurrence.frequency === 'month' ? (recurrence.dayOfMonth ?? start.day) : start.day;
  const firstInStartMonth = clampedDay(start, day);
  const skipFirst = dayNumber(firstInStartMonth) < dayNumber(start) ? 1 : 0;
  const index = start.year * 12 + (start.month - 1) + (n + skipFirst) * unitMonths;
  return toIso(clampedDay({ year: Math.floor(index / 12), month: (index % 12) + 1 }, day));
}

/** True while the recurrence has not ended by its n-th occurrence on `date`. */
function withinEnding(recurrence: Recurrence, n: number, date: string): boolean {
  if (!recurrence.isRecurring) return n === 0;
  if (recurrence.ending === 'end_after') return n < (recurrence.occurrences ?? 0);
  if (recurrence.ending === 'end_by') return recurrence.endDate ? date <= recurrence.endDate : true;
  return true;
}

/** The dates a budget falls due within a month, in order. */
export function occurrencesInMonth(recurrence: Recurrence, ym: YearMonth): string[] {
  const monthStart = toIso({ ...ym, day: 1 });
  const monthEnd = toIso({ ...ym, day: daysInMonth(ym.year, ym.month) });
  if (recurrence.start > monthEnd) return [];
  const dates: string[] = [];
  for (let n = firstIndexFrom(recurrence, ym); ; n += 1) {
    const date = nthOccurrence(recurrence, n);
    if (date > monthEnd || !withinEnding(recurrence, n, date)) break;
    if (date >= monthStart) dates.push(date);
    if (!recurrence.isRecurring) break;
  }
  return dates;
}

/** An occurrence index at or just before the month, so the search never walks from the start. */
function firstIndexFrom(recurrence: Recurrence, ym: YearMonth): number {
  if (!recurrence.isRecurring) return 0;
  const start = mustParse(recurrence.start);
  if (recurrence.frequency === 'day') {
    const gap = dayNumber({ ...ym, day: 1 }) - dayNumber(start);
    return Math.max(0, Math.floor(gap / recurrence.interval));
  }
  const unitMonths = recurrence.frequency === 'month' ? recurrence.interval : recurrence.interval * 12;
  return Math.max(0, Math.floor(monthsBetween(start, ym) / unitMonths) - 1);
}

/** The first date the budget falls due in the month, or null (recurrence_date_this_month). */
export function recurrenceDateInMonth(recurrence: Recurrence, ym: YearMonth): string | null {
  return occurrencesInMonth(recurrence, ym)[0] ?? null;
}
