import { describe, expect, it } from 'vitest';
import { fixtureBytes } from '../fixtures/read-fixture';
import { ImportError } from '../import-error';
import { decodeStatementBytes } from '../statement-encoding';
import { readYnabExport } from './ynab';
import { parseBudgetMonth } from './ynab-budget';

const fixtureText = (name: string) => decodeStatementBytes(fixtureBytes(name)).text;
const register = () => fixtureText('switching-ynab-register.csv');

describe('readYnabExport: the budget file', () => {
  const data = readYnabExport(register(), fixtureText('switching-ynab-budget.csv'));

  it('brings over every month and category with money budgeted, hidden ones too', () => {
    expect(data.budgets).toHaveLength(11);
    expect(data.budgets.filter((b) => b.month === '2024-01').reduce((sum, b) => sum + b.amountCents, 0)).toBe(
      225_599,
    );
    expect(data.budgets).toContainEqual({
      category: { group: 'Savings Goals', name: 'Vacation' },
      month: '2024-01',
      amountCents: 25_000,
    });
    expect(data.budgets).toContainEqual({
      category: { group: 'Hidden Categories', name: 'Old Gym' },
      month: '2024-02',
      amountCents: 2_000,
    });
    // Ready to Assign is not a category; zero rows plan nothing.
    expect(
      data.budgets.some((b) => b.category.name === 'Ready to Assign' || b.category.name === 'Pharmacy'),
    ).toBe(false);
  });

  it('reads the month forms YNAB has written', () => {
    expect(
      ['Jan 2024', 'January 2024', 'Jan-24', '2024-01', '01/2024'].map((cell) => parseBudgetMonth(cell, 2)),
    ).toEqual(Array(5).fill('2024-01'));
    expect(() => parseBudgetMonth('Winter', 7)).toThrow('Line 7: "Winter" is not a month');
  });

  it('refuses the register given as the budget file, and the other way round', () => {
    expect(() => readYnabExport(register(), register())).toThrow(
      new ImportError(1, 'This is not a YNAB budget export: it has no "Budgeted" column.', {
        wholeFile: true,
      }),
    );
    const budget = fixtureText('switching-ynab-budget.csv');
    expect(() => readYnabExport(budget, null)).toThrow(
      new ImportError(1, 'This is not a YNAB register export: it has no "Outflow" column.', {
        wholeFile: true,
      }),
    );
  });
});
