/**
 * What a backup keeps of a budget beyond its rows (docs/DECISIONS.md #55, #56, #70): the regret
 * cap, the rollover history and the months whose cap has already notified. The history is copied
 * as it is, not replayed, so every month carries in the copy what it carried before.
 */
import type { Backup } from '@mindspend/api-contract';
import { BILL_NO_REGRET_CAP } from '../budgets';

type BackupBudget = Backup['budgets'][number];

/** A bill with a cap: the budget form refuses it, so a restore does too. */
export function budgetSettingProblems(budgets: readonly BackupBudget[]): string[] {
  return budgets
    .filter((budget) => budget.due_in_full === 1 && budget.regret_cap_cents !== undefined && budget.regret_cap_cents !== null)
    .map((budget) => `The backup file is not valid: budget ${budget.id} — ${BILL_NO_REGRET_CAP}`);
}

/** Rows of `budget_rollover_changes` and `budget_regret_alerts` for the restored budgets. */
export function budgetSettingRows(budgets: readonly BackupBudget[], bookId: number, newBudgetId: (id: number) => number) {
  const rollover = budgets.flatMap((budget) =>
    (budget.rollover_changes ?? []).map((change) => ({ book_id: bookId, budget_id: newBudgetId(budget.id), ...change })),
  );
  const alerts = budgets.flatMap((budget) =>
    (budget.regret_alerts ?? []).map((alert) => ({ book_id: bookId, budget_id: newBudgetId(budget.id), ...alert })),
  );
  return { rollover, alerts };
}
