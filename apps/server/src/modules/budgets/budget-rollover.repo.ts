/** SQL of budget rollover histories (migration 0021, docs/DECISIONS.md #55). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface RolloverChangeRow {
  budgetId: number;
  /** `YYYY-MM`. */
  fromMonth: string;
  enabled: boolean;
}

/** The rollover histories of the given budgets, oldest change first. */
export async function listRolloverChanges(
  db: Kysely<Database>,
  bookId: number,
  budgetIds: number[],
): Promise<RolloverChangeRow[]> {
  if (budgetIds.length === 0) return [];
  const rows = await db
    .selectFrom('budget_rollover_changes')
    .select(['budget_id', 'from_month', 'enabled'])
    .where('book_id', '=', bookId)
    .where('budget_id', 'in', budgetIds)
    .orderBy('from_month')
    .execute();
  return rows.map((row) => ({
    budgetId: row.budget_id,
    fromMonth: row.from_month,
    enabled: row.enabled === 1,
  }));
}

/**
 * Records rollover on or off from `fromMonth` on; a second change in the same month replaces the
 * first (one statement: the unique (budget, month) key decides between insert and update).
 */
export async function setRolloverFrom(
  db: Kysely<Database>,
  row: { bookId: number; budgetId: number; fromMonth: string; enabled: boolean; now: string },
): Promise<void> {
  const enabled = row.enabled ? 1 : 0;
  await db
    .insertInto('budget_rollover_changes')
    .values({
      book_id: row.bookId,
      budget_id: row.budgetId,
      from_month: row.fromMonth,
      enabled,
      created_at: row.now,
    })
    .onConflict((conflict) =>
      conflict.columns(['budget_id', 'from_month']).doUpdateSet({ enabled, created_at: row.now }),
    )
    .execute();
}
