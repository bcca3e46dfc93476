import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, compareMonths } from '../months';
import { MAX_REPORT_MONTHS, defaultReportRange, parseReportMonth, reportMonthKey, reportMonths, reportRangeProblem } from './range';

const month = fc.record({ year: fc.integer({ min: 1900, max: 2200 }), month: fc.integer({ min: 1, max: 12 }) });

describe('report ranges', () => {
  it('lists every month from..to once, in order, both ends included', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: 0, max: 300 }), (from, extra) => {
        const to = addMonths(from, extra);
        const months = reportMonths(from, to);
        expect(months).toHaveLength(extra + 1);
        expect(months[0]).toEqual(from);
        expect(months.at(-1)).toEqual(to);
        months.slice(1).forEach((ym, index) => expect(compareMonths(ym, months[index] ?? ym)).toBe(1));
      }),
    );
  });

  it('crosses a year end and lists nothing for a reversed range', () => {
    expect(reportMonths({ year: 2025, month: 11 }, { year: 2026, month: 2 }).map(reportMonthKey)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(reportMonths({ year: 2026, month: 2 }, { year: 2026, month: 1 })).toEqual([]);
  });

  it('reads back every key it writes, and nothing that is not a month', () => {
    fc.assert(
      fc.property(month, (ym) => {
        expect(parseReportMonth(reportMonthKey(ym))).toEqual(ym);
      }),
    );
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01', '']) expect(parseReportMonth(bad)).toBeNull();
  });

  it('refuses reversed ranges and ranges over ten years, accepts the rest', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: -50, max: 200 }), (from, extra) => {
        const problem = reportRangeProblem(from, addMonths(from, extra));
        if (extra < 0) expect(problem).toBe('The end month must not be before the start month.');
        else if (extra + 1 > MAX_REPORT_MONTHS) expect(problem).toBe('Choose at most 120 months (ten years).');
        else expect(problem).toBeNull();
      }),
    );
  });

  it('defaults to the 12 months ending with the current one', () => {
    expect(defaultReportRange({ year: 2026, month: 3 })).toEqual({ from: { year: 2025, month: 4 }, to: { year: 2026, month: 3 } });
  });
});
