/**
 * SQL of the ECB's euro reference figures (DECISIONS.md #87): one global table, no book in it, as
 * the figures are the same for everyone. Written only by the fetch, read by every book's rates.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface EcbFigureRow {
  currency: string;
  date: string;
  per_eur: string;
}

/** Rows per INSERT: four parameters each, far under either database's limit. */
const ROWS_PER_INSERT = 500;

/**
 * Stores the figures not stored yet and answers how many that was. A day already there is left as
 * it is (insert or ignore on the primary key), so processes storing the same file at once, or a
 * file fetched again, store each currency and day once.
 */
export async function insertEcbFigures(db: Kysely<Database>, rows: readonly EcbFigureRow[], fetchedAt: string): Promise<number> {
  let stored = 0;
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({ ...row, fetched_at: fetchedAt }));
    const result = await db
      .insertInto('fx_ecb_rates')
      .values(chunk)
      .onConflict((conflict) => conflict.columns(['currency', 'date']).doNothing())
      .executeTakeFirst();
    stored += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return stored;
}

/**
 * The latest day on or before `day` on which every one of `codes` (one or two, never EUR) has a
 * figure, with those figures; undefined when there is none.
 */
export async function latestEcbFigures(
  db: Kysely<Database>,
  codes: readonly [string] | readonly [string, string],
  day: string,
): Promise<{ date: string; perEur: Map<string, string> } | undefined> {
  const [first, second] = codes;
  if (second === undefined) {
    const row = await db
      .selectFrom('fx_ecb_rates')
      .select(['date', 'per_eur'])
      .where('currency', '=', first)
      .where('date', '<=', day)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { date: row.date, perEur: new Map([[first, row.per_eur]]) };
  }
  const row = await db
    .selectFrom('fx_ecb_rates as a')
    .innerJoin('fx_ecb_rates as b', (join) => join.onRef('b.date', '=', 'a.date').on('b.currency', '=', second))
    .select(['a.date', 'a.per_eur as first_per_eur', 'b.per_eur as second_per_eur'])
    .where('a.currency', '=', first)
    .where('a.date', '<=', day)
    .orderBy('a.date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      date: row.date,
      perEur: new Map([
        [first, row.first_per_eur],
        [second, row.second_per_eur],
      ]),
    }
  );
}

/** The figures of `codes` (every currency when null) from `from` to `to`, both included. */
export function ecbFiguresBetween(db: Kysely<Database>, codes: readonly string[] | null, from: string, to: string): Promise<EcbFigureRow[]> {
  return db
    .selectFrom('fx_ecb_rates')
    .select(['currency', 'date', 'per_eur'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .$if(codes !== null, (query) => query.where('currency', 'in', [...(codes ?? [])]))
    .orderBy('date')
    .orderBy('currency')
    .execute();
}
