/**
 * The aggregate queries behind the insights page, each one pass over the range's expenses read
 * from covering indexes (migrations 0022 and 0027), plus the names of what they group by. Each
 * groups into as few rows as its figures need: on SQLite a rebuilt page's time is mostly the rows
 * its queries hand over, not the rows they read (docs/DECISIONS.md #69).
 */
import { type Kysely, sql } from 'kysely';
import { AMOUNT_BANDS, type TriggerCounts } from '@mindspend/domain';
import type { Feelings } from '../../db/feelings';
import { hidingPrivate } from '../../db/private-accounts';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';

export interface InsightScope {
  bookId: number;
  /** Other members' private accounts, left out of every figure (db/private-accounts.ts). */
  hiddenAccountIds: readonly number[];
  /** `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  accountId?: number | undefined;
  /** Whose feelings the figures read (db/feelings.ts). */
  feelings: Feelings;
}

function expenses(db: Kysely<Database>, scope: InsightScope) {
  let query = spendingOf(db, scope, scope);
  if (scope.accountId !== undefined) query = query.where('t.account_id', '=', scope.accountId);
  return query;
}

/**
 * Expense amounts and counts per month, feeling and purpose (at most 36 × 5 × 5 rows). Grouped by
 * date first, in the order of migration 0027's index, so the database sorts a few hundred rows
 * per month instead of every expense.
 */
export async function spendingCells(db: Kysely<Database>, scope: InsightScope) {
  const feeling = scope.feelings.first;
  const byDate = expenses(db, scope)
    .select((eb) => ['t.date', feeling.as('emotion'), 't.purpose', eb.fn.sum<number>('t.amount_cents').as('amount'), eb.fn.countAll<number>().as('n')])
    .groupBy(['t.date', feeling, 't.purpose']);
  const monthKey = sql<string>`substr(d.date, 1, 7)`;
  const rows = await db
    .selectFrom(byDate.as('d'))
    .select((eb) => [monthKey.as('month_key'), 'd.emotion', 'd.purpose', eb.fn.sum<number>('d.amount').as('amount'), eb.fn.sum<number>('d.n').as('n')])
    .groupBy([monthKey, 'd.emotion', 'd.purpose'])
    .execute();
  return rows.map((row) => ({
    monthKey: row.month_key,
    feeling: row.emotion,
    purpose: row.purpose,
    amountCents: Number(row.amount),
    count: Number(row.n),
  }));
}

/** The part of `amount` (a column of the range's expenses or their lines) spent on a purchase the member regretted. */
const regrettedPart = (scope: InsightScope, amount: 't.amount_cents' | 's.amount_cents') =>
  sql<number>`case when ${scope.feelings.first} = 'negative' then ${sql.ref(amount)} else 0 end`;

/** Spending and regretted spending per payee (a transaction's whole amount; null: no payee). */
export async function payeeCells(db: Kysely<Database>, scope: InsightScope) {
  const rows = await expenses(db, scope)
    .select((eb) => [
      't.entity_id',
      eb.fn.sum<number>('t.amount_cents').as('amount'),
      eb.fn.sum<number>(regrettedPart(scope, 't.amount_cents')).as('regretted'),
    ])
    .groupBy('t.entity_id')
    .execute();
  return rows.map((row) => ({ key: row.entity_id, amountCents: Number(row.amount), regrettedCents: Number(row.regretted) }));
}

/**
 * Spending and regretted spending per category, from the split lines: each line counts by its own
 * amount. Expenses without lines are not here; their sum is the rest of the range's spending.
 */
export async function categoryCells(db: Kysely<Database>, scope: InsightScope) {
  // A cross join, which SQLite never reorders: the range's expenses come first, from their index,
  // then each one's lines. Without planner statistics (the app does not run ANALYZE) SQLite
  // started from the book's split lines instead and read all of them: 250 ms against 17 ms on
  // the bench's 200,000 (docs/DECISIONS.md #72). PostgreSQL plans a cross join as any other.
  const rows = await expenses(db, scope)
    .crossJoin('transaction_splits as s')
    .whereRef('s.transaction_id', '=', 't.id')
    .where('s.book_id', '=', scope.bookId)
    .innerJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
    .select((eb) => [
      'sc.category_id',
      eb.fn.sum<number>('s.amount_cents').as('amount'),
      eb.fn.sum<number>(regrettedPart(scope, 's.amount_cents')).as('regretted'),
    ])
    .groupBy('sc.category_id')
    .execute();
  return rows.map((row) => ({ key: row.category_id, amountCents: Number(row.amount), regrettedCents: Number(row.regretted) }));
}

/**
 * Second looks of the range by first and second feeling, per category (an expense counts once in
 * each category it is split over; none: a null category) and per payee.
 */
export async function secondLookCells(db: Kysely<Database>, scope: InsightScope) {
  const { first, second } = scope.feelings;
  const looked = () => expenses(db, scope).where(second, 'is not', null);
  const [byCategory, byPayee] = await Promise.all([
    looked()
      .leftJoin('transaction_splits as s', (join) => join.onRef('s.transaction_id', '=', 't.id').on('s.book_id', '=', scope.bookId))
      .leftJoin('subcategories as sc', 'sc.id', 's.subcategory_id')
      .select((eb) => ['sc.category_id as key', first.as('emotion'), second.as('second_feeling'), eb.fn.count<number>('t.id').distinct().as('n')])
      .groupBy(['sc.category_id', first, second])
      .execute(),
    looked()
      .select((eb) => ['t.entity_id as key', first.as('emotion'), second.as('second_feeling'), eb.fn.countAll<number>().as('n')])
      .groupBy(['t.entity_id', first, second])
      .execute(),
  ]);
  const cells = (rows: typeof byPayee) =>
    rows.map((row) => ({ key: row.key, first: row.emotion, second: row.second_feeling ?? '', count: Number(row.n) }));
  return { byCategory: cells(byCategory), byPayee: cells(byPayee) };
}

/**
 * Felt expenses of the range and how many of them were regretted, counted per local date and,
 * apart, per payment method and amount band (DECISIONS.md #49, #69): a few hundred rows in all
 * instead of one per date, method and band.
 */
export async function triggerCounts(db: Kysely<Database>, scope: InsightScope): Promise<TriggerCounts> {
  // Transfer legs are no purchase (DECISIONS.md #47; spendingOf leaves them out), which also lets
  // the felt-expenses index of migration 0022 answer the queries alone.
  const feeling = scope.feelings.first;
  const felt = () => expenses(db, scope).where(feeling, 'is not', null);
  const regretted = sql<number>`case when ${feeling} = 'negative' then 1 else 0 end`;
  // Bands from the domain's bounds, highest first; the bounds are constants, not user input.
  const band = sql<string>`case ${sql.join(
    [...AMOUNT_BANDS].reverse().map((b) => sql`when t.amount_cents >= ${sql.lit(b.fromCents)} then ${sql.lit(b.key)}`),
    sql` `,
  )} end`;
  const [byDay, byMethodAndBand] = await Promise.all([
    felt()
      .select((eb) => ['t.date', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(regretted).as('regretted')])
      .groupBy('t.date')
      .execute(),
    felt()
      .select((eb) => ['t.payment_method', band.as('band'), eb.fn.countAll<number>().as('n'), eb.fn.sum<number>(regretted).as('regretted')])
      .groupBy(['t.payment_method', band])
      .execute(),
  ]);
  return {
    byDay: byDay.map((row) => ({ date: row.date, feelings: Number(row.n), regretted: Number(row.regretted) })),
    byMethodAndBand: byMethodAndBand.map((row) => ({
      paymentMethod: row.payment_method,
      amountBand: row.band,
      feelings: Number(row.n),
      regretted: Number(row.regretted),
    })),
  };
}

/**
 * The user's income dates (any account: pay lands in one and is spent from all) up to the end of
 * the range, from the last one before the range so days since income count across its start.
 */
export async function incomeDates(db: Kysely<Database>, scope: InsightScope): Promise<string[]> {
  const lastBefore = db
    .selectFrom('transactions')
    .where('book_id', '=', scope.bookId)
    .$call(hidingPrivate(scope, 'account_id'))
    .where('type', '=', 'income')
    .where('transfer_id', 'is', null)
    .where('date', '<', scope.from)
    .select((eb) => eb.fn.max('date').as('d'));
  const rows = await db
    .selectFrom('transactions')
    .where('book_id', '=', scope.bookId)
    .$call(hidingPrivate(scope, 'account_id'))
    .where('type', '=', 'income')
    .where('transfer_id', 'is', null)
    .where('date', '<=', scope.to)
    .where((eb) => eb('date', '>=', eb.fn.coalesce(lastBefore, sql<string>`${scope.from}`)))
    .select('date')
    .distinct()
    .execute();
  return rows.map((row) => row.date);
}

/** Names of the categories (the shared default tree). */
export function categoryNames(db: Kysely<Database>) {
  return db.selectFrom('categories').select(['id', 'name']).execute();
}

/** Names of the book's payees among the given ids. */
export function entityNames(db: Kysely<Database>, bookId: number, entityIds: number[]) {
  if (entityIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('entities').select(['id', 'name']).where('book_id', '=', bookId).where('id', 'in', entityIds).execute();
}
