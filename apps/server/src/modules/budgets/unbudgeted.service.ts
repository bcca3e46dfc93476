/** Expense sub-categories with spending this month but no budget (spec §4 'Unbudgeted categories flow'). */
import type { UnbudgetedSubcategory } from '@mindspend/api-contract';
import { type YearMonth, fromCents, monthRange } from '@mindspend/domain';
import type { AppDeps } from '../../deps';
import type { BookScope } from '../../db/book-scope';
import { requireAccount } from '../accounts';
import { listSubcategories } from '../categories';
import { listBudgetsForMonth, spentBySubcategory } from './budgets.repo';
import { monthKey } from './budgets.service';

/** Spending on the account (or all accounts) in the month, per sub-category that no budget covers. */
export async function unbudgetedSubcategories(
  deps: AppDeps,
  scope: BookScope,
  ym: YearMonth,
  accountId?: number,
): Promise<UnbudgetedSubcategory[]> {
  if (accountId !== undefined) await requireAccount(deps.db, scope, accountId);
  const { from, to } = monthRange(ym.year, ym.month);
  const [spent, budgets, subcategories] = await Promise.all([
    spentBySubcategory(deps.db, scope, from, to, accountId),
    listBudgetsForMonth(deps.db, scope.bookId, monthKey(ym)),
    listSubcategories(deps.db, scope.bookId, 'expense'),
  ]);
  const budgeted = new Set(budgets.map((budget) => budget.subcategory_id));
  return subcategories
    .filter((subcategory) => !budgeted.has(subcategory.id) && (spent.get(subcategory.id)?.spentCents ?? 0) > 0)
    .map((subcategory) => ({
      id: subcategory.id,
      name: subcategory.name,
      emoji: subcategory.emoji,
      transaction_category_id: subcategory.category_id,
      spent: fromCents(spent.get(subcategory.id)?.spentCents ?? 0),
      transaction_count: spent.get(subcategory.id)?.count ?? 0,
    }));
}
