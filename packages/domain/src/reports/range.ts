/** The month range of a report: `YYYY-MM` keys, both ends included, at most ten years. */
import { type YearMonth, addMonths, compareMonths } from '../months';

/** Months a report may span (docs/DECISIONS.md #53): ten years, a long look back at a small cost. */
export const MAX_REPORT_MONTHS = 120;
/** Months a report covers when none are chosen: the last year, this month included. */
export const DEFAULT_REPORT_MONTHS = 12;

/** `2026-03` for March 2026. */
export function reportMonthKey(ym: YearMonth): string {
  return `${String(ym.year).padStart(4, '0')}-${String(ym.month).padStart(2, '0')}`;
}

/** `2026-03` → {year: 2026, month: 3}; null when the text is not a month. */
export function parseReportMonth(key: string): YearMonth | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(key);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

/** How many months from..to holds, both included (0 or less when `to` is before `from`). */
export function monthsInRange(from: YearMonth, to: YearMonth): number {
  return compareMonths(to, from) + 1;
}

/** Every month from..to in order, both included; empty when `to` is before `from`. */
export function reportMonths(from: YearMonth, to: YearMonth): YearMonth[] {
  const count = monthsInRange(from, to);
  return Array.from({ length: Math.max(0, count) }, (_, index) => addMonths(from, index));
}

/** Why a chosen range cannot be reported on, or null when it can. */
export function reportRangeProblem(from: YearMonth, to: YearMonth): string | null {
  const months = monthsInRange(from, to);
  if (months < 1) return 'The end month must not be before the start month.';
  if (months > MAX_REPORT_MONTHS) return `Choose at most ${MAX_REPORT_MONTHS} months (ten years).`;
  return null;
}

/** The months a report covers when the person has not chosen: the last 12, ending with `current`. */
export function defaultReportRange(current: YearMonth): { from: YearMonth; to: YearMonth } {
  return { from: addMonths(current, -(DEFAULT_REPORT_MONTHS - 1)), to: current };
}
