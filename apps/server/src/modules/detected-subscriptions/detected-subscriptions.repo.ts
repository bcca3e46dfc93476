/** SQL of the subscriptions found in a book's expenses (issue 31; docs/DECISIONS.md #100). */
import type { Charge } from '@mindspend/domain';
import { type Kysely, sql } from 'kysely';
import type { BookScope } from '../../db/book-scope';
import type { SubscriptionChoiceRow, SubscriptionReviewRow } from '../../db/detected-subscription-schema';
import { ofMember } from '../../db/member-rows';
import type { Database } from '../../db/schema';
import { spendingOf } from '../../db/spending';

/**
 * A payee charged more often than this over the range is a shop, not a subscription: three plans
 * a month for three years and some. Leaving such payees out keeps the rows read small on a book
 * of hundreds of thousands of expenses.
 */
export const MAX_CHARGES_PER_PAYEE = 120;

/**
 * The book's payees charged at least three and at most MAX_CHARGES_PER_PAYEE times since `from`.
 * Each payee's charges are counted only up to one past the cap, through the payee-charges index
 * (migration 0044): a supermarket with thousands of rows costs a hundred and twenty index entries,
 * where one GROUP BY over every expense of three years took 220 ms on SQLite (DECISIONS.md #100).
 */
async function candidatePayees(db: Kysely<Database>, scope: BookScope, from: string): Promise<number[]> {
  const charges = spendingOf(db, scope, { from })
    .where('t.entity_id', '=', sql.ref<number>('e.id'))
    .select(sql<number>`1`.as('one'))
    .limit(MAX_CHARGES_PER_PAYEE + 1);
  const rows = await db
    .selectFrom('entities as e')
    .where('e.book_id', '=', scope.bookId)
    .select(['e.id', (eb) => eb.selectFrom(charges.as('c')).select(eb.fn.countAll<number>().as('n')).as('n')])
    .execute();
  return rows.flatMap((row) => {
    const n = Number(row.n ?? 0);
    return n >= 3 && n <= MAX_CHARGES_PER_PAYEE ? [row.id] : [];
  });
}

/** The book's expenses since `from` at the payees that may charge a subscription. */
export async function candidateCharges(db: Kysely<Database>, scope: BookScope, from: string): Promise<Charge[]> {
  const payees = await candidatePayees(db, scope, from);
  if (payees.length === 0) return [];
  const rows = await spendingOf(db, scope, { from })
    .innerJoin('entities as e', 'e.id', 't.entity_id')
    .where('t.entity_id', 'in', payees)
    .select(['t.id', 't.date', 't.amount_cents', 't.entity_id', 'e.name'])
    .execute();
  return rows.map((row) => ({ id: row.id, date: row.date, amountCents: Number(row.amount_cents), payeeId: row.entity_id ?? 0, payee: row.name }));
}

export function listChoices(db: Kysely<Database>, bookId: number): Promise<SubscriptionChoiceRow[]> {
  return db.selectFrom('subscription_choices').selectAll().where('book_id', '=', bookId).execute();
}

/** Sets the book's name and state of a series; what is left out keeps its value. */
export async function saveChoice(
  db: Kysely<Database>,
  bookId: number,
  seriesId: number,
  change: { name?: string | null | undefined; state?: string | undefined },
  now: string,
): Promise<void> {
  const set = { ...(change.name !== undefined && { name: change.name }), ...(change.state !== undefined && { state: change.state }), updated_at: now };
  await db
    .insertInto('subscription_choices')
    .values({ book_id: bookId, series_id: seriesId, name: change.name ?? null, state: change.state ?? 'detected', updated_at: now })
    .onConflict((conflict) => conflict.columns(['book_id', 'series_id']).doUpdateSet(set))
    .execute();
}

/** The member's answers in the book, newest first. */
export function memberReviews(db: Kysely<Database>, scope: Pick<BookScope, 'bookId' | 'userId'>): Promise<SubscriptionReviewRow[]> {
  return db
    .selectFrom('subscription_reviews')
    .selectAll()
    .where(ofMember(scope))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertReview(
  db: Kysely<Database>,
  values: { bookId: number; userId: number; seriesId: number; stillWorthIt: boolean; note: string | null; amountCents: number; createdAt: string },
): Promise<void> {
  await db
    .insertInto('subscription_reviews')
    .values({
      book_id: values.bookId,
      user_id: values.userId,
      series_id: values.seriesId,
      still_worth_it: values.stillWorthIt ? 1 : 0,
      note: values.note,
      amount_cents: values.amountCents,
      created_at: values.createdAt,
    })
    .execute();
}

/** Deletes a member's answers in a book they leave or are removed from. */
export async function forgetMemberReviews(db: Kysely<Database>, scope: Pick<BookScope, 'bookId' | 'userId'>): Promise<void> {
  await db.deleteFrom('subscription_reviews').where(ofMember(scope)).execute();
}
