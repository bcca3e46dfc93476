/** The first-run suggested budgets (spec §4 'Budget suggestions', DECISIONS.md #16). */
import type { BudgetSuggestion, User } from '@mindspend/api-contract';
import {
  DEFAULT_BUDGET_SUGGESTIONS,
  SUGGESTION_HISTORY_MONTHS,
  addMonths,
  clampedDay,
  fromCents,
  monthRange,
  suggestedAmount,
  toIso,
} from '@mindspend/domain';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { BookScope } from '../../db/book-scope';
import { isoNow } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import { listSubcategories } from '../categories';
import { presentUser, updateUser } from '../users';
import { listOpenBudgets, monthlySpentBySubcategory } from './budgets.repo';
import { monthKey, userToday } from './budgets.service';

/** Suggestions for sub-categories without a budget, sized from the last three full months. */
export async function budgetSuggestions(deps: AppDeps, scope: BookScope): Promise<BudgetSuggestion[]> {
  const today = userToday(deps, scope);
  const current = { year: today.year, month: today.month };
  const historyStart = addMonths(current, -SUGGESTION_HISTORY_MONTHS);
  const lastMonth = addMonths(current, -1);
  const [subcategories, open, spending] = await Promise.all([
    listSubcategories(deps.db, scope.bookId, 'expense'),
    listOpenBudgets(deps.db, scope.bookId),
    monthlySpentBySubcategory(deps.db, scope, monthRange(historyStart.year, historyStart.month).from, monthRange(lastMonth.year, lastMonth.month).to),
  ]);
  const budgeted = new Set(open.map((budget) => budget.subcategory_id));
  const months = Array.from({ length: SUGGESTION_HISTORY_MONTHS }, (_, index) => monthKey(addMonths(historyStart, index)));

  return DEFAULT_BUDGET_SUGGESTIONS.flatMap((template) => {
    const subcategory = subcategories.find((candidate) => candidate.name === template.subcategory);
    if (!subcategory || budgeted.has(subcategory.id)) return [];
    const history = months.map(
      (key) => spending.find((row) => row.subcategoryId === subcategory.id && row.monthKey === key)?.spentCents ?? 0,
    );
    const { amountCents, fromHistory } = suggestedAmount(history, template.amountCents);
    const dueThisMonth = template.dueDay !== null ? clampedDay(current, template.dueDay) : null;
    const nextDue =
      dueThisMonth === null ? null : dueThisMonth.day >= today.day ? dueThisMonth : clampedDay(addMonths(current, 1), template.dueDay ?? 1);
    return [
      {
        transaction_subcategory_id: subcategory.id,
        display_name: subcategory.name,
        emoji: subcategory.emoji,
        due_in_full: template.dueInFull ? 1 : 0,
        amount: fromCents(amountCents),
        start_day: template.dueDay,
        next_due_date: nextDue ? toIso(nextDue) : null,
        from_history: fromHistory,
      },
    ];
  });
}

/** 'Do not show this again' or closing the wizard: suggestions stop for this user. */
export async function stopSuggestions(deps: AppDeps, user: UserRow, targetId: number): Promise<User> {
  if (user.id !== targetId) throw notFound('User');
  return presentUser(await updateUser(deps.db, user.id, { finished_budget_suggestions: 1, updated_at: isoNow(deps.clock) }), deps.clock.now());
}
