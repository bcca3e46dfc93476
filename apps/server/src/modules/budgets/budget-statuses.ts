/**
 * This month's budget statuses as the person sees them (spec §4 statuses), for the webhook event
 * `budget.status_changed` (DECISIONS.md #94): read before and after a write, in its transaction.
 */
import type { Kysely } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { BudgetStatusNow } from '../webhooks';
import { budgetsForMonth, userToday } from './budgets.service';

/** Each budget of the person's current month, by id, with its status; read through `db` (a write's transaction). */
export async function budgetStatusesNow(deps: AppDeps, scope: BookScope, db: Kysely<Database>): Promise<Map<number, BudgetStatusNow>> {
  const today = userToday(deps, scope);
  const ym = { year: today.year, month: today.month };
  const budgets = await budgetsForMonth({ ...deps, db }, scope, ym);
  return new Map(
    budgets.map(({ budget, figures }) => [budget.id, { name: budget.subcategory_name, status: figures.status, ...ym }]),
  );
}
