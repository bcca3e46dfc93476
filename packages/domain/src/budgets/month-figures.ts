/**
 * A budget's figures for one month (spec §2.5, §3 Budget, §4), computed in one place: what it
 * plans, spent and remaining, the month's override flags, its status pill and due date. The
 * server presents them on the wire as they are; nothing turns the wire shape back into them.
 */
import type { Cents } from '../money';
import { type LocalDate, type YearMonth, compareMonths, isoDate } from '../months';
import { type BudgetMonthRow, findMonthRow, monthAmount, spentAndRemaining } from './amounts';
import { billDueDateLabel } from './due-date';
import type { BudgetFigures } from './overview';
import { type Recurrence, recurrenceDateInMonth } from './recurrence';
import { type BudgetStatus, budgetStatus } from './status';

/** What a budget is, apart from any month: its rule, its recurrence and its month rows. */
export interface BudgetMonthInput {
  /** Amount per occurrence (DECISIONS.md #14). */
  amountCents: Cents;
  /** Bill (due in full) or flexible expense. */
  dueInFull: boolean;
  recurrence: Recurrence;
  /** The budget's month rows in calendar order, as stored. */
  months: readonly BudgetMonthRow[];
}

/** A month row with the date the budget falls due in that month, or null. */
export interface DatedBudgetMonthRow extends BudgetMonthRow {
  recurrenceDate: string | null;
}

export interface BudgetMonthFigures extends BudgetFigures {
  status: BudgetStatus;
  /** First due date in the month, or null when the budget does not fall due in it. */
  recurrenceDate: string | null;
  /** The due date a bill row shows (spec §4 'Bill due date shown'). */
  dueDateLabel: string;
  /** The latest row up to this month that set its own amount (most_recent_budget_month). */
  mostRecentMonth: { amountCents: Cents; hasBeenPaid: boolean } | null;
  months: DatedBudgetMonthRow[];
}

/**
 * The month's figures of a budget whose sub-category saw `spentCents` of spending in `ym`.
 * A month after today's has no status yet: its spending has not happened (spec §2.5).
 */
export function budgetMonthFigures(
  budget: BudgetMonthInput,
  spentCents: Cents,
  ym: YearMonth,
  today: LocalDate,
): BudgetMonthFigures {
  const currentMonth = { year: today.year, month: today.month };
  const amountCents = monthAmount(budget, ym, currentMonth);
  const figures = spentAndRemaining(amountCents, spentCents, ym, currentMonth);
  const own = findMonthRow(budget.months, ym);
  const ignore = own?.ignore ?? false;
  const hasBeenPaid = own?.hasBeenPaid ?? false;
  const recurrenceDate = recurrenceDateInMonth(budget.recurrence, ym);
  const status: BudgetStatus =
    compareMonths(ym, currentMonth) > 0
      ? 'PENDING'
      : budgetStatus({
          dueInFull: budget.dueInFull,
          amountCents,
          spentCents: figures.spentCents,
          ignore,
          hasBeenPaid,
          recurrenceDate,
          today: isoDate(today),
        });
  const latest = budget.months.filter((row) => row.amountCents !== null && compareMonths(row, ym) <= 0).at(-1);
  return {
    dueInFull: budget.dueInFull,
    amountCents,
    spentCents: figures.spentCents,
    remainingCents: figures.remainingCents,
    ignore,
    hasBeenPaid,
    status,
    recurrenceDate,
    dueDateLabel: billDueDateLabel(
      { recurrenceDateThisMonth: recurrenceDate, firstRecurrenceStart: budget.recurrence.start },
      ym,
    ),
    mostRecentMonth: latest ? { amountCents: latest.amountCents ?? 0, hasBeenPaid: latest.hasBeenPaid } : null,
    months: budget.months.map((row) => ({ ...row, recurrenceDate: recurrenceDateInMonth(budget.recurrence, row) })),
  };
}
