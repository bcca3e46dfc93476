import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashFlowByMonth } from './cash-flow';
import { reportMonthKey, reportMonths } from './range';

describe('cash flow by month', () => {
  it('answers every month of the range, zeros where nothing happened', () => {
    const months = reportMonths({ year: 2025, month: 12 }, { year: 2026, month: 2 });
    expect(cashFlowByMonth([{ month: '2026-01', incomeCents: 300_000, expensesCents: 120_050 }], months)).toEqual([
      { month: '2025-12', incomeCents: 0, expensesCents: 0, netCents: 0 },
      { month: '2026-01', incomeCents: 300_000, expensesCents: 120_050, netCents: 179_950 },
      { month: '2026-02', incomeCents: 0, expensesCents: 0, netCents: 0 },
    ]);
  });

  it('keeps net = income − expenses per month and the totals of the cells in range', () => {
    const months = reportMonths({ year: 2026, month: 1 }, { year: 2026, month: 6 });
    const cell = fc.record({
      month: fc.constantFrom(...months.map(reportMonthKey)),
      incomeCents: fc.integer({ min: 0, max: 10_000_000 }),
      expensesCents: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 20 }), (cells) => {
        const flow = cashFlowByMonth(cells, months);
        expect(flow.map((row) => row.month)).toEqual(months.map(reportMonthKey));
        for (const row of flow) expect(row.netCents).toBe(row.incomeCents - row.expensesCents);
        const sum = (pick: (value: { incomeCents: number; expensesCents: number }) => number, rows: ReadonlyArray<{ incomeCents: number; expensesCents: number }>) =>
          rows.reduce((total, row) => total + pick(row), 0);
        expect(sum((row) => row.incomeCents, flow)).toBe(sum((row) => row.incomeCents, cells));
        expect(sum((row) => row.expensesCents, flow)).toBe(sum((row) => row.expensesCents, cells));
      }),
    );
  });
});
