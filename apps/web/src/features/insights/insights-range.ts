/** The insights filters: a month range (default the last 6 months) and one account or all of them. */
import type { InsightView, InsightsResponse } from '@mindspend/api-contract';
import { FEELINGS, MAX_INSIGHT_MONTHS, addMonths, monthName, reportMonthKey, type Feeling, type YearMonth } from '@mindspend/domain';
import { withRangeFrom, withRangeTo } from '../../lib/month-range';

export const DEFAULT_RANGE_MONTHS = 6;

export interface InsightsFilters {
  from: YearMonth;
  to: YearMonth;
  /** null: every account. */
  accountId: number | null;
}

/** The 6 months ending with the current one. */
export function defaultFilters(current: YearMonth): InsightsFilters {
  return { from: addMonths(current, -(DEFAULT_RANGE_MONTHS - 1)), to: current, accountId: null };
}

/** `2026-03` */
export const monthKey = reportMonthKey;

/** Keeps a range valid when one end moves: the other end follows so from ≤ to and at most 36 months. */
export const withFrom = (filters: InsightsFilters, from: YearMonth): InsightsFilters => withRangeFrom(filters, from, MAX_INSIGHT_MONTHS);

export const withTo = (filters: InsightsFilters, to: YearMonth): InsightsFilters => withRangeTo(filters, to, MAX_INSIGHT_MONTHS);

export { monthsInRange as monthsIn } from '@mindspend/domain';
export { monthOfPicker, pickerValue, rangeLabel } from '../../lib/month-range';

/** getInsights' query: `from=2026-01&to=2026-06[&account_id=3][&view=together]` (undefined: left out). */
export function insightsQuery(filters: InsightsFilters, view: InsightView = 'me') {
  return {
    from: monthKey(filters.from),
    to: monthKey(filters.to),
    account_id: filters.accountId ?? undefined,
    // `me` is the server's default: left out, the URL stays the one the page always asked.
    view: view === 'me' ? undefined : view,
  };
}

/** `Mar 2026` */
export function shortMonthLabel(ym: YearMonth): string {
  return `${monthName(ym.month).slice(0, 3)} ${ym.year}`;
}

export const FEELING_CHART_COLORS: Record<Feeling, string> = {
  positive: 'teal.6',
  neutral: 'gray.5',
  negative: 'red.6',
  mixed: 'yellow.6',
};

export function feelingName(feeling: Feeling): string {
  return FEELINGS.find((entry) => entry.value === feeling)?.label ?? feeling;
}

/** One row per month with the four feelings' spending in dollars, labelled for a chart's axis. */
export function trendRows(
  trend: InsightsResponse['trend'],
): Array<Record<'month' | Feeling, string | number>> {
  return trend.map((bucket) => ({
    month: shortMonthLabel(bucket),
    positive: bucket.positive,
    neutral: bucket.neutral,
    negative: bucket.negative,
    mixed: bucket.mixed,
  }));
}

/** Regret rates as the page writes them: `12.5%`, `0%`. */
export function rateText(rate: number): string {
  return `${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`;
}
