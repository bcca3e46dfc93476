/** The reports page's choices: a month range (default the last 12 months) and how spending is grouped. */
import {
  MAX_REPORT_MONTHS,
  type SpendingGroup,
  type YearMonth,
  addMonths,
  compareMonths,
  defaultReportRange,
  monthName,
  monthsInRange,
  parseReportMonth,
  reportMonthKey,
} from '@mindspend/domain';

export interface ReportFilters {
  from: YearMonth;
  to: YearMonth;
  group: SpendingGroup;
}

export function defaultReportFilters(current: YearMonth): ReportFilters {
  return { ...defaultReportRange(current), group: 'category' };
}

/** `2026-03-01` (a month picker's value) → {year, month}; null when unreadable. */
export function monthOfPicker(value: string | null): YearMonth | null {
  return value ? parseReportMonth(value.slice(0, 7)) : null;
}

export function pickerValue(ym: YearMonth): string {
  return `${reportMonthKey(ym)}-01`;
}

/** Moves the start; the end follows so the range stays in order and at most ten years long. */
export function withFrom(filters: ReportFilters, from: YearMonth): ReportFilters {
  let to = compareMonths(filters.to, from) < 0 ? from : filters.to;
  if (monthsInRange(from, to) > MAX_REPORT_MONTHS) to = addMonths(from, MAX_REPORT_MONTHS - 1);
  return { ...filters, from, to };
}

/** Moves the end; the start follows the same way. */
export function withTo(filters: ReportFilters, to: YearMonth): ReportFilters {
  let from = compareMonths(filters.from, to) > 0 ? to : filters.from;
  if (monthsInRange(from, to) > MAX_REPORT_MONTHS) from = addMonths(to, -(MAX_REPORT_MONTHS - 1));
  return { ...filters, from, to };
}

/** `?from=2025-12&to=2026-11` */
export function rangeQuery(filters: Pick<ReportFilters, 'from' | 'to'>): string {
  return `from=${reportMonthKey(filters.from)}&to=${reportMonthKey(filters.to)}`;
}

/** `2026-03` → `Mar 2026`, for a chart's axis and the tables. */
export function monthLabel(key: string): string {
  const ym = parseReportMonth(key);
  return ym ? `${monthName(ym.month).slice(0, 3)} ${ym.year}` : key;
}

/** 'December 2025 – November 2026', 'January – June 2026' or 'March 2026'. */
export function rangeLabel(from: YearMonth, to: YearMonth): string {
  if (compareMonths(from, to) === 0) return `${monthName(from.month)} ${from.year}`;
  if (from.year === to.year) return `${monthName(from.month)} – ${monthName(to.month)} ${to.year}`;
  return `${monthName(from.month)} ${from.year} – ${monthName(to.month)} ${to.year}`;
}
