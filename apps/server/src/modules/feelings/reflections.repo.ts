/** SQL of the month-end reflections. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ReflectionMonth {
  year: number;
  month: number;
}

export function findReflection(db: Kysely<Database>, bookId: number, at: ReflectionMonth) {
  return db
    .selectFrom('month_reflections')
    .select(['year', 'month', 'went_well', 'change_next', 'updated_at'])
    .where('book_id', '=', bookId)
    .where('year', '=', at.year)
    .where('month', '=', at.month)
    .executeTakeFirst();
}

/** Saves a month's reflection; called under the book's write lock, so read-then-write cannot race. */
export async function saveReflection(
  db: Kysely<Database>,
  bookId: number,
  at: ReflectionMonth,
  values: { went_well: string; change_next: string },
  now: string,
): Promise<void> {
  const updated = await db
    .updateTable('month_reflections')
    .set({ ...values, updated_at: now })
    .where('book_id', '=', bookId)
    .where('year', '=', at.year)
    .where('month', '=', at.month)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('month_reflections').values({ ...values, ...at, book_id: bookId, updated_at: now }).execute();
}
