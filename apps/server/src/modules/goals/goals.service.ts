/** Savings goals (DECISIONS.md #5): list, create, change, delete, with the monthly amount still needed. */
import type { CreateGoalBody, Goal, UpdateGoalBody } from '@mindspend/api-contract';
import { convert, fromCents, goalFigures, hundredthsOf, isCurrencyCode, isoDate, localDateIn, moneyFromHundredths, toCents } from '@mindspend/domain';
import type { GoalRow } from '../../db/income-schema';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { requireAmountsFitBook } from '../../db/book-amounts';
import { type BookScope, bookCurrency, writeInBook } from '../../db/book-scope';
import { isoNow } from '../../lib/clock';
import { notFound, validationFailed } from '../../lib/http-errors';
import { findAccount, listAccounts } from '../accounts';
import { rateOn } from '../fx-rates';
import { deleteGoal, findGoal, insertGoal, latestBalances, listGoals, updateGoal } from './goals.repo';

/** Goals with their figures on the person's today: one balance query for all tracked accounts. */
async function present(deps: AppDeps, scope: BookScope, rows: GoalRow[]): Promise<Goal[]> {
  const tracked = [...new Set(rows.flatMap((row) => (row.account_id === null ? [] : [row.account_id])))];
  const today = localDateIn(scope.timeZone, deps.clock.now());
  const balances = await balancesInBase(deps, scope, tracked, isoDate(today));
  return rows.map((row) => {
    // A tracked account's balance in the base currency; without a rate for it yet, the amount entered.
    const tracking = row.account_id === null ? undefined : balances.get(row.account_id);
    const savedCents = row.account_id === null ? row.saved_cents : tracking === undefined ? 0 : (tracking ?? row.saved_cents);
    const figures = goalFigures(
      { targetCents: row.target_cents, savedCents, targetDate: row.target_date },
      today,
    );
    return {
      id: row.id,
      name: row.name,
      target_amount: fromCents(row.target_cents),
      target_date: row.target_date,
      saved_amount: fromCents(row.saved_cents),
      account_id: row.account_id,
      saved: fromCents(savedCents),
      monthly_needed: fromCents(figures.monthlyNeededCents),
      months_left: figures.monthsLeft,
      progress_percent: figures.progressPercent,
    };
  });
}

/**
 * The latest balance of each tracked account in the book's base currency (DECISIONS.md #90): an
 * account kept in another currency is converted at today's rate, and is null when it has none.
 */
async function balancesInBase(deps: AppDeps, scope: BookScope, tracked: number[], today: string): Promise<Map<number, number | null>> {
  const balances: Map<number, number | null> = await latestBalances(deps.db, scope, tracked);
  if (balances.size === 0) return balances;
  const base = await bookCurrency(deps.db, scope.bookId);
  for (const account of await listAccounts(deps.db, scope)) {
    const balance = balances.get(account.id);
    if (balance === undefined || balance === null || account.currency === base || !isCurrencyCode(account.currency)) continue;
    const rate = await rateOn(deps.db, scope.bookId, account.currency, today);
    const money = moneyFromHundredths(balance, account.currency);
    balances.set(account.id, rate && money ? hundredthsOf(convert(money, rate.rate, base)) : null);
  }
  return balances;
}

async function presentOne(deps: AppDeps, scope: BookScope, goalId: number): Promise<Goal> {
  const row = await findGoal(deps.db, scope, goalId);
  if (!row) throw notFound('Goal');
  const [goal] = await present(deps, scope, [row]);
  if (!goal) throw notFound('Goal');
  return goal;
}

/** A tracked account must be in the book (422 otherwise, as for any body reference). */
async function checkAccount(
  db: Kysely<Database>,
  scope: BookScope,
  accountId: number | null | undefined,
): Promise<void> {
  if (accountId === null || accountId === undefined) return;
  if (!(await findAccount(db, scope, accountId)))
    throw validationFailed({ account_id: ['The selected account does not exist.'] });
}

export async function listUserGoals(deps: AppDeps, scope: BookScope): Promise<Goal[]> {
  return present(deps, scope, await listGoals(deps.db, scope));
}

/** Creates a goal; saved so far is 0 unless entered or tracked from an account. */
export async function createGoal(deps: AppDeps, scope: BookScope, body: CreateGoalBody): Promise<Goal> {
  const name = body.name?.trim() ?? '';
  const { target_amount: targetAmount, target_date: targetDate } = body;
  if (!name || targetAmount === null || targetAmount === undefined || !targetDate) {
    throw validationFailed({ body: ['Fill in the name, target amount and target date.'] });
  }
  const now = isoNow(deps.clock);
  const id = await writeInBook(deps, scope, async (trx) => {
    await checkAccount(trx, scope, body.account_id);
    await requireAmountsFitBook(trx, scope.bookId, { target_amount: targetAmount, saved_amount: body.saved_amount });
    const inserted = await insertGoal(trx, {
      book_id: scope.bookId,
      name,
      target_cents: toCents(targetAmount),
      target_date: targetDate,
      saved_cents: toCents(body.saved_amount ?? 0),
      account_id: body.account_id ?? null,
      created_at: now,
      updated_at: now,
    });
    return inserted.id;
  });
  return presentOne(deps, scope, id);
}

/** Changes the fields given; `account_id: null` goes back to the amount entered. */
export async function editGoal(
  deps: AppDeps,
  scope: BookScope,
  goalId: number,
  body: UpdateGoalBody,
): Promise<Goal> {
  await writeInBook(deps, scope, async (trx) => {
    if (!(await findGoal(trx, scope, goalId))) throw notFound('Goal');
    await checkAccount(trx, scope, body.account_id);
    await requireAmountsFitBook(trx, scope.bookId, { target_amount: body.target_amount, saved_amount: body.saved_amount });
    await updateGoal(trx, scope.bookId, goalId, {
      ...(body.name !== undefined && { name: body.name.trim() }),
      ...(body.target_amount !== undefined && { target_cents: toCents(body.target_amount) }),
      ...(body.target_date !== undefined && { target_date: body.target_date }),
      ...(body.saved_amount !== undefined && { saved_cents: toCents(body.saved_amount) }),
      ...(body.account_id !== undefined && { account_id: body.account_id }),
      updated_at: isoNow(deps.clock),
    });
  });
  return presentOne(deps, scope, goalId);
}

export async function removeGoal(deps: AppDeps, scope: BookScope, goalId: number): Promise<void> {
  await writeInBook(deps, scope, async (trx) => {
    if (!(await findGoal(trx, scope, goalId))) throw notFound('Goal');
    await deleteGoal(trx, scope.bookId, goalId);
  });
}
