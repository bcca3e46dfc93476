import { describe, expect, it } from 'vitest';
import { defaultReportFilters, monthLabel, monthOfPicker, rangeLabel, rangeQuery, withFrom, withTo } from './report-range';

const filters = defaultReportFilters({ year: 2026, month: 11 });

describe('report range', () => {
  it('defaults to the 12 months ending this month, by category', () => {
    expect(filters).toEqual({ from: { year: 2025, month: 12 }, to: { year: 2026, month: 11 }, group: 'category' });
    expect(rangeQuery(filters)).toEqual({ from: '2025-12', to: '2026-11' });
    expect(rangeLabel(filters.from, filters.to)).toBe('December 2025 – November 2026');
  });

  it('keeps the range in order and at most 120 months when one end moves', () => {
    expect(withFrom(filters, { year: 2027, month: 2 })).toMatchObject({ from: { year: 2027, month: 2 }, to: { year: 2027, month: 2 } });
    expect(withTo(filters, { year: 2025, month: 1 })).toMatchObject({ from: { year: 2025, month: 1 }, to: { year: 2025, month: 1 } });
    expect(withFrom(filters, { year: 2010, month: 1 })).toMatchObject({ from: { year: 2010, month: 1 }, to: { year: 2019, month: 12 } });
    expect(withTo({ ...filters, from: { year: 2001, month: 5 } }, { year: 2026, month: 11 })).toMatchObject({ from: { year: 2016, month: 12 } });
  });

  it('reads month pickers and labels months', () => {
    expect(monthOfPicker('2026-03-01')).toEqual({ year: 2026, month: 3 });
    expect(monthOfPicker(null)).toBeNull();
    expect(monthLabel('2026-03')).toBe('Mar 2026');
  });
});
