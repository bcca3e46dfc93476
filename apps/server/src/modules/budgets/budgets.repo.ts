/** SQL of budgets, their month rows, and the spending figures they are measured against. */
import { type Kysely, sql } from 'kysely';
import type { BudgetMonthRowDb, BudgetRow, BudgetsTable } from '../../db/budget-schema';
import type { BookRows } from '../../db/private-accounts';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

export type BudgetWithSubcategory = BudgetRow & { subcategory_name: string; category_id: number };

function budgetsQuery(db: Kysely<Database>, bookId: number) {
  return db
    .selectFrom('budgets')
    .innerJoin('subcategories', 'subcategories.id', 'budgets.subcategory_id')
    .selectAll('budgets')
    .select(['subcategories.name as subcategory_name', 'subcategories.category_id as category_id'])
    .where('budgets.book_id', '=', bookId);
}

/** Budgets that apply to the month `YYYY-MM` (not ended before it), in creation order. */
export function listBudgetsForMonth(
  db: Kysely<Database>,
  bookId: number,
  monthKey: string,
): Promise<BudgetWithSubcategory[]> {
  return budgetsQuery(db, bookId)
    .where((eb) =>
      eb.or([eb('budgets.ends_before_month', 'is', null), eb('budgets.ends_before_month', '>', monthKey)]),
    )
    .orderBy('budgets.id')
    .execute();
}

export function findBudget(
  db: Kysely<Database>,
  bookId: number,
  budgetId: number,
): Promise<BudgetWithSubcategory | undefined> {
  return budgetsQuery(db, bookId).where('budgets.id', '=', budgetId).executeTakeFirst();
}

/** The user's budgets still running (not ended), any month. */
export function listOpenBudgets(db: Kysely<Database>, bookId: number) {
  return db
    .selectFrom('budgets')
    .select(['id', 'subcategory_id'])
    .where('book_id', '=', bookId)
    .where('ends_before_month', 'is', null)
    .execute();
}

/** Month rows of the given budgets, oldest first. */
export function listBudgetMonths(
  db: Kysely<Database>,
  bookId: number,
  budgetIds: number[],
): Promise<BudgetMonthRowDb[]> {
  if (budgetIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('budget_months')
    .selectAll()
    .where('book_id', '=', bookId)
    .where('budget_id', 'in', budgetIds)
    .orderBy('year')
    .orderBy('month')
    .execute();
}

export function insertBudget(db: Kysely<Database>, values: Insertable<BudgetsTable>) {
  return db.insertInto('budgets').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function updateBudget(
  db: Kysely<Database>,
  bookId: number,
  budgetId: number,
  values: Updateable<BudgetsTable>,
) {
  await db
    .updateTable('budgets')
    .set(values)
    .where('book_id', '=', bookId)
    .where('id', '=', budgetId)
    .execute();
}

export async function deleteBudget(db: Kysely<Database>, bookId: number, budgetId: number): Promise<void> {
  await db.deleteFrom('budgets').where('book_id', '=', bookId).where('id', '=', budgetId).execute();
}

/** Drops month rows from `year/month` on: they belong to months the budget no longer covers. */
export async function deleteMonthsFrom(
  db: Kysely<Database>,
  bookId: number,
  budgetId: number,
  year: number,
  month: number,
) {
  await db
    .deleteFrom('budget_months')
    .where('book_id', '=', bookId)
    .where('budget_id', '=', budgetId)
    .where((eb) => eb.or([eb('year', '>', year), eb.and([eb('year', '=', year), eb('month', '>=', month)])]))
    .execute();
}

/**
 * Creates or changes one month row of a budget in one statement: the unique (budget, year, month)
 * constraint decides between insert and update, so a first "mark paid" sent twice at once makes
 * one row, not a conflict.
 */
export async function upsertBudgetMonth(
  db: Kysely<Database>,
  row: {
    bookId: number;
    budgetId: number;
    year: number;
    month: number;
    amountCents?: number | null;
    ignore?: number;
    hasBeenPaid?: number;
  },
): Promise<void> {
  const changes = {
    ...(row.amountCents !== undefined && { amount_cents: row.amountCents }),
    ...(row.ignore !== undefined && { ignore: row.ignore }),
    ...(row.hasBeenPaid !== undefined && { has_been_paid: row.hasBeenPaid }),
  };
  const insert = db.insertInto('budget_months').values({
    book_id: row.bookId,
    budget_id: row.budgetId,
    year: row.year,
    month: row.month,
    amount_cents: row.amountCents ?? null,
    ignore: row.ignore ?? 0,
    has_been_paid: row.hasBeenPaid ?? 0,
  });
  await insert
    .onConflict((conflict) => {
      const target = conflict.columns(['budget_id', 'year', 'month']);
      return Object.keys(changes).length > 0 ? target.doUpdateSet(changes) : target.doNothing();
    })
    .execute();
}

/**
 * Spending per expense sub-category in the days from..to (DECISIONS.md #15): split amounts of
 * expense transactions, across all of the book's accounts, or one account when given.
 */
export async function spentBySubcategory(
  db: Kysely<Database>,
  book: BookRows,
  from: string,
  to: string,
  accountId?: number,
): Promise<Map<number, { spentCents: number; count: number }>> {
  let query = spendingOf(db, book, { from, to })
    .innerJoin('transaction_splits as s', 's.transaction_id', 't.id')
    .select((eb) => [
      's.subcategory_id',
      eb.fn.sum<number>('s.amount_cents').as('spent'),
      eb.fn.countAll<number>().as('n'),
    ])
    .groupBy('s.subcategory_id');
  if (accountId !== undefined) query = query.where('t.account_id', '=', accountId);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [row.subcategory_id, { spentCents: Number(row.spent), count: Number(row.n) }]),
  );
}

/** Spending per sub-category and month over a range of months, for suggestions. */
export async function monthlySpentBySubcategory(
  db: Kysely<Database>,
  book: BookRows,
  from: string,
  to: string,
) {
  const rows = await spendingOf(db, book, { from, to })
    .innerJoin('transaction_splits as s', 's.transaction_id', 't.id')
    .select((eb) => [
      's.subcategory_id',
      sql<string>`substr(t.date, 1, 7)`.as('month_key'),
      eb.fn.sum<number>('s.amount_cents').as('spent'),
    ])
    .groupBy(['s.subcategory_id', sql`substr(t.date, 1, 7)`])
    .execute();
  return rows.map((row) => ({
    subcategoryId: row.subcategory_id,
    monthKey: row.month_key,
    spentCents: Number(row.spent),
  }));
}
