/** SQL of purpose targets and the month's spending per purpose. */
import type { PurposeTargets } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { type BookMember, ofMember } from '../../db/member-rows';
import type { BookRows } from '../../db/private-accounts';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';


/** The member's targets in the book, if they have saved any. */
export function findTargets(db: Kysely<Database>, member: BookMember): Promise<PurposeTargets | undefined> {
  return db
    .selectFrom('purpose_targets')
    .select(['survival', 'optional', 'culture', 'unexpected'])
    .where(ofMember(member))
    .executeTakeFirst();
}

/** Saves the member's targets; called under the book's write lock, so read-then-write cannot race. */
export async function saveTargets(db: Kysely<Database>, member: BookMember, targets: PurposeTargets, now: string): Promise<void> {
  const updated = await db
    .updateTable('purpose_targets')
    .set({ ...targets, updated_at: now })
    .where(ofMember(member))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('purpose_targets').values({ ...targets, book_id: member.bookId, user_id: member.userId, updated_at: now }).execute();
}

/**
 * Expense spending between two dates (both included) per purpose (null: none given), in cents.
 * A transaction's split lines add up to its amount, so its purpose carries the whole amount.
 */
export async function spendingByPurpose(db: Kysely<Database>, book: BookRows, range: { from: string; to: string }) {
  const rows = await spendingOf(db, book, range)
    .select((eb) => ['t.purpose', eb.fn.sum<number>('t.amount_cents').as('amount')])
    .groupBy('t.purpose')
    .execute();
  return rows.map((row) => ({ purpose: row.purpose, amountCents: Number(row.amount) }));
}

/** Deletes a member's targets and reflections in a book they leave: theirs, not the book's. */
export async function forgetMemberPlans(db: Kysely<Database>, member: BookMember): Promise<void> {
  // Targets and reflections are each member's own (migration 0032).
  await db.deleteFrom('purpose_targets').where(ofMember(member)).execute();
  await db.deleteFrom('month_reflections').where(ofMember(member)).execute();
}
