/**
 * What a budget plans for a month (spec §3 Budget, DECISIONS.md #14): the month's own amount
 * when it has one; otherwise the amount per occurrence — carried forward from the latest month
 * that set one, else the budget's base amount — times the occurrences in that month.
 */
import type { Cents } from '../money';
import { type YearMonth, compareMonths } from '../months';
import { type Recurrence, occurrencesInMonth } from './recurrence';

export interface BudgetMonthRow extends YearMonth {
  amountCents: Cents | null;
  ignore: boolean;
  hasBeenPaid: boolean;
}

/** The month row of a budget for a month, if any. */
export function findMonthRow(rows: readonly BudgetMonthRow[], ym: YearMonth): BudgetMonthRow | undefined {
  return rows.find((row) => row.year === ym.year && row.month === ym.month);
}

/**
 * The per-occurrence amount that applies to a month without its own amount (spec §3 fall-backs):
 * for the current or a past month the latest earlier month that set an amount, else the base;
 * for a future month the current month's amount, then the last listed amount, then the base.
 */
export function fallbackAmount(
  baseCents: Cents,
  rows: readonly BudgetMonthRow[],
  ym: YearMonth,
  currentMonth: YearMonth,
): Cents {
  const withAmount = rows
    .filter((row): row is BudgetMonthRow & { amountCents: Cents } => row.amountCents !== null)
    .sort(compareMonths);
  if (compareMonths(ym, currentMonth) > 0) {
    const current = findMonthRow(withAmount, currentMonth);
    return current?.amountCents ?? withAmount.at(-1)?.amountCents ?? baseCents;
  }
  const latestEarlier = withAmount.filter((row) => compareMonths(row, ym) <= 0).at(-1);
  return latestEarlier?.amountCents ?? baseCents;
}

/** The amount a budget plans for a month. */
export function monthAmount(
  budget: { amountCents: Cents; recurrence: Recurrence; months: readonly BudgetMonthRow[] },
  ym: YearMonth,
  currentMonth: YearMonth,
): Cents {
  const own = findMonthRow(budget.months, ym);
  if (own && own.amountCents !== null) return own.amountCents;
  const occurrences = occurrencesInMonth(budget.recurrence, ym).length;
  return occurrences * fallbackAmount(budget.amountCents, budget.months, ym, currentMonth);
}

/** Spent and remaining for a month; both are 0 for months after the current one (spec §2.5). */
export function spentAndRemaining(
  amountCents: Cents,
  spentCents: Cents,
  ym: YearMonth,
  currentMonth: YearMonth,
): { spentCents: Cents; remainingCents: Cents } {
  if (compareMonths(ym, currentMonth) > 0) return { spentCents: 0, remainingCents: 0 };
  return { spentCents, remainingCents: amountCents - spentCents };
}
