/** SQL of purpose targets and the month's spending per purpose. */
import type { PurposeTargets } from '@mindspend/domain';
import type { Kysely } from 'kysely';
import { spendingOf } from '../../db/spending';
import type { Database } from '../../db/schema';

/** The user's targets, if they have saved any. */
export function findTargets(db: Kysely<Database>, bookId: number): Promise<PurposeTargets | undefined> {
  return db
    .selectFrom('purpose_targets')
    .select(['survival', 'optional', 'culture', 'unexpected'])
    .where('book_id', '=', bookId)
    .executeTakeFirst();
}

/** Saves the book's targets; called under the book's write lock, so read-then-write cannot race. */
export async function saveTargets(db: Kysely<Database>, bookId: number, targets: PurposeTargets, now: string): Promise<void> {
  const updated = await db.updateTable('purpose_targets').set({ ...targets, updated_at: now }).where('book_id', '=', bookId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db.insertInto('purpose_targets').values({ ...targets, book_id: bookId, updated_at: now }).execute();
}

/**
 * Expense spending between two dates (both included) per purpose (null: none given), in cents.
 * A transaction's split lines add up to its amount, so its purpose carries the whole amount.
 */
export async function spendingByPurpose(db: Kysely<Database>, bookId: number, range: { from: string; to: string }) {
  const rows = await spendingOf(db, bookId, range)
    .select((eb) => ['t.purpose', eb.fn.sum<number>('t.amount_cents').as('amount')])
    .groupBy('t.purpose')
    .execute();
  return rows.map((row) => ({ purpose: row.purpose, amountCents: Number(row.amount) }));
}
