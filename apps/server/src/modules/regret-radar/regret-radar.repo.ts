/**
 * SQL of the regret radar: the book's expenses (not transfer legs) one member felt, counted per
 * payee or sub-category and day, read from the `transactions_felt_expenses` index (migration 0022)
 * in a personal book.
 */
import { type Kysely, sql } from 'kysely';
import { REGRETTED_FEELING } from '@mindspend/domain';
import type { Feelings } from '../../db/feelings';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';

/** Felt purchases of one payee or sub-category on one day. */
export interface PlaceDayRow {
  place: number;
  day: string;
  felt: number;
  regretted: number;
}

export interface FeltScope {
  bookId: number;
  /** Whose feelings count (db/feelings.ts). */
  feelings: Feelings;
  /** `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /**
   * Optional whole-months stretch `[from, to)` inside the range that every window asked of it
   * covers entirely: its days are summed into one row dated `from`, which counts the same and
   * keeps the answer to a few rows per place (docs/DECISIONS.md #57).
   */
  lumped?: { from: string; to: string } | undefined;
  /** Only these payees or sub-categories (all when absent). */
  places?: readonly number[] | undefined;
}

function dayOf(scope: FeltScope) {
  const { lumped } = scope;
  return lumped ? sql<string>`case when t.date >= ${lumped.from} and t.date < ${lumped.to} then ${lumped.from} else t.date end` : sql<string>`t.date`;
}

function feltExpenses(db: Kysely<Database>, scope: FeltScope) {
  return spendingOf(db, scope.feelings, scope).where(scope.feelings.first, 'is not', null);
}

const asRows = (rows: ReadonlyArray<{ place: number | null; day: string; felt: number | string; regretted: number | string | null }>): PlaceDayRow[] =>
  rows.flatMap((row) => (row.place === null ? [] : [{ place: row.place, day: row.day, felt: Number(row.felt), regretted: Number(row.regretted ?? 0) }]));

/** Felt expenses per payee and day (grouped by column position: the day is an expression with parameters). */
export async function feltDaysByPayee(db: Kysely<Database>, scope: FeltScope): Promise<PlaceDayRow[]> {
  let query = feltExpenses(db, scope).where('t.entity_id', 'is not', null);
  if (scope.places) query = query.where('t.entity_id', 'in', scope.places.length ? [...scope.places] : [-1]);
  const rows = await query
    .select([
      't.entity_id as place',
      dayOf(scope).as('day'),
      sql<number>`count(*)`.as('felt'),
      sql<number>`sum(case when ${scope.feelings.first} = ${REGRETTED_FEELING} then 1 else 0 end)`.as('regretted'),
    ])
    .groupBy(sql`1, 2`)
    .execute();
  return asRows(rows);
}

/** Felt expenses per sub-category and day; an expense split twice into one sub-category counts once. */
export async function feltDaysBySubcategory(db: Kysely<Database>, scope: FeltScope): Promise<PlaceDayRow[]> {
  let query = feltExpenses(db, scope).innerJoin('transaction_splits as s', (join) =>
    join.onRef('s.transaction_id', '=', 't.id').on('s.book_id', '=', scope.bookId),
  );
  if (scope.places) query = query.where('s.subcategory_id', 'in', scope.places.length ? [...scope.places] : [-1]);
  const rows = await query
    .select([
      's.subcategory_id as place',
      dayOf(scope).as('day'),
      sql<number>`count(distinct t.id)`.as('felt'),
      sql<number>`count(distinct case when ${scope.feelings.first} = ${REGRETTED_FEELING} then t.id end)`.as('regretted'),
    ])
    .groupBy(sql`1, 2`)
    .execute();
  return asRows(rows);
}


/** The names of the payees (of this book) and sub-categories a warning speaks of, by id. */
export async function placeNames(db: Kysely<Database>, bookId: number, entityIds: number[], subcategoryIds: number[]) {
  const [entities, subcategories] = await Promise.all([
    entityIds.length ? db.selectFrom('entities').select(['id', 'name']).where('book_id', '=', bookId).where('id', 'in', entityIds).execute() : [],
    // The ids come from the book's own splits: the shared tree's sub-categories or the book's own.
    subcategoryIds.length ? db.selectFrom('subcategories').select(['id', 'name']).where('id', 'in', subcategoryIds).execute() : [],
  ]);
  return { entities: new Map(entities.map((row) => [row.id, row.name])), subcategories: new Map(subcategories.map((row) => [row.id, row.name])) };
}
