/**
 * SQL of regret caps (migration 0021, docs/DECISIONS.md #56): spending and regret per
 * sub-category and month, and the once-per-month alert. A module of its own so that both budgets
 * (which show the figures) and the transaction writes (which may pass a cap) can use it.
 */
import { type Kysely, sql } from 'kysely';
import { REGRETTED_FEELING } from '@mindspend/domain';
import type { Feelings } from '../../db/feelings';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';

export interface MonthSpending {
  spentCents: number;
  regrettedCents: number;
}

/**
 * Spending and regretted spending per sub-category and month over the days from..to, in one
 * grouped query: split amounts of expenses, leaving transfer legs out (docs/DECISIONS.md #47).
 * Regretted is the split's share of an expense whose current feeling (a second look over the
 * first, docs/DECISIONS.md #56) is 'Regretted it' to the member whose `feelings` count
 * (db/feelings.ts). Keyed by sub-category, then `YYYY-MM`.
 */
export async function monthlySpendingWithRegret(
  db: Kysely<Database>,
  feelings: Feelings,
  subcategoryIds: number[],
  from: string,
  to: string,
): Promise<Map<number, Map<string, MonthSpending>>> {
  const bySubcategory = new Map<number, Map<string, MonthSpending>>();
  if (subcategoryIds.length === 0) return bySubcategory;
  const monthKey = sql<string>`substr(t.date, 1, 7)`;
  const rows = await spendingOf(db, feelings, { from, to })
    .innerJoin('transaction_splits as s', 's.transaction_id', 't.id')
    .select((eb) => [
      's.subcategory_id',
      monthKey.as('month_key'),
      eb.fn.sum<number>('s.amount_cents').as('spent'),
      eb.fn
        .sum<number>(
          sql`case when coalesce(${feelings.second}, ${feelings.first}) = ${REGRETTED_FEELING} then s.amount_cents else 0 end`,
        )
        .as('regretted'),
    ])
    .where('s.subcategory_id', 'in', subcategoryIds)
    .groupBy(['s.subcategory_id', monthKey])
    .execute();
  for (const row of rows) {
    const months = bySubcategory.get(row.subcategory_id) ?? new Map<string, MonthSpending>();
    months.set(row.month_key, { spentCents: Number(row.spent), regrettedCents: Number(row.regretted) });
    bySubcategory.set(row.subcategory_id, months);
  }
  return bySubcategory;
}

/**
 * Claims the regret alert of a budget's month: true only for the one write that inserted the
 * row. The unique (budget, month) key makes it once even across server processes.
 */
export async function claimRegretAlert(
  db: Kysely<Database>,
  row: { bookId: number; budgetId: number; month: string; now: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('budget_regret_alerts')
    .values({ book_id: row.bookId, budget_id: row.budgetId, month: row.month, created_at: row.now })
    .onConflict((conflict) => conflict.columns(['budget_id', 'month']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The user's flexible budgets with a regret cap that apply to the month `YYYY-MM` (not ended
 * before it, started by its end).
 */
export function listCappedBudgets(db: Kysely<Database>, bookId: number, monthKey: string) {
  return db
    .selectFrom('budgets')
    .select(['id', 'subcategory_id', 'display_name', 'regret_cap_cents'])
    .where('book_id', '=', bookId)
    .where('due_in_full', '=', 0)
    .where('regret_cap_cents', 'is not', null)
    .where('repeat_start', '<=', `${monthKey}-31`)
    .where((eb) => eb.or([eb('ends_before_month', 'is', null), eb('ends_before_month', '>', monthKey)]))
    .execute();
}
