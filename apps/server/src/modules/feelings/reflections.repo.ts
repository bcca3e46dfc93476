/** SQL of the month-end reflections. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type BookMember, ofMember } from '../../db/member-rows';

export interface ReflectionMonth {
  year: number;
  month: number;
}

/** The member's reflection on the month in the book. */
export function findReflection(db: Kysely<Database>, member: BookMember, at: ReflectionMonth) {
  return db
    .selectFrom('month_reflections')
    .select(['year', 'month', 'went_well', 'change_next', 'updated_at'])
    .where(ofMember(member))
    .where('year', '=', at.year)
    .where('month', '=', at.month)
    .executeTakeFirst();
}

/** Saves the member's reflection on a month; called under the book's write lock, so read-then-write cannot race. */
export async function saveReflection(
  db: Kysely<Database>,
  member: BookMember,
  at: ReflectionMonth,
  values: { went_well: string; change_next: string },
  now: string,
): Promise<void> {
  const updated = await db
    .updateTable('month_reflections')
    .set({ ...values, updated_at: now })
    .where(ofMember(member))
    .where('year', '=', at.year)
    .where('month', '=', at.month)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('month_reflections').values({ ...values, ...at, book_id: member.bookId, user_id: member.userId, updated_at: now }).execute();
}
