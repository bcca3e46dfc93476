/** Day arithmetic on `YYYY-MM-DD` strings, in UTC so no timezone can shift a date. */
import { type CalendarDate, parseIsoDate } from '../ledger/transactions';
import { type YearMonth, daysInMonth } from '../months';

const DAY_MS = 86_400_000;

export function toIso(date: CalendarDate): string {
  return `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 of a calendar date. */
export function dayNumber(date: CalendarDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS);
}

export function fromDayNumber(day: number): CalendarDate {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The given day of a month, moved back to the month's last day when it has fewer days. */
export function clampedDay(ym: YearMonth, day: number): CalendarDate {
  return { year: ym.year, month: ym.month, day: Math.min(day, daysInMonth(ym.year, ym.month)) };
}

/** Whole months from a to b (b − a). */
export function monthsBetween(a: YearMonth, b: YearMonth): number {
  return (b.year - a.year) * 12 + (b.month - a.month);
}

/** Parses an ISO date or throws: for dates the caller has already validated. */
export function mustParse(iso: string): CalendarDate {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`not a date: ${iso}`);
  return date;
}
