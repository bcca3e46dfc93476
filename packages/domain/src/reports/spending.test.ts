import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportMonthKey, reportMonths } from './range';
import { OTHER_GROUPS, type SpendingGroupCell, categoryGroupLabel, feelingGroupLabel, purposeGroupLabel, spendingGroupCells, spendingPivot } from './spending';

const months = reportMonths({ year: 2026, month: 1 }, { year: 2026, month: 3 });

describe('spending by group', () => {
  it('names groups as the screens do, with a name for spending that has none', () => {
    expect([categoryGroupLabel('Food'), categoryGroupLabel(null)]).toEqual(['Food', 'Uncategorized']);
    expect([purposeGroupLabel('survival'), purposeGroupLabel(null)]).toEqual(['Survival', 'No purpose']);
    expect([feelingGroupLabel('negative'), feelingGroupLabel(null)]).toEqual(['Regretted it', 'No feeling']);
  });

  it('merges cells of one month and name, drops zeros, orders by month then largest', () => {
    const cells: SpendingGroupCell[] = [
      { month: '2026-02', group: 'Other', amountCents: 100 },
      { month: '2026-01', group: 'Food', amountCents: 500 },
      { month: '2026-02', group: 'Other', amountCents: 300 },
      { month: '2026-02', group: 'Food', amountCents: 200 },
      { month: '2026-01', group: 'Fun', amountCents: 0 },
    ];
    expect(spendingGroupCells(cells)).toEqual([
      { month: '2026-01', group: 'Food', amountCents: 500 },
      { month: '2026-02', group: 'Other', amountCents: 400 },
      { month: '2026-02', group: 'Food', amountCents: 200 },
    ]);
  });

  it('draws the largest groups and puts the rest together, keeping every month and total', () => {
    const cells: SpendingGroupCell[] = [
      { month: '2026-01', group: 'A', amountCents: 900 },
      { month: '2026-01', group: 'B', amountCents: 500 },
      { month: '2026-03', group: 'C', amountCents: 100 },
      { month: '2026-03', group: 'D', amountCents: 50 },
    ];
    const pivot = spendingPivot(cells, months, 2);
    expect(pivot.groups).toEqual(['A', 'B', OTHER_GROUPS]);
    expect(pivot.rows).toEqual([
      { month: '2026-01', amounts: { A: 900, B: 500, [OTHER_GROUPS]: 0 }, totalCents: 1400 },
      { month: '2026-02', amounts: { A: 0, B: 0, [OTHER_GROUPS]: 0 }, totalCents: 0 },
      { month: '2026-03', amounts: { A: 0, B: 0, [OTHER_GROUPS]: 150 }, totalCents: 150 },
    ]);
    // One group too many is shown by name rather than folded alone.
    expect(spendingPivot(cells, months, 3).groups).toEqual(['A', 'B', 'C', 'D']);
  });

  it('never loses or invents spending in the pivot', () => {
    const cell = fc.record({
      month: fc.constantFrom(...months.map(reportMonthKey)),
      group: fc.constantFrom('Food', 'Rent', 'Fun', 'Travel', 'Gifts', 'Health'),
      amountCents: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 30 }), fc.integer({ min: 1, max: 6 }), (cells, limit) => {
        const pivot = spendingPivot(spendingGroupCells(cells), months, limit);
        expect(pivot.groups.length).toBeLessThanOrEqual(limit + 1);
        const total = cells.reduce((sum, c) => sum + c.amountCents, 0);
        expect(pivot.rows.reduce((sum, row) => sum + row.totalCents, 0)).toBe(total);
        for (const row of pivot.rows) expect(Object.values(row.amounts).reduce((a, b) => a + b, 0)).toBe(row.totalCents);
      }),
    );
  });
});
