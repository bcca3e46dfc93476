/** A budget's stored rows read into the domain's terms, and its figures for a month computed there. */
import {
  type BudgetMonthFigures,
  type BudgetMonthRow,
  type LocalDate,
  type Recurrence,
  type YearMonth,
  budgetMonthFigures,
} from '@mindspend/domain';
import type { BudgetMonthRowDb } from '../../db/budget-schema';
import type { BudgetWithSubcategory } from './budgets.repo';

export function toRecurrence(budget: BudgetWithSubcategory): Recurrence {
  return {
    start: budget.repeat_start,
    isRecurring: budget.is_recurring === 1,
    frequency: budget.repeat_frequency,
    interval: budget.repeat_interval,
    dayOfMonth: budget.start_day,
    ending: budget.ending,
    occurrences: budget.repeat_num_occurrences,
    endDate: budget.repeat_end,
  };
}

export function toMonthRows(rows: BudgetMonthRowDb[]): BudgetMonthRow[] {
  return rows.map((row) => ({
    year: row.year,
    month: row.month,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    ignore: row.ignore === 1,
    hasBeenPaid: row.has_been_paid === 1,
  }));
}

/** The budget's figures for the month `ym`, with `spentCents` already summed. */
export function figuresForMonth(
  budget: BudgetWithSubcategory,
  monthRows: BudgetMonthRowDb[],
  spentCents: number,
  ym: YearMonth,
  today: LocalDate,
): BudgetMonthFigures {
  const plan = {
    amountCents: Number(budget.amount_cents),
    dueInFull: budget.due_in_full === 1,
    recurrence: toRecurrence(budget),
    months: toMonthRows(monthRows),
  };
  return budgetMonthFigures(plan, spentCents, ym, today);
}
