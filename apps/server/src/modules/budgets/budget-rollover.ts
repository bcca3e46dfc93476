/**
 * Each budget's carry into a month and its regretted spending against its cap (docs/DECISIONS.md
 * #55, #56), for any number of budgets in two queries: their rollover histories, then one grouped
 * query of spending and regret per sub-category and month from the earliest month any of them
 * could carry from.
 */
import {
  type Carry,
  type LocalDate,
  type RegretCapState,
  type RolloverChange,
  type YearMonth,
  carryChainStart,
  carryInto,
  compareMonths,
  monthRange,
  regretCapState,
} from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { BudgetMonthRowDb } from '../../db/budget-schema';
import type { Feelings } from '../../db/feelings';
import type { Database } from '../../db/schema';
import { toMonthRows, toRecurrence } from './budget-figures';
import { monthlySpendingWithRegret } from '../regret-caps';
import { listRolloverChanges } from './budget-rollover.repo';
import type { BudgetWithSubcategory } from './budgets.repo';

export interface RolloverOfMonth {
  carry: Carry;
  regret: RegretCapState;
}

const keyOf = (ym: YearMonth) => `${ym.year}-${String(ym.month).padStart(2, '0')}`;
const monthOfKey = (key: string): YearMonth => ({
  year: Number(key.slice(0, 4)),
  month: Number(key.slice(5, 7)),
});

/** The month a budget starts in, from its first day. */
const startOf = (budget: BudgetWithSubcategory) => monthOfKey(budget.repeat_start);

/** Rollover and regret figures of each budget (by id) for the month `ym`. */
export async function rolloverFiguresFor(
  db: Kysely<Database>,
  feelings: Feelings,
  budgets: readonly { budget: BudgetWithSubcategory; monthRows: BudgetMonthRowDb[] }[],
  ym: YearMonth,
  today: LocalDate,
): Promise<Map<number, RolloverOfMonth>> {
  const { bookId } = feelings;
  const changeRows = await listRolloverChanges(
    db,
    bookId,
    budgets.map(({ budget }) => budget.id),
  );
  const changesOf = new Map<number, RolloverChange[]>();
  for (const row of changeRows) {
    const list = changesOf.get(row.budgetId) ?? [];
    list.push({ from: monthOfKey(row.fromMonth), enabled: row.enabled });
    changesOf.set(row.budgetId, list);
  }
  const plans = budgets.map(({ budget, monthRows }) => ({
    budget,
    plan: {
      dueInFull: budget.due_in_full === 1,
      amountCents: Number(budget.amount_cents),
      recurrence: toRecurrence(budget),
      months: toMonthRows(monthRows),
      changes: changesOf.get(budget.id) ?? [],
    },
  }));

  // The earliest month any budget's carry chain starts, never after the month asked for.
  let from = ym;
  for (const { budget, plan } of plans) {
    const start = carryChainStart(plan, startOf(budget));
    if (start !== null && compareMonths(start, from) < 0) from = start;
  }
  const spending = await monthlySpendingWithRegret(
    db,
    feelings,
    [...new Set(budgets.map(({ budget }) => budget.subcategory_id))],
    monthRange(from.year, from.month).from,
    monthRange(ym.year, ym.month).to,
  );

  const currentMonth = { year: today.year, month: today.month };
  const future = compareMonths(ym, currentMonth) > 0;
  const figures = new Map<number, RolloverOfMonth>();
  for (const { budget, plan } of plans) {
    const months = spending.get(budget.subcategory_id);
    const spentIn = (month: YearMonth) => months?.get(keyOf(month))?.spentCents ?? 0;
    // A month after the current one has no spending yet (spec §2.5), so no regret either.
    const regrettedCents = future ? 0 : (months?.get(keyOf(ym))?.regrettedCents ?? 0);
    const capCents = budget.regret_cap_cents === null ? null : Number(budget.regret_cap_cents);
    figures.set(budget.id, {
      carry: carryInto(plan, startOf(budget), spentIn, ym, currentMonth),
      regret: regretCapState(regrettedCents, capCents),
    });
  }
  return figures;
}
