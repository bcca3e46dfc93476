import { describe, expect, it } from 'vitest';
import { routeUrl } from '../../lib/api-routes';
import {
  defaultFilters,
  insightsQuery,
  monthOfPicker,
  rangeLabel,
  rateText,
  trendRows,
  withFrom,
  withTo,
} from './insights-range';

describe('insights filters', () => {
  it('default to the 6 months ending with the current one, all accounts, across a year end', () => {
    expect(defaultFilters({ year: 2026, month: 3 })).toEqual({
      from: { year: 2025, month: 10 },
      to: { year: 2026, month: 3 },
      accountId: null,
    });
  });

  it('build the query the API reads', () => {
    const filters = defaultFilters({ year: 2026, month: 11 });
    const url = (...args: Parameters<typeof insightsQuery>) => routeUrl('getInsights', { query: insightsQuery(...args) });
    expect(url(filters)).toBe('/api/insights?from=2026-06&to=2026-11');
    expect(url({ ...filters, accountId: 7 })).toBe('/api/insights?from=2026-06&to=2026-11&account_id=7');
    expect(url(filters, 'me')).toBe('/api/insights?from=2026-06&to=2026-11');
    expect(url({ ...filters, accountId: 7 }, 'together')).toBe('/api/insights?from=2026-06&to=2026-11&account_id=7&view=together');
  });

  it('keep from ≤ to and at most 36 months when one end moves', () => {
    const filters = defaultFilters({ year: 2026, month: 11 });
    expect(withFrom(filters, { year: 2027, month: 2 })).toMatchObject({
      from: { year: 2027, month: 2 },
      to: { year: 2027, month: 2 },
    });
    expect(withTo(filters, { year: 2026, month: 1 })).toMatchObject({
      from: { year: 2026, month: 1 },
      to: { year: 2026, month: 1 },
    });
    expect(withFrom(filters, { year: 2020, month: 1 })).toMatchObject({
      from: { year: 2020, month: 1 },
      to: { year: 2022, month: 12 },
    });
    expect(withTo({ ...filters, from: { year: 2020, month: 1 } }, { year: 2026, month: 11 }).from).toEqual({
      year: 2023,
      month: 12,
    });
  });

  it('read the month pickers’ values', () => {
    expect(monthOfPicker('2026-04-01')).toEqual({ year: 2026, month: 4 });
    expect(monthOfPicker(null)).toBeNull();
  });

  it('label ranges and rates readably', () => {
    expect(rangeLabel({ year: 2026, month: 6 }, { year: 2026, month: 11 })).toBe('June – November 2026');
    expect(rangeLabel({ year: 2025, month: 11 }, { year: 2026, month: 2 })).toBe(
      'November 2025 – February 2026',
    );
    expect(rangeLabel({ year: 2026, month: 3 }, { year: 2026, month: 3 })).toBe('March 2026');
    expect(rateText(22.5)).toBe('22.5%');
    expect(rateText(0)).toBe('0%');
  });

  it('turn trend buckets into chart rows with month labels', () => {
    expect(trendRows([{ year: 2026, month: 1, positive: 10, neutral: 0, negative: 5.5, mixed: 1 }])).toEqual([
      { month: 'Jan 2026', positive: 10, neutral: 0, negative: 5.5, mixed: 1 },
    ]);
  });
});
