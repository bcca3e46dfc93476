/**
 * A range of months as the insights and reports pages pick it: two month pickers whose ends keep
 * each other in order and within the page's longest range, and the range's label.
 */
import { type YearMonth, addMonths, compareMonths, monthName, monthsInRange, parseReportMonth, reportMonthKey } from '@mindspend/domain';

export interface MonthRange {
  from: YearMonth;
  to: YearMonth;
}

/** `2026-03-01` (a month picker's value) → {year, month}; null when unreadable. */
export function monthOfPicker(value: string | null): YearMonth | null {
  return value ? parseReportMonth(value.slice(0, 7)) : null;
}

/** {year, month} → `2026-03-01`, a month picker's value. */
export function pickerValue(ym: YearMonth): string {
  return `${reportMonthKey(ym)}-01`;
}

/** Moves the start; the end follows so the range stays in order and at most `maxMonths` long. */
export function withRangeFrom<Range extends MonthRange>(range: Range, from: YearMonth, maxMonths: number): Range {
  let to = compareMonths(range.to, from) < 0 ? from : range.to;
  if (monthsInRange(from, to) > maxMonths) to = addMonths(from, maxMonths - 1);
  return { ...range, from, to };
}

/** Moves the end; the start follows the same way. */
export function withRangeTo<Range extends MonthRange>(range: Range, to: YearMonth, maxMonths: number): Range {
  let from = compareMonths(range.from, to) > 0 ? to : range.from;
  if (monthsInRange(from, to) > maxMonths) from = addMonths(to, -(maxMonths - 1));
  return { ...range, from, to };
}

/** 'December 2025 – November 2026', 'January – June 2026' or 'March 2026'. */
export function rangeLabel(from: YearMonth, to: YearMonth): string {
  if (compareMonths(from, to) === 0) return `${monthName(from.month)} ${from.year}`;
  if (from.year === to.year) return `${monthName(from.month)} – ${monthName(to.month)} ${to.year}`;
  return `${monthName(from.month)} ${from.year} – ${monthName(to.month)} ${to.year}`;
}
