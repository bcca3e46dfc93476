/** The reports page's choices: a month range (default the last 12 months) and how spending is grouped. */
import {
  MAX_REPORT_MONTHS,
  type SpendingGroup,
  type YearMonth,
  defaultReportRange,
  monthName,
  parseReportMonth,
  reportMonthKey,
} from '@mindspend/domain';
import { withRangeFrom, withRangeTo } from '../../lib/month-range';

export interface ReportFilters {
  from: YearMonth;
  to: YearMonth;
  group: SpendingGroup;
}

export function defaultReportFilters(current: YearMonth): ReportFilters {
  return { ...defaultReportRange(current), group: 'category' };
}

/** Moves the start; the end follows so the range stays in order and at most ten years long. */
export const withFrom = (filters: ReportFilters, from: YearMonth): ReportFilters => withRangeFrom(filters, from, MAX_REPORT_MONTHS);

/** Moves the end; the start follows the same way. */
export const withTo = (filters: ReportFilters, to: YearMonth): ReportFilters => withRangeTo(filters, to, MAX_REPORT_MONTHS);

export { monthOfPicker, pickerValue, rangeLabel } from '../../lib/month-range';

/** The report's query: `{ from: '2025-12', to: '2026-11' }`. */
export function rangeQuery(filters: Pick<ReportFilters, 'from' | 'to'>): { from: string; to: string } {
  return { from: reportMonthKey(filters.from), to: reportMonthKey(filters.to) };
}

/** `2026-03` → `Mar 2026`, for a chart's axis and the tables. */
export function monthLabel(key: string): string {
  const ym = parseReportMonth(key);
  return ym ? `${monthName(ym.month).slice(0, 3)} ${ym.year}` : key;
}
