/** Calendar months as the product speaks of them: month 1-12 with a four-digit year. */

export interface YearMonth {
  year: number;
  month: number;
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** English month name for month 1-12. */
export function monthName(month: number): string {
  const name = MONTH_NAMES[month - 1];
  if (!name) throw new RangeError(`month must be 1-12, got ${month}`);
  return name;
}

/** Number of days in a month (handles leap years). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month `delta` months after (or before, when negative) the given one. */
export function addMonths(ym: YearMonth, delta: number): YearMonth {
  const index = ym.year * 12 + (ym.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative when a is before b, 0 when equal, positive when after. */
export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** A calendar date where the person is (computed in their time zone: time-zone.ts). */
export interface LocalDate extends YearMonth {
  day: number;
}

/** Clamps a UTC offset to the range real timezones use (-12 … +14 hours). */
export function clampUtcOffset(offsetHours: number): number {
  if (!Number.isFinite(offsetHours)) return 0;
  return Math.min(14, Math.max(-12, offsetHours));
}

/**
 * Today's date for someone whose clock is a fixed `offsetHours` from UTC (DECISIONS.md #13). A
 * person's today follows their time zone instead (`localDateIn`, DECISIONS.md #85); this stays for
 * a browser's own offset, which is its clock right now.
 */
export function localDate(now: Date, offsetHours: number): LocalDate {
  const shifted = new Date(now.getTime() + clampUtcOffset(offsetHours) * 3_600_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** `YYYY-MM-DD` for a local date. */
export function isoDate(date: LocalDate): string {
  const mm = String(date.month).padStart(2, '0');
  const dd = String(date.day).padStart(2, '0');
  return `${date.year}-${mm}-${dd}`;
}

/** Path of the budgets screen for a month: the landing route after sign-in (spec §2.1). */
export function budgetsPath(ym: YearMonth): string {
  return `/budgets/month/${ym.month}/year/${ym.year}`;
}
