/** The insights filters: a month range (default the last 6 months) and one account or all of them. */
import type { InsightsResponse } from '@mindspend/api-contract';
import {
  FEELINGS,
  MAX_INSIGHT_MONTHS,
  addMonths,
  compareMonths,
  monthName,
  type Feeling,
  type YearMonth,
} from '@mindspend/domain';

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
export function monthKey(ym: YearMonth): string {
  return `${ym.year}-${String(ym.month).padStart(2, '0')}`;
}

/** `2026-03-01` (the month pickers' value) → {year, month}; null when unreadable. */
export function monthOfPicker(value: string | null): YearMonth | null {
  const match = value ? /^(\d{4})-(\d{2})/.exec(value) : null;
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

export function pickerValue(ym: YearMonth): string {
  return `${monthKey(ym)}-01`;
}

/** Keeps a range valid when one end moves: the other end follows so from ≤ to and at most 36 months. */
export function withFrom(filters: InsightsFilters, from: YearMonth): InsightsFilters {
  let to = compareMonths(filters.to, from) < 0 ? from : filters.to;
  if (monthsIn(from, to) > MAX_INSIGHT_MONTHS) to = addMonths(from, MAX_INSIGHT_MONTHS - 1);
  return { ...filters, from, to };
}

export function withTo(filters: InsightsFilters, to: YearMonth): InsightsFilters {
  let from = compareMonths(filters.from, to) > 0 ? to : filters.from;
  if (monthsIn(from, to) > MAX_INSIGHT_MONTHS) from = addMonths(to, -(MAX_INSIGHT_MONTHS - 1));
  return { ...filters, from, to };
}

export function monthsIn(from: YearMonth, to: YearMonth): number {
  return (to.year - from.year) * 12 + (to.month - from.month) + 1;
}

/** `/insights?from=2026-01&to=2026-06[&account_id=3]` */
export function insightsPath(filters: InsightsFilters): string {
  const params = new URLSearchParams({ from: monthKey(filters.from), to: monthKey(filters.to) });
  if (filters.accountId !== null) params.set('account_id', String(filters.accountId));
  return `/insights?${params.toString()}`;
}

/** `Mar 2026` */
export function shortMonthLabel(ym: YearMonth): string {
  return `${monthName(ym.month).slice(0, 3)} ${ym.year}`;
}

/** 'January – June 2026' or 'November 2025 – February 2026' or 'March 2026'. */
export function rangeLabel(from: YearMonth, to: YearMonth): string {
  if (compareMonths(from, to) === 0) return `${monthName(from.month)} ${from.year}`;
  if (from.year === to.year) return `${monthName(from.month)} – ${monthName(to.month)} ${to.year}`;
  return `${monthName(from.month)} ${from.year} – ${monthName(to.month)} ${to.year}`;
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
