/** Budgets: the month view with its summary, one budget, create, change, end, and their spending. */
import type {
  Budget,
  BudgetsMonthResponse,
  CreateBudgetBody,
  UpdateBudgetBody,
} from '@mindspend/api-contract';
import {
  type BudgetMonthFigures,
  type LocalDate,
  type YearMonth,
  budgetsMonthSummary,
  hasErrors,
  localDateIn,
  monthRange,
  toCents,
  validateRecurrence,
} from '@mindspend/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireAmountsFitBook } from '../../db/book-amounts';
import { type BookScope, writeInBook } from '../../db/book-scope';
import { feelingsOf } from '../../db/feelings';
import { isUniqueViolation } from '../../db/locked-writes';
import type { AppDeps } from '../../deps';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { findSubcategories } from '../categories';
import { expectedIncomeTotalCents } from '../income';
import { monthOfDate, notifyPassedRegretCaps } from '../regret-caps';
import { figuresForMonth } from './budget-figures';
import { presentBudget, presentSummary } from './budget-presenter';
import { type RolloverOfMonth, rolloverFiguresFor } from './budget-rollover';
import { checkSettings, regretCapCents, setRollover } from './budget-settings';
import {
  type BudgetWithSubcategory,
  deleteBudget,
  deleteMonthsFrom,
  findBudget,
  insertBudget,
  listBudgetMonths,
  listBudgetsForMonth,
  listOpenBudgets,
  spentBySubcategory,
  updateBudget,
  upsertBudgetMonth,
} from './budgets.repo';

/** A budget with its figures for the month it was read for. */
export interface BudgetOfMonth {
  budget: BudgetWithSubcategory;
  figures: BudgetMonthFigures;
  /** Its carry into the month and its regret against its cap (docs/DECISIONS.md #55, #56). */
  rollover: RolloverOfMonth;
}

/** Today in the person's time zone (DECISIONS.md #85). */
export function userToday(deps: AppDeps, scope: BookScope): LocalDate {
  return localDateIn(scope.timeZone, deps.clock.now());
}

export const monthKey = (ym: YearMonth) => `${ym.year}-${String(ym.month).padStart(2, '0')}`;

/** Budgets of a month with their figures: three queries whatever the number of budgets. */
export async function budgetsForMonth(deps: AppDeps, scope: BookScope, ym: YearMonth): Promise<BudgetOfMonth[]> {
  const budgets = await listBudgetsForMonth(deps.db, scope.bookId, monthKey(ym));
  const { from, to } = monthRange(ym.year, ym.month);
  const [months, spent] = await Promise.all([
    listBudgetMonths(
      deps.db,
      scope.bookId,
      budgets.map((budget) => budget.id),
    ),
    spentBySubcategory(deps.db, scope, from, to),
  ]);
  const today = userToday(deps, scope);
  const withRows = budgets.map((budget) => ({ budget, monthRows: months.filter((row) => row.budget_id === budget.id) }));
  const rollover = await rolloverFiguresFor(deps.db, await feelingsOf(deps.db, scope), withRows, ym, today);
  return withRows.map(({ budget, monthRows }) => ({
    budget,
    figures: figuresForMonth(budget, monthRows, spent.get(budget.subcategory_id)?.spentCents ?? 0, ym, today),
    rollover: rolloverOf(rollover, budget.id),
  }));
}

/** The budgets page for a month: every budget and the figures of its three tabs (spec §2.5). */
export async function monthView(
  deps: AppDeps,
  scope: BookScope,
  ym: YearMonth,
  query = '',
): Promise<BudgetsMonthResponse> {
  const [budgets, expectedIncomeCents] = await Promise.all([
    budgetsForMonth(deps, scope, ym),
    expectedIncomeTotalCents(deps, scope, ym),
  ]);
  // The summary counts every budget of the month; the search narrows only the list.
  const summary = budgetsMonthSummary(budgets.map(({ figures }) => figures));
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? budgets.filter(({ budget }) =>
        `${budget.display_name} ${budget.subcategory_name}`.toLowerCase().includes(needle),
      )
    : budgets;
  return {
    budgets: shown.map(({ budget, figures, rollover }) => presentBudget(budget, figures, ym, rollover)),
    summary: presentSummary(summary, expectedIncomeCents),
  };
}

/** A budget's entry of `rolloverFiguresFor`, which has one for every budget it was given. */
function rolloverOf(figures: Map<number, RolloverOfMonth>, budgetId: number): RolloverOfMonth {
  const found = figures.get(budgetId);
  if (!found) throw new Error(`No rollover figures for budget ${budgetId}`);
  return found;
}

async function requireBudget(
  db: Kysely<Database>,
  bookId: number,
  budgetId: number,
): Promise<BudgetWithSubcategory> {
  const budget = await findBudget(db, bookId, budgetId);
  if (!budget) throw notFound('Budget');
  return budget;
}

/** One budget with its figures for a month (the current month by default). */
export async function getBudget(
  deps: AppDeps,
  scope: BookScope,
  budgetId: number,
  ym?: Partial<YearMonth>,
): Promise<Budget> {
  const budget = await requireBudget(deps.db, scope.bookId, budgetId);
  const today = userToday(deps, scope);
  const month = { year: ym?.year ?? today.year, month: ym?.month ?? today.month };
  const { from, to } = monthRange(month.year, month.month);
  const [rows, spent] = await Promise.all([
    listBudgetMonths(deps.db, scope.bookId, [budget.id]),
    spentBySubcategory(deps.db, scope, from, to),
  ]);
  const figures = figuresForMonth(budget, rows, spent.get(budget.subcategory_id)?.spentCents ?? 0, month, today);
  const rollover = await rolloverFiguresFor(deps.db, await feelingsOf(deps.db, scope), [{ budget, monthRows: rows }], month, today);
  return presentBudget(budget, figures, month, rolloverOf(rollover, budget.id));
}

/**
 * The expense sub-category a budget measures; another running budget of it is refused. Called
 * under the book's write lock, so the answer still holds when the budget is written.
 */
async function checkSubcategory(
  db: Kysely<Database>,
  bookId: number,
  subcategoryId: number,
  exceptBudgetId?: number,
) {
  const [subcategory] = await findSubcategories(db, bookId, [subcategoryId]);
  if (!subcategory)
    throw validationFailed({ transaction_subcategory_id: ['Choose a sub-category for the budget.'] });
  if (subcategory.type !== 'expense') {
    throw validationFailed({
      transaction_subcategory_id: [`${subcategory.name} is income; budgets plan expenses.`],
    });
  }
  const open = await listOpenBudgets(db, bookId);
  if (open.some((budget) => budget.subcategory_id === subcategoryId && budget.id !== exceptBudgetId))
    throw alreadyBudgeted(subcategory.name);
  return subcategory;
}

const alreadyBudgeted = (name: string) =>
  validationFailed({ transaction_subcategory_id: [`${name} already has a budget.`] });

/**
 * Runs a write that may meet the index of one running budget per sub-category (migration 0011):
 * a conflict the check above did not see is still the rule's 422. (PostgreSQL has aborted the
 * transaction by then, so the name comes from the caller, not from another query.)
 */
async function oneBudgetPerSubcategory<T>(subcategoryName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyBudgeted(subcategoryName);
    throw error;
  }
}

const asFlag = (value: boolean | number | undefined, fallback: number) =>
  value === undefined ? fallback : value ? 1 : 0;

/** Creates a budget (flexible by default, repeating monthly unless told otherwise). */
export async function createBudget(deps: AppDeps, scope: BookScope, body: CreateBudgetBody): Promise<Budget> {
  const now = isoNow(deps.clock);
  const ending = (body.ending ?? 'never') as 'never' | 'end_after' | 'end_by';
  const id = await writeInBook(deps, scope, async (trx) => {
    const subcategory = await checkSubcategory(trx, scope.bookId, body.transaction_subcategory_id ?? 0);
    checkSettings(body, asFlag(body.due_in_full, 0) === 1);
    await requireAmountsFitBook(trx, scope.bookId, { amount: body.amount, regret_cap: body.regret_cap });
    const values = {
      book_id: scope.bookId,
      subcategory_id: subcategory.id,
      display_name: body.display_name?.trim() || subcategory.name,
      emoji: body.emoji?.trim() || subcategory.emoji,
      website: body.website?.trim() || null,
      due_in_full: asFlag(body.due_in_full, 0),
      amount_cents: toCents(body.amount ?? 0),
      is_recurring: asFlag(body.is_recurring, 1),
      repeat_frequency: (body.repeat_frequency ?? 'month') as 'day' | 'month' | 'year',
      repeat_interval: body.repeat_interval ?? 1,
      repeat_start: body.repeat_start ?? now.slice(0, 10),
      start_day: body.start_day ?? null,
      ending,
      repeat_num_occurrences: ending === 'end_after' ? (body.repeat_num_occurrences ?? null) : null,
      repeat_end: ending === 'end_by' ? (body.repeat_end ?? null) : null,
      ends_before_month: null,
      regret_cap_cents: regretCapCents(body) ?? null,
      created_at: now,
      updated_at: now,
    };
    const budgetId = (await oneBudgetPerSubcategory(subcategory.name, () => insertBudget(trx, values))).id;
    // Rollover asked for at creation runs from the budget's first month.
    const from = monthOfDate(values.repeat_start);
    await setRollover(trx, { bookId: scope.bookId, budgetId, enabled: body.rollover, from, now });
    await notifyPassedRegretCaps(trx, deps.clock, scope, [userToday(deps, scope)]);
    return budgetId;
  });
  const start = body.repeat_start
    ? { year: Number(body.repeat_start.slice(0, 4)), month: Number(body.repeat_start.slice(5, 7)) }
    : undefined;
  return getBudget(deps, scope, id, start);
}

/**
 * Changes a budget. Every field sent is applied: the budget's own fields (name, emoji, sub-category,
 * interval, bill or flexible, cap) for every month, and with month and year the amount and the
 * bill's paid or skipped mark for that month alone (without them the amount is every month's). The
 * budget is read and merged under the book's write lock, so edits of different fields sent at once
 * (the interval from one screen, the ending from another) both land.
 */
export async function editBudget(
  deps: AppDeps,
  scope: BookScope,
  budgetId: number,
  body: UpdateBudgetBody,
): Promise<Budget> {
  const month = body.month !== undefined && body.year !== undefined ? { year: body.year, month: body.month } : undefined;
  await writeInBook(deps, scope, async (trx) => {
    const now = isoNow(deps.clock);
    const budget = await requireBudget(trx, scope.bookId, budgetId);
    await requireAmountsFitBook(trx, scope.bookId, { amount: body.amount, regret_cap: body.regret_cap });
    const becomesBill = await updateBudgetFields(trx, scope.bookId, budget, month ? { ...body, amount: undefined } : body, now);
    if (month) await updateBudgetMonth(trx, scope.bookId, budgetId, month, body);
    // Rollover sent with a month runs from that month on, else from the person's current month; a
    // budget that becomes a bill stops rolling over from then on (docs/DECISIONS.md #55).
    const today = userToday(deps, scope);
    await setRollover(trx, { bookId: scope.bookId, budgetId, enabled: becomesBill ? false : body.rollover, from: month ?? today, now });
    await notifyPassedRegretCaps(trx, deps.clock, scope, month ? [month, today] : [today]);
  });
  return getBudget(deps, scope, budgetId, month);
}

/** One month's amount and bill mark, as sent with its month and year. */
async function updateBudgetMonth(trx: Kysely<Database>, bookId: number, budgetId: number, month: YearMonth, body: UpdateBudgetBody) {
  const override =
    body.has_been_paid !== undefined || body.ignore !== undefined
      ? { hasBeenPaid: body.has_been_paid ? 1 : 0, ignore: body.ignore ? 1 : 0 }
      : {};
  await upsertBudgetMonth(trx, {
    bookId,
    budgetId,
    ...month,
    ...(body.amount !== undefined && { amountCents: toCents(body.amount) }),
    ...override,
  });
}

/** The budget's own fields merged with what was sent; true when a flexible budget becomes a bill. */
async function updateBudgetFields(
  trx: Kysely<Database>,
  bookId: number,
  budget: Awaited<ReturnType<typeof requireBudget>>,
  body: UpdateBudgetBody,
  now: string,
): Promise<boolean> {
  const subcategoryName =
    body.transaction_subcategory_id === undefined
      ? budget.subcategory_name
      : (await checkSubcategory(trx, bookId, body.transaction_subcategory_id, budget.id)).name;
  const merged = {
    is_recurring: asFlag(body.is_recurring, budget.is_recurring),
    repeat_frequency: body.repeat_frequency ?? budget.repeat_frequency,
    repeat_interval: body.repeat_interval ?? budget.repeat_interval,
    repeat_start: body.repeat_start ?? budget.repeat_start,
    start_day: body.start_day === undefined ? budget.start_day : body.start_day,
    ending: body.ending ?? budget.ending,
    repeat_num_occurrences:
      body.repeat_num_occurrences === undefined
        ? budget.repeat_num_occurrences
        : body.repeat_num_occurrences,
    repeat_end: body.repeat_end === undefined ? budget.repeat_end : body.repeat_end,
  };
  if (merged.ending !== 'end_after') merged.repeat_num_occurrences = null;
  if (merged.ending !== 'end_by') merged.repeat_end = null;
  const errors = validateRecurrence(merged);
  if (hasErrors(errors)) throw validationFailed(errors);
  const becomesBill = body.due_in_full !== undefined && Boolean(body.due_in_full) && budget.due_in_full === 0;
  checkSettings(body, asFlag(body.due_in_full, budget.due_in_full) === 1);
  const cap = becomesBill ? null : regretCapCents(body);
  await oneBudgetPerSubcategory(subcategoryName, () =>
    updateBudget(trx, bookId, budget.id, {
      ...(body.transaction_subcategory_id !== undefined && {
        subcategory_id: body.transaction_subcategory_id,
      }),
      ...(body.display_name !== undefined && {
        display_name: body.display_name.trim() || budget.display_name,
      }),
      ...(body.emoji !== undefined && { emoji: body.emoji.trim() || budget.emoji }),
      ...(body.website !== undefined && { website: body.website?.trim() || null }),
      ...(body.due_in_full !== undefined && { due_in_full: body.due_in_full ? 1 : 0 }),
      ...(body.amount !== undefined && { amount_cents: toCents(body.amount) }),
      ...(cap !== undefined && { regret_cap_cents: cap }),
      ...merged,
      is_recurring: merged.is_recurring,
      repeat_frequency: merged.repeat_frequency as 'day' | 'month' | 'year',
      ending: merged.ending as 'never' | 'end_after' | 'end_by',
      updated_at: now,
    }),
  );
  return becomesBill;
}

/**
 * Ends a budget before the month `M/yyyy` (DECISIONS.md #17): earlier months keep their history.
 * A budget that had not started by then is deleted outright.
 */
export async function endBudget(deps: AppDeps, scope: BookScope, budgetId: number, date: string): Promise<void> {
  const [month, year] = date.split('/').map(Number) as [number, number];
  const key = monthKey({ year, month });
  await writeInBook(deps, scope, async (trx) => {
    const budget = await requireBudget(trx, scope.bookId, budgetId);
    if (key <= budget.repeat_start.slice(0, 7)) {
      await deleteBudget(trx, scope.bookId, budgetId);
      return;
    }
    await updateBudget(trx, scope.bookId, budgetId, { ends_before_month: key, updated_at: isoNow(deps.clock) });
    await deleteMonthsFrom(trx, scope.bookId, budgetId, year, month);
  });
}
