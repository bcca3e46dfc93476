/** A budget's figures for one month, computed with the domain rules (the screen uses the same ones). */
import type { Budget, BudgetMonth } from '@mindspend/api-contract';
import {
  type BudgetMonthRow,
  type LocalDate,
  type Recurrence,
  type YearMonth,
  billDueDateLabel,
  budgetStatus,
  compareMonths,
  findMonthRow,
  fromCents,
  isoDate,
  monthAmount,
  recurrenceDateInMonth,
  spentAndRemaining,
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

function toMonthRows(rows: BudgetMonthRowDb[]): BudgetMonthRow[] {
  return rows.map((row) => ({
    year: row.year,
    month: row.month,
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    ignore: row.ignore === 1,
    hasBeenPaid: row.has_been_paid === 1,
  }));
}

const flag = (value: boolean | number): 0 | 1 => (value ? 1 : 0);

/** Everything the API says about a budget for the month `ym`, with `spentCents` already summed. */
export function budgetForMonth(
  budget: BudgetWithSubcategory,
  monthRows: BudgetMonthRowDb[],
  spentCents: number,
  ym: YearMonth,
  today: LocalDate,
): Budget & { amountCents: number; spentCents: number; remainingCents: number } {
  const recurrence = toRecurrence(budget);
  const rows = toMonthRows(monthRows);
  const currentMonth = { year: today.year, month: today.month };
  const amountCents = monthAmount({ amountCents: Number(budget.amount_cents), recurrence, months: rows }, ym, currentMonth);
  const figures = spentAndRemaining(amountCents, spentCents, ym, currentMonth);
  const own = findMonthRow(rows, ym);
  const recurrenceDate = recurrenceDateInMonth(recurrence, ym);
  const dueInFull = budget.due_in_full === 1;
  const status =
    compareMonths(ym, currentMonth) > 0
      ? 'PENDING'
      : budgetStatus({
          dueInFull,
          amountCents,
          spentCents: figures.spentCents,
          ignore: own?.ignore ?? false,
          hasBeenPaid: own?.hasBeenPaid ?? false,
          recurrenceDate,
          today: isoDate(today),
        });
  const latestWithAmount = rows.filter((row) => row.amountCents !== null && compareMonths(row, ym) <= 0).at(-1);

  return {
    id: budget.id,
    display_name: budget.display_name,
    emoji: budget.emoji,
    website: budget.website,
    subcategory: {
      id: budget.subcategory_id,
      name: budget.subcategory_name,
      transaction_category_id: budget.category_id,
      once_monthly: flag(dueInFull),
    },
    transaction_subcategory_id: budget.subcategory_id,
    due_in_full: flag(dueInFull),
    once_monthly: flag(dueInFull),
    is_recurring: flag(budget.is_recurring),
    repeat_frequency: budget.repeat_frequency,
    repeat_interval: budget.repeat_interval,
    repeat_start: budget.repeat_start,
    start_date: budget.repeat_start,
    start_day: budget.start_day,
    ending: budget.ending,
    repeat_end: budget.repeat_end,
    end_date: budget.repeat_end,
    repeat_num_occurrences: budget.repeat_num_occurrences,
    recurrences: [{ repeat_start: budget.repeat_start }],
    amount: fromCents(Number(budget.amount_cents)),
    month: ym.month,
    year: ym.year,
    month_amount: fromCents(amountCents),
    spent: fromCents(figures.spentCents),
    remaining: fromCents(figures.remainingCents),
    credit_amount: fromCents(figures.spentCents),
    ignore: flag(own?.ignore ?? false),
    has_been_paid: flag(own?.hasBeenPaid ?? false),
    status,
    recurrence_date_this_month: recurrenceDate,
    due_date_label: billDueDateLabel({ recurrenceDateThisMonth: recurrenceDate, firstRecurrenceStart: budget.repeat_start }, ym),
    most_recent_budget_month: latestWithAmount
      ? { amount: fromCents(latestWithAmount.amountCents ?? 0), has_been_paid: flag(latestWithAmount.hasBeenPaid) }
      : null,
    months: rows.map((row): BudgetMonth => {
      const date = recurrenceDateInMonth(recurrence, row);
      return {
        month: row.month,
        year: row.year,
        amount: row.amountCents === null ? null : fromCents(row.amountCents),
        ignore: flag(row.ignore),
        has_been_paid: flag(row.hasBeenPaid),
        recurrence_date_this_month: date,
        due_date: date,
      };
    }),
    amountCents,
    spentCents: figures.spentCents,
    remainingCents: figures.remainingCents,
  };
}
