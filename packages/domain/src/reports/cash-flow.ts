/** Cash flow: income, expenses and what was left, month by month, every month of the range present. */
import type { Cents } from '../money';
import type { YearMonth } from '../months';
import { reportMonthKey } from './range';

/** One month's totals from the database (`YYYY-MM`), transfers already left out. */
export interface CashFlowCell {
  month: string;
  incomeCents: Cents;
  expensesCents: Cents;
}

export interface CashFlowMonth extends CashFlowCell {
  netCents: Cents;
}

/** Every month of the range in order; a month without transactions answers zeros. */
export function cashFlowByMonth(cells: readonly CashFlowCell[], months: readonly YearMonth[]): CashFlowMonth[] {
  const byMonth = new Map<string, CashFlowCell>();
  for (const cell of cells) {
    const known = byMonth.get(cell.month);
    byMonth.set(cell.month, {
      month: cell.month,
      incomeCents: (known?.incomeCents ?? 0) + cell.incomeCents,
      expensesCents: (known?.expensesCents ?? 0) + cell.expensesCents,
    });
  }
  return months.map((ym) => {
    const key = reportMonthKey(ym);
    const cell = byMonth.get(key);
    const incomeCents = cell?.incomeCents ?? 0;
    const expensesCents = cell?.expensesCents ?? 0;
    return { month: key, incomeCents, expensesCents, netCents: incomeCents - expensesCents };
  });
}
