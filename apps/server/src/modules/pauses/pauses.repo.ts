/** SQL of the pause list (issue 31; docs/DECISIONS.md #99): the pauses, and the history a forecast reads. */
import type { SimilarCounts } from '@mindspend/domain';
import { type Insertable, type Kysely, type Updateable, sql } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import { type BookMember as Member, ofMember } from '../../db/member-rows';
import type { Feelings } from '../../db/feelings';
import type { PauseRow, PausesTable } from '../../db/pause-schema';
import type { Database } from '../../db/schema';
import { spendingOf } from '../../db/spending';


export function insertPause(db: Kysely<Database>, values: Insertable<PausesTable>): Promise<PauseRow> {
  return db.insertInto('pauses').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The member's pauses in the book, newest first. */
export function listPauses(db: Kysely<Database>, member: Member): Promise<PauseRow[]> {
  return db
    .selectFrom('pauses')
    .selectAll()
    .where(ofMember(member))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findPause(db: Kysely<Database>, member: Member, id: number): Promise<PauseRow | undefined> {
  return db
    .selectFrom('pauses')
    .selectAll()
    .where(ofMember(member))
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updatePause(db: Kysely<Database>, member: Member, id: number, values: Updateable<PausesTable>): Promise<void> {
  await db.updateTable('pauses').set(values).where(ofMember(member)).where('id', '=', id).execute();
}

/** Deletes one pause; false when the member has none of that id. */
export async function deletePause(db: Kysely<Database>, member: Member, id: number): Promise<boolean> {
  const result = await db.deleteFrom('pauses').where(ofMember(member)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes a member's pauses in a book they leave or are removed from. */
export async function forgetMemberPauses(db: Kysely<Database>, member: Member): Promise<void> {
  await db.deleteFrom('pauses').where(ofMember(member)).execute();
}

/** The book's payee of this name, compared without case: a typed name that is already a payee has its history. */
export async function entityNamed(db: Kysely<Database>, bookId: number, name: string): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('entities')
    .select(['id', 'name'])
    .where('book_id', '=', bookId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
}

/** Counts of felt expenses by their latest feeling, over the transactions aliased `t`. */
function similarCounts(feelings: Feelings, distinct: boolean) {
  const { first, second } = feelings;
  const latest = sql`coalesce(${second}, ${first})`;
  const count = (condition: ReturnType<typeof sql>) =>
    distinct ? sql<number>`count(distinct case when ${condition} then t.id end)` : sql<number>`sum(case when ${condition} then 1 else 0 end)`;
  return [
    (distinct ? sql<number>`count(distinct t.id)` : sql<number>`count(*)`).as('felt'),
    count(sql`${latest} = 'negative'`).as('regretted'),
    count(sql`${first} <> 'negative' and ${second} = 'negative'`).as('soured'),
  ] as const;
}

const asCounts = (row: { felt: number | string; regretted: number | string | null; soured: number | string | null } | undefined): SimilarCounts => ({
  felt: Number(row?.felt ?? 0),
  regretted: Number(row?.regretted ?? 0),
  soured: Number(row?.soured ?? 0),
});

/** The member's felt purchases at a payee since `from`. */
export async function feltAtPayee(db: Kysely<Database>, feelings: Feelings, entityId: number, from: string): Promise<SimilarCounts> {
  const row = await spendingOf(db, feelings, { from })
    .where('t.entity_id', '=', entityId)
    .where(feelings.first, 'is not', null)
    .select(similarCounts(feelings, false))
    .executeTakeFirst();
  return asCounts(row);
}

/** The member's felt purchases with a line in a sub-category since `from` (a purchase split twice into it counts once). */
export async function feltInSubcategory(db: Kysely<Database>, feelings: Feelings, subcategoryId: number, from: string): Promise<SimilarCounts> {
  const row = await spendingOf(db, feelings, { from })
    .where(feelings.first, 'is not', null)
    .crossJoin('transaction_splits as s')
    .whereRef('s.transaction_id', '=', 't.id')
    .where('s.book_id', '=', feelings.bookId)
    .where('s.subcategory_id', '=', subcategoryId)
    .select(similarCounts(feelings, true))
    .executeTakeFirst();
  return asCounts(row);
}

/** A purchase that may be what a paused one became. */
export interface RecordedPurchase {
  id: number;
  date: string;
  amountCents: number;
  payee: string;
}

/** Expenses since `from` at payees of these names (compared without case), newest first. */
export async function purchasesAtPayees(db: Kysely<Database>, scope: BookScope, names: readonly string[], from: string): Promise<RecordedPurchase[]> {
  if (names.length === 0) return [];
  const rows = await spendingOf(db, scope, { from })
    .innerJoin('entities as e', 'e.id', 't.entity_id')
    .where('e.book_id', '=', scope.bookId)
    .where(sql`lower(e.name)`, 'in', [...new Set(names.map((name) => name.toLowerCase()))])
    .select(['t.id', 't.date', 't.amount_cents', 'e.name'])
    .orderBy('t.date', 'desc')
    .orderBy('t.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({ id: row.id, date: row.date, amountCents: Number(row.amount_cents), payee: row.name }));
}

/** An expense of the book the member may see (not a transfer leg, not another member's private account). */
export async function findExpense(db: Kysely<Database>, scope: BookScope, transactionId: number): Promise<{ id: number } | undefined> {
  return spendingOf(db, scope, { from: '0000-01-01' }).where('t.id', '=', transactionId).select('t.id').executeTakeFirst();
}

/** The member's feelings, by the latest, about the expenses of `ids` (whatever their date). */
export async function feltAmong(db: Kysely<Database>, feelings: Feelings, ids: readonly number[]): Promise<SimilarCounts> {
  if (ids.length === 0) return { felt: 0, regretted: 0, soured: 0 };
  const row = await spendingOf(db, feelings, { from: '0000-01-01' })
    .where('t.id', 'in', [...ids])
    .where(feelings.first, 'is not', null)
    .select(similarCounts(feelings, false))
    .executeTakeFirst();
  return asCounts(row);
}

/** The member's felt expenses of a range, by the latest feeling, leaving out those of `ids`. */
export async function feltExcept(db: Kysely<Database>, feelings: Feelings, range: { from: string; to: string }, ids: readonly number[]): Promise<SimilarCounts> {
  let query = spendingOf(db, feelings, range).where(feelings.first, 'is not', null);
  if (ids.length > 0) query = query.where('t.id', 'not in', [...ids]);
  return asCounts(await query.select(similarCounts(feelings, false)).executeTakeFirst());
}

/** Pauses whose cooling-off has ended and that nobody has been reminded of nor decided, oldest first. */
export function duePauses(db: Kysely<Database>, now: string, limit: number): Promise<PauseRow[]> {
  return db
    .selectFrom('pauses')
    .selectAll()
    .where('reminded_at', 'is', null)
    .where('remind_at', '<=', now)
    .where('decision', 'is', null)
    .orderBy('remind_at')
    .limit(limit)
    .execute();
}

/** Marks a pause reminded when it is still neither reminded nor decided; true for the one caller that did. */
export async function claimReminder(db: Kysely<Database>, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('pauses')
    .set({ reminded_at: now })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .where('decision', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
