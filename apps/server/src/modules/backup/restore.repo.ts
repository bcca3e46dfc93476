/** SQL of a restore: what it checks first, and its batched inserts, each answering the new ids in row order. */
import type { Backup } from '@mindspend/api-contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters for any table here. */
const PARAMETERS_PER_INSERT = 30_000;

type Table =
  | 'accounts' | 'account_balances' | 'entities' | 'transactions' | 'transaction_splits' | 'budgets' | 'budget_months'
  | 'budget_rollover_changes' | 'budget_regret_alerts' | 'income_sources' | 'goals' | 'rules';

/**
 * Inserts rows in batches and answers their new ids in row order. The ids of one multi-row
 * INSERT are handed out in VALUES order on both databases, so sorting the returned ids restores
 * that order even where RETURNING itself does not promise it (SQLite).
 */
export async function insertAll<T extends Table>(db: Kysely<Database>, table: T, rows: Array<Insertable<Database[T]>>): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(PARAMETERS_PER_INSERT / columns));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    // Kysely cannot narrow a generic table's insert type; each caller passes that table's rows.
    const inserted = (await db
      .insertInto(table)
      .values(chunk as never)
      .returning('id' as never)
      .execute()) as unknown as Array<{ id: number }>;
    ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

/**
 * Records a restored transfer over its two new legs and marks them. The legs keep the file's
 * `updated_at`: a restore gives back the rows as they were saved.
 */
export async function insertRestoredTransfer(
  db: Kysely<Database>,
  bookId: number,
  legs: { fromId: number; toId: number; createdAt: string },
): Promise<void> {
  const { id } = await db
    .insertInto('transfers')
    .values({ book_id: bookId, from_transaction_id: legs.fromId, to_transaction_id: legs.toId, created_at: legs.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('transactions').set({ transfer_id: id }).where('book_id', '=', bookId).where('id', 'in', [legs.fromId, legs.toId]).execute();
}

/** Ids of the shared reference tables a backup may point at (the default category tree, not any book's own). */
export async function referenceIds(db: Kysely<Database>) {
  const [types, subcategories] = await Promise.all([
    db.selectFrom('account_types').select('id').execute(),
    db.selectFrom('subcategories').select('id').where('book_id', 'is', null).execute(),
  ]);
  return { accountTypes: new Set(types.map((row) => row.id)), subcategories: new Set(subcategories.map((row) => row.id)) };
}

/** True when the user has nothing a backup would restore (rules and manual rates too: restored ones would mix with them). */
export async function ownsNothing(db: Kysely<Database>, bookId: number): Promise<boolean> {
  const tables = ['accounts', 'entities', 'transactions', 'budgets', 'income_sources', 'goals', 'rules', 'categories'] as const;
  const found = await Promise.all([
    ...tables.map((table) => db.selectFrom(table).select('id').where('book_id', '=', bookId).limit(1).executeTakeFirst()),
    db.selectFrom('fx_manual_rates').select('book_id as id').where('book_id', '=', bookId).limit(1).executeTakeFirst(),
  ]);
  return found.every((row) => row === undefined);
}

/**
 * The file's base currency (USD for a file from before currencies, whose amounts were all dollars)
 * and its manual rates (DECISIONS.md #87), into the book being restored.
 */
export async function restoreCurrencyRows(
  db: Kysely<Database>,
  bookId: number,
  baseCurrency: string,
  rates: ReadonlyArray<{ currency: string; base_currency: string; date: string; rate: string; updated_at: string }>,
): Promise<void> {
  await db.updateTable('books').set({ base_currency: baseCurrency }).where('id', '=', bookId).execute();
  const rows = rates.map((rate) => ({ ...rate, book_id: bookId, updated_by: null }));
  // Seven columns a row: far under either database's limit of bound parameters per statement.
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insertInto('fx_manual_rates').values(rows.slice(start, start + 1000)).execute();
  }
}

/**
 * The file's own categories made again with new ids (DECISIONS.md #98); answers the map from
 * the file's sub-category ids to the new ones (the default tree's ids stay as they are).
 */
export async function restoreCategories(trx: Kysely<Database>, bookId: number, backup: Backup): Promise<(id: number) => number> {
  const newIds = new Map<number, number>();
  for (const category of backup.categories ?? []) {
    const { id: categoryId } = await trx.insertInto('categories').values({ book_id: bookId, name: category.name, type: category.type }).returning('id').executeTakeFirstOrThrow();
    for (const sub of category.subcategories) {
      const { id } = await trx
        .insertInto('subcategories')
        .values({ book_id: bookId, category_id: categoryId, name: sub.name, emoji: sub.emoji, type: category.type })
        .returning('id')
        .executeTakeFirstOrThrow();
      newIds.set(sub.id, id);
    }
  }
  return (id) => newIds.get(id) ?? id;
}
